package schemarules

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/internal/tokens"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/surface"
)

// Context budget: what the tool definitions cost on every request, counted the way mcplint
// surface counts them (docs/surface.md).

func (rules) DescriptionTokenBudget() rule.Entry[*kinds] {
	return rule.Declare(budgetCheck{
		ID: "description-token-budget", Severity: rule.Warning, SDKs: rule.AllSDKs,
		Title: "tool description longer than the token budget",
		Run:   descriptionTokenBudget,
	}, (*kinds).budget)
}

func (rules) SurfaceTokenBudget() rule.Entry[*kinds] {
	return rule.Declare(budgetCheck{
		ID: "surface-token-budget", Severity: rule.Warning, SDKs: rule.AllSDKs,
		Title: "tool definitions of a server cost more context than the budget",
		Run:   surfaceTokenBudget,
	}, (*kinds).budget)
}

// ToolTokensFact is the package fact of a package that defines tools: how many, and their
// estimated tokens, per kind of server that lists them, so that the package that builds a
// server can add up the list that server sends.
type ToolTokensFact struct {
	GoSDK, MarkLabs ServerCost
}

// ServerCost is what a set of tools costs on one kind of server.
type ServerCost struct {
	Tools, Tokens int
}

// AFact marks ToolTokensFact as an analysis fact.
func (*ToolTokensFact) AFact() {}

func (f *ToolTokensFact) String() string {
	return fmt.Sprintf("go-sdk %d tools, %d tokens; mark3labs %d tools, %d tokens", f.GoSDK.Tools, f.GoSDK.Tokens, f.MarkLabs.Tools, f.MarkLabs.Tokens)
}

// of is the cost for the servers of sdk; mcptool tools are listed by go-sdk servers.
func (f *ToolTokensFact) of(sdk sdkapi.SDK) *ServerCost {
	if sdk == sdkapi.MarkLabs {
		return &f.MarkLabs
	}
	return &f.GoSDK
}

// Budget is the token analyzer's result for a package.
type Budget struct {
	// Tools are the package's own tool definitions with their estimated tokens.
	Tools []ToolCost
	// All adds the tools of every package it imports (facts), per kind of server.
	All ToolTokensFact
}

// ToolCost is one tool's cost.
type ToolCost struct {
	Def *mcpmodel.Definition
	// Entry is the definition as the surface lists it.
	Entry *surface.Entry
	// Tokens is the whole definition as sent; Description its description alone (0 when it
	// is not static).
	Tokens, Description int
}

// newBudgetAnalyzer counts the package's tool definitions with c and adds the counts its
// imports exported.
func newBudgetAnalyzer(defs *analysis.Analyzer, c *tokens.Counter) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "schemarules_tokens",
		Doc:        "estimates the context cost of each package's tool definitions and exports it, for the token budget rules",
		URL:        rule.DocsBase + "schemarules.md#surface-token-budget",
		Requires:   []*analysis.Analyzer{defs},
		FactTypes:  []analysis.Fact{(*ToolTokensFact)(nil)},
		ResultType: reflect.TypeFor[*Budget](),
		Run: func(pass *analysis.Pass) (any, error) {
			return runBudget(pass, pass.ResultOf[defs].(*mcpdefs.Result), c), nil
		},
	}
}

func runBudget(pass *analysis.Pass, res *mcpdefs.Result, c *tokens.Counter) *Budget {
	b := &Budget{}
	var own ToolTokensFact
	for _, d := range res.Definitions {
		if d.Kind != mcpmodel.Tool || d.Converter || strings.HasSuffix(pass.Fset.PositionFor(d.Node.Pos(), false).Filename, "_test.go") {
			continue
		}
		e := surface.EntryOf(pass, res, d)
		tc := ToolCost{Def: d, Entry: e, Tokens: c.Count(string(surface.Wire(e)))}
		if d.Description.Static {
			tc.Description = c.Count(d.Description.Str)
		}
		b.Tools = append(b.Tools, tc)
		c := own.of(d.SDK)
		c.Tools++
		c.Tokens += tc.Tokens
	}
	if len(b.Tools) > 0 {
		pass.ExportPackageFact(&own)
	}
	b.All = own
	for _, f := range pass.AllPackageFacts() {
		if tf, ok := f.Fact.(*ToolTokensFact); ok && f.Package != pass.Pkg {
			for _, sdk := range []sdkapi.SDK{sdkapi.GoSDK, sdkapi.MarkLabs} {
				all, more := b.All.of(sdk), tf.of(sdk)
				all.Tools += more.Tools
				all.Tokens += more.Tokens
			}
		}
	}
	return b
}

func descriptionTokenBudget(p *rule.Pass, m *Model, b *Budget) {
	limit := p.Options.(Config).DescriptionTokenBudget
	if limit <= 0 {
		return
	}
	for _, tc := range b.Tools {
		if tc.Description > limit {
			p.Reportf(tc.Def.Description.Expr, "description uses about %d context tokens per request (budget %d); shorten it", tc.Description, limit)
		}
	}
}

// surfaceTokenBudget reports at each server construction outside tests when the tools of its
// kind (go-sdk with mcptool, or mark3labs) in its package and the packages it imports cost
// more than the budget.
func surfaceTokenBudget(p *rule.Pass, m *Model, b *Budget) {
	limit := p.Options.(Config).SurfaceTokenBudget
	if limit <= 0 {
		return
	}
	for _, s := range m.Result.Servers {
		c := b.All.of(s.SDK)
		if c.Tokens <= limit || m.InTest(s.Node.Pos()) {
			continue
		}
		p.Reportf(s.Node, "%d tools use about %d context tokens per request (budget %d); split into toolsets or trim descriptions", c.Tools, c.Tokens, limit)
	}
}

func (rules) ClientCompatibility() rule.Entry[*kinds] {
	return rule.Declare(budgetCheck{
		ID: "client-compatibility", Severity: rule.Warning, SDKs: rule.AllSDKs,
		Title: "tool definition breaks a restriction of a targeted client",
		Run:   clientCompatibility,
	}, (*kinds).budget)
}

// clientCompatibility reports, for the clients the configuration targets, each documented
// restriction a tool breaks; the whole-list restrictions (a tool count) at each server
// construction, as surface-token-budget does.
func clientCompatibility(p *rule.Pass, m *Model, b *Budget) {
	clients := p.Options.(Config).Clients
	if len(clients) == 0 {
		return
	}
	s := &surface.Surface{}
	for _, tc := range b.Tools {
		s.Tools = append(s.Tools, tc.Entry)
	}
	compat, err := surface.CheckClients(s, clients)
	if err != nil {
		return // the configuration was validated; nothing to check with an unknown client
	}
	for i, row := range compat.Tools {
		for _, client := range clients {
			for _, problem := range row.Problems[client] {
				p.Reportf(b.Tools[i].Def.Node, "%s rejects this tool: %s", client, problem)
			}
		}
	}
	// The one whole-list restriction, VS Code's tool count, is judged on the server's list:
	// the package's tools and those of the packages it imports.
	if slices.Contains(clients, "vscode") {
		for _, srv := range m.Result.Servers {
			if n := b.All.of(srv.SDK).Tools; n > surface.VSCodeMaxTools && !m.InTest(srv.Node.Pos()) {
				p.Reportf(srv.Node, "vscode sends at most %d tools in a request and this server has %d; split them into toolsets", surface.VSCodeMaxTools, n)
			}
		}
	}
}
