package driver

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"io"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/driver/output"
	"github.com/mcplint-go/mcplint/internal/driver/result"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

// coverage gathers, from recognition's result in every package, which tools the run found and
// whether the rules checked each one's handler. A handler declared in another package than its
// registration is checked when that package recognised it; the run settles that once every
// package has been seen.
type coverage struct {
	mu    sync.Mutex
	tools map[token.Position]*toolSeen
	// handlers are the declaration positions (the name) of the functions recognised as
	// handlers in any package, and the packages whose recognition ran.
	handlers map[token.Position]bool
	packages map[string]bool
}

type toolSeen struct {
	// name is the tool's name when constant, else the expression that computes it ("" when
	// none is written).
	name   string
	pos    token.Position
	cov    mcpdefs.Coverage
	decl   token.Position // of cov.Declared
	inPkg  string         // cov.Declared's package path
	hasKey bool           // the name is a constant
}

func newCoverage() *coverage {
	return &coverage{tools: map[token.Position]*toolSeen{}, handlers: map[token.Position]bool{}, packages: map[string]bool{}}
}

// observe is engine.Options.Observe.
func (c *coverage) observe(pass *analysis.Pass, res any) {
	r, ok := res.(*mcpdefs.Result)
	if !ok || r == nil {
		return
	}
	position := func(p token.Pos) token.Position { return pass.Fset.PositionFor(p, false) }
	c.mu.Lock()
	defer c.mu.Unlock()
	c.packages[pass.Pkg.Path()] = true
	for _, h := range r.Handlers {
		if fd, ok := h.Node.(*ast.FuncDecl); ok {
			c.handlers[position(fd.Name.Pos())] = true
		}
	}
	for _, d := range r.Definitions {
		pos := position(d.Node.Pos())
		if d.Kind != mcpmodel.Tool || d.Converter || d.Template || strings.HasSuffix(pos.Filename, "_test.go") {
			continue
		}
		t := &toolSeen{pos: pos, cov: r.CoverageOf(d), name: d.Name.Str, hasKey: d.Name.Static}
		if !d.Name.Static {
			t.name = ""
			if d.Name.Expr != nil {
				t.name = types.ExprString(d.Name.Expr)
			}
		}
		if fn := t.cov.Declared; fn != nil {
			t.decl = position(fn.Pos())
			t.inPkg = fn.Pkg().Path()
		}
		c.tools[pos] = t
	}
}

// summary settles the handlers declared elsewhere and returns the run's coverage as JSON.
func (c *coverage) summary() json.RawMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	cov := &result.Coverage{}
	registered := map[string]bool{}
	for _, t := range c.tools {
		if t.hasKey && (t.cov.Checked || t.cov.Declared != nil || t.cov.Reason != mcpdefs.NoRegistration) {
			registered[t.name] = true
		}
	}
	for _, t := range c.tools {
		if t.hasKey && t.cov.Reason == mcpdefs.NoRegistration && registered[t.name] {
			continue // a built copy of a registered tool (see surface.dropUnregisteredCopies)
		}
		cov.Tools++
		reason := t.cov.Reason
		switch {
		case t.cov.Checked:
		case t.cov.Declared != nil && c.handlers[t.decl]:
			reason = ""
		case t.cov.Declared != nil && !c.packages[t.inPkg]:
			reason = fmt.Sprintf("its handler %s is declared in %s, which was not analysed (outside the patterns or the module)", t.cov.Declared.Name(), t.inPkg)
		case t.cov.Declared != nil:
			reason = fmt.Sprintf("its handler %s (%s) is not recognised as a handler", t.cov.Declared.Name(), t.decl)
		}
		if reason == "" {
			cov.Checked++
			continue
		}
		cov.Unseen = append(cov.Unseen, result.UnseenTool{Name: t.name, Static: t.hasKey, Pos: result.Position{File: t.pos.Filename, Line: t.pos.Line, Column: t.pos.Column, Offset: t.pos.Offset}, Reason: reason})
	}
	slices.SortFunc(cov.Unseen, func(a, b result.UnseenTool) int {
		return cmp.Or(cmp.Compare(a.Pos.File, b.Pos.File), cmp.Compare(a.Pos.Offset, b.Pos.Offset))
	})
	data, _ := json.Marshal(cov)
	return data
}

// writeCoverage writes the coverage line, and under verbose each unseen tool with its reason.
// broken counts the packages with MCP code that did not compile: their tools are not counted.
func writeCoverage(w io.Writer, dir string, cov *result.Coverage, broken int, verbose bool) {
	if cov == nil || cov.Tools == 0 && broken == 0 {
		return
	}
	var line string
	switch unseen := len(cov.Unseen); {
	case cov.Tools == 0:
		line = "found no tool"
	case unseen == 0:
		line = "checked the handlers of all " + plural(cov.Tools, "tool")
	case verbose:
		line = fmt.Sprintf("checked the handlers of %d of %s; %d not seen", cov.Checked, plural(cov.Tools, "tool"), unseen)
	default:
		line = fmt.Sprintf("checked the handlers of %d of %s; %d not seen (-v lists them)", cov.Checked, plural(cov.Tools, "tool"), unseen)
	}
	if broken > 0 {
		line += fmt.Sprintf("; the tools of %s that did not compile are not counted", plural(broken, "package"))
	}
	fmt.Fprintf(w, "mcplint: %s\n", line)
	if verbose {
		for _, u := range cov.Unseen {
			fmt.Fprintf(w, "  %s:%d:%d: %s: %s\n", output.RelPath(dir, u.Pos.File), u.Pos.Line, u.Pos.Column, toolName(u), u.Reason)
		}
	}
}

// brokenMCP counts the packages with MCP code that could not be checked.
func brokenMCP(errs []result.PackageError) int {
	n := 0
	for _, pe := range errs {
		if !pe.NoMCP {
			n++
		}
	}
	return n
}

// coverageOf decodes a run's summary; nil when it has none (a cache entry of an older mcplint).
func coverageOf(summary json.RawMessage) *result.Coverage {
	if len(summary) == 0 {
		return nil
	}
	var cov result.Coverage
	if json.Unmarshal(summary, &cov) != nil {
		return nil
	}
	return &cov
}

// coverageShort says why cov falls short of min-coverage, or "".
func coverageShort(cov *result.Coverage, minimum int) string {
	switch {
	case minimum <= 0 || cov == nil:
		return ""
	case cov.Tools == 0:
		return fmt.Sprintf("found no tool, so no handler was checked (min-coverage %d%%)", minimum)
	case cov.Percent() < minimum:
		return fmt.Sprintf("checked the handlers of %d%% of the tools, below min-coverage %d%%", cov.Percent(), minimum)
	}
	return ""
}

// toolName names an unseen tool for -v: tool "get", or the tool named by t.Name().
func toolName(u result.UnseenTool) string {
	switch {
	case u.Static:
		return fmt.Sprintf("tool %q", u.Name)
	case u.Name != "":
		return "the tool named by " + u.Name
	}
	return "a tool with no name"
}
