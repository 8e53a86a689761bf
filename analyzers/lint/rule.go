package lint

import (
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"honnef.co/go/tools/analysis/facts/generated"
)

// Check is what a rule family hands the registry: one check with the analyzers it needs.
// Most rules report a single ID; a check that naturally reports several (the server.json
// adapter) lists them all and names its analyzer.
type Check struct {
	// IDs are the catalog rule IDs this check reports. The first names the analyzer unless
	// Name is set.
	IDs []string
	// Name overrides the analyzer name (a Go identifier).
	Name string
	// Requires are the analyzers whose results Run reads (mcpdefs, facts, ...).
	Requires []*analysis.Analyzer
	// FactTypes are the facts the check exports, if any.
	FactTypes []analysis.Fact
	// Run is the check.
	Run func(*Pass) error
}

// Pass is the analysis.Pass of one rule, with reporting that knows the catalog, the
// configuration and the suppression comments.
type Pass struct {
	*analysis.Pass
	Config  *Config
	catalog *Catalog
	enabled map[string]bool
	dirs    *Directives
	gen     map[string]generated.Generator
	usage   *Usage
}

// Usage is a rule analyzer's result: which ignore directives it honoured. The ignore-unused
// check reads it.
type Usage struct {
	IDs  []string
	Used map[*Directive]bool
}

// Positioner is anything with a position: an ast.Node, a types.Object, a token.Pos wrapper.
type Positioner interface {
	Pos() token.Pos
}

// Span is a Positioner with an end, for reporting a range without an ast.Node.
type Span struct{ Start, Stop token.Pos }

func (s Span) Pos() token.Pos { return s.Start }
func (s Span) End() token.Pos { return s.Stop }

// Report reports a finding of the rule's only (first) ID.
func (p *Pass) Report(at Positioner, message string, fixes ...analysis.SuggestedFix) {
	p.ReportRule(p.usage.IDs[0], at, message, fixes...)
}

// Reportf is Report with formatting.
func (p *Pass) Reportf(at Positioner, format string, args ...any) {
	p.Report(at, fmt.Sprintf(format, args...))
}

// ReportRule reports a finding of rule id. It drops findings of disabled rules, findings in
// generated files and findings covered by an //mcplint:ignore directive, and stamps the rest
// with the rule ID (in the message, because golangci-lint and go vet print only the message),
// the category and the documentation URL.
func (p *Pass) ReportRule(id string, at Positioner, message string, fixes ...analysis.SuggestedFix) {
	if !p.enabled[id] {
		return
	}
	rule, ok := p.catalog.Lookup(id)
	if !ok {
		panic("lint: report of uncatalogued rule " + id)
	}
	pos := at.Pos()
	end := token.NoPos
	if e, ok := at.(interface{ End() token.Pos }); ok {
		end = e.End()
	}
	if !pos.IsValid() {
		return
	}
	position := p.Fset.PositionFor(pos, false)
	// Generated code is not the user's to fix, except what cgo generates: that is the user's
	// own file, translated.
	if g, gen := p.gen[position.Filename]; gen && g != generated.Cgo {
		return
	}
	for _, d := range p.dirs.List {
		if d.Covers(id, position) {
			p.usage.Used[d] = true
			return
		}
	}
	p.Pass.Report(analysis.Diagnostic{
		Pos:            pos,
		End:            end,
		Category:       id,
		Message:        fmt.Sprintf("%s (%s)", strings.TrimSpace(message), id),
		URL:            rule.URL(),
		SuggestedFixes: fixes,
	})
}

// AnalyzerName is the analyzer name for a rule ID: analyzer names must be Go identifiers.
func AnalyzerName(id string) string { return strings.ReplaceAll(id, "-", "_") }

// Build turns the families' checks into analyzers for this configuration: only enabled rules
// get an analyzer, and an extra analyzer reports ignore directives that are malformed or
// suppress nothing. The returned analyzers share no mutable state and can run under any
// go/analysis driver.
func Build(cat *Catalog, cfg *Config, checks []Check) ([]*analysis.Analyzer, error) {
	if err := cfg.Validate(cat); err != nil {
		return nil, err
	}
	var out []*analysis.Analyzer
	enabledAll := map[string]bool{}
	for _, r := range checks {
		enabled := map[string]bool{}
		var docs []string
		for _, id := range r.IDs {
			row, ok := cat.Lookup(id)
			if !ok {
				return nil, fmt.Errorf("rule %s is not in the catalog", id)
			}
			if row.Status != Implemented {
				return nil, fmt.Errorf("rule %s has code but the catalog marks it %s", id, row.Status)
			}
			if cfg.Enabled(row) {
				enabled[id] = true
				enabledAll[id] = true
			}
			docs = append(docs, fmt.Sprintf("%s: %s", id, row.Title))
		}
		if len(enabled) == 0 {
			continue
		}
		out = append(out, newAnalyzer(cat, cfg, r, enabled, docs))
	}
	if ig := ignoresAnalyzer(cat, cfg, out, enabledAll); ig != nil {
		out = append(out, ig)
	}
	return out, nil
}

func newAnalyzer(cat *Catalog, cfg *Config, r Check, enabled map[string]bool, docs []string) *analysis.Analyzer {
	name := r.Name
	if name == "" {
		name = AnalyzerName(r.IDs[0])
	}
	first, _ := cat.Lookup(r.IDs[0])
	url := first.URL()
	if len(r.IDs) > 1 {
		url = DocsBase + first.DocPath()[len("docs/"):]
	}
	a := &analysis.Analyzer{
		Name:       name,
		Doc:        strings.Join(docs, "\n"),
		URL:        url,
		Requires:   append([]*analysis.Analyzer{DirectivesAnalyzer, generated.Analyzer}, r.Requires...),
		FactTypes:  r.FactTypes,
		ResultType: reflect.TypeFor[*Usage](),
	}
	a.Run = func(pass *analysis.Pass) (any, error) {
		p := &Pass{
			Pass:    pass,
			Config:  cfg,
			catalog: cat,
			enabled: enabled,
			dirs:    pass.ResultOf[DirectivesAnalyzer].(*Directives),
			gen:     pass.ResultOf[generated.Analyzer].(map[string]generated.Generator),
			usage:   &Usage{IDs: r.IDs, Used: map[*Directive]bool{}},
		}
		if err := r.Run(p); err != nil {
			return nil, err
		}
		return p.usage, nil
	}
	return a
}

// ignoresAnalyzer reports directives without a reason and directives naming an enabled rule
// that suppressed nothing. Directives naming a rule that exists but is disabled stay quiet:
// they may be for another configuration.
func ignoresAnalyzer(cat *Catalog, cfg *Config, rules []*analysis.Analyzer, enabled map[string]bool) *analysis.Analyzer {
	reasonRule, _ := cat.Lookup("ignore-reason-required")
	unusedRule, _ := cat.Lookup("ignore-unused")
	reportReason, reportUnused := cfg.Enabled(reasonRule), cfg.Enabled(unusedRule)
	if !reportReason && !reportUnused {
		return nil
	}
	a := &analysis.Analyzer{
		Name:       "mcplint_ignore",
		Doc:        "reports //mcplint:ignore directives that have no reason or suppress nothing",
		URL:        DocsBase + "directives.md",
		Requires:   append([]*analysis.Analyzer{DirectivesAnalyzer}, rules...),
		ResultType: reflect.TypeFor[*Usage](),
	}
	a.Run = func(pass *analysis.Pass) (any, error) {
		dirs := pass.ResultOf[DirectivesAnalyzer].(*Directives)
		used := map[*Directive]bool{}
		for _, r := range rules {
			for d := range pass.ResultOf[r].(*Usage).Used {
				used[d] = true
			}
		}
		report := func(rule Rule, d *Directive, msg string) {
			pass.Report(analysis.Diagnostic{
				Pos: d.Pos, End: d.End, Category: rule.ID, URL: rule.URL(),
				Message: fmt.Sprintf("%s (%s)", msg, rule.ID),
			})
		}
		for _, d := range dirs.List {
			if reportReason && (len(d.Rules) == 0 || d.Reason == "") {
				report(reasonRule, d, "//mcplint:ignore needs a rule ID and a reason, as in `//mcplint:ignore result-and-error the client retries on -32603`; without a reason the next reader cannot tell whether the suppression still holds")
				continue
			}
			if !reportUnused || used[d] {
				continue
			}
			var unknown, idle []string
			for _, id := range d.Rules {
				if _, ok := cat.Lookup(id); !ok {
					unknown = append(unknown, id)
				} else if enabled[id] {
					idle = append(idle, id)
				}
			}
			sort.Strings(unknown)
			switch {
			case len(d.Rules) == 0:
				// Reached only with ignore-reason-required off; without this case the message
				// below would name no rule.
				report(unusedRule, d, "//mcplint:ignore names no rule, so it suppresses nothing; name the rule IDs it is meant for, or remove it")
			case len(unknown) > 0:
				report(unusedRule, d, fmt.Sprintf("//mcplint:ignore names %s, which is no mcplint rule%s; fix the ID or remove the directive", strings.Join(unknown, ", "), suggest(cat, unknown[0])))
			case len(idle) == len(d.Rules):
				report(unusedRule, d, fmt.Sprintf("//mcplint:ignore %s suppresses nothing on this line or the next; remove it so that it cannot hide a future finding", strings.Join(idle, ",")))
			}
		}
		return &Usage{Used: map[*Directive]bool{}}, nil
	}
	return a
}

// NodeSpan is the range of an ast.Node, as a Positioner with an end.
func NodeSpan(n ast.Node) Span { return Span{n.Pos(), n.End()} }
