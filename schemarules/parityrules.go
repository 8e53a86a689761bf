package schemarules

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/mcplint-go/mcplint/flow/defuse"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/mcpdefs/typewalk"
	"github.com/mcplint-go/mcplint/schemarules/parity"
)

// Rendering is one place where a tool's output is turned into content, with what the parity
// engine found there.
type Rendering struct {
	// Kind is "Format" (mcptool), "Content" (a go-sdk typed handler that sets Content) or
	// "text" (mark3labs NewToolResultStructured).
	Kind  string
	Label string
	At    rule.Positioner
	parity.Result
}

// Parity is the shared result of the format parity analysis.
type Parity struct {
	Renderings []*Rendering
}

func newParityAnalyzer(model *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "schemarules_parity",
		Doc:        "finds where tool outputs are rendered to content and which output fields the rendering shows",
		URL:        rule.DocsBase + "schemarules.md#format-parity",
		Requires:   []*analysis.Analyzer{model, inspect.Analyzer, defuse.Analyzer},
		ResultType: reflect.TypeFor[*Parity](),
		Run: func(pass *analysis.Pass) (any, error) {
			m := pass.ResultOf[model].(*Model)
			out := &Parity{}
			if m.Result.Empty() {
				return out, nil
			}
			a := &parityAnalysis{pass: pass, m: m, out: out, flow: pass.ResultOf[defuse.Analyzer].(*defuse.Index)}
			a.mcptool()
			a.goSDK()
			a.markLabs(pass.ResultOf[inspect.Analyzer].(*inspector.Inspector))
			return out, nil
		},
	}
}

type parityAnalysis struct {
	pass *analysis.Pass
	m    *Model
	out  *Parity
	flow *defuse.Index
}

func (a *parityAnalysis) walk(t types.Type) *typewalk.Result {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	return typewalk.Walk(t, typewalk.GoSDK)
}

// mcptool: Format func(Out) []mcp.Content must show every leaf of Out.
func (a *parityAnalysis) mcptool() {
	for _, d := range a.m.Defs {
		if d.SDK != sdkapi.MCPTool || d.Format == nil || d.Output == nil || !d.Output.Inferred() || d.Output.Walk.Fatal() {
			continue
		}
		r := &Rendering{Kind: "Format", Label: d.Label(), At: rule.NodeSpan(d.Format)}
		a.out.Renderings = append(a.out.Renderings, r)
		e := parity.NewEngine(a.pass.TypesInfo, a.m.Result, a.flow, d.Output.Walk)
		node := a.m.Result.FuncNode(d.Format)
		f := e.FuncOf(node)
		if f == nil || f.Sig.Params().Len() != 1 {
			r.Unchecked = "a Format function defined outside this package"
			continue
		}
		roots := parity.Aliases{}
		roots.Add(f.Sig.Params().At(0), nil)
		e.Run(f, roots, returns(f.Returns))
		r.Result = e.Result()
	}
}

// goSDK: a typed handler that sets Content on a successful result stops go-sdk from adding the
// JSON text, so that Content must show every leaf of Out.
func (a *parityAnalysis) goSDK() {
	for _, h := range a.m.Result.Handlers {
		if h.Flavour != mcpmodel.GoSDKTypedTool || h.Body == nil || h.Out == nil || isAny(h.Out) || astutil.HasTypeParam(h.Out) || a.m.InTest(h.Node.Pos()) {
			continue
		}
		label := "the typed handler " + h.Name
		for _, d := range a.m.Defs {
			if d.Handler == h {
				label = d.Label()
			}
		}
		f := a.flow.Func(h.Node)
		if f == nil {
			continue
		}
		var w *typewalk.Result
		for _, ret := range f.Returns {
			if len(ret.Results) != 3 || !astutil.IsNil(a.pass.TypesInfo, ret.Results[h.ErrorIndex]) {
				continue
			}
			rc := a.m.Result.ToolResultContent(ret.Results[h.ResultIndex], h.Body)
			if !rc.Known || rc.Nil || rc.IsError || len(rc.Content) == 0 {
				continue
			}
			if w == nil {
				w = a.walk(h.Out)
				if w.Fatal() {
					break
				}
			}
			e := parity.NewEngine(a.pass.TypesInfo, a.m.Result, a.flow, w)
			r := &Rendering{Kind: "Content", Label: label, At: rule.NodeSpan(rc.Content[0])}
			a.out.Renderings = append(a.out.Renderings, r)
			e.Run(&parity.Func{Func: f}, e.SourceRoots(&parity.Func{Func: f}, ret.Results[h.OutIndex]), rc.Content)
			r.Result = e.Result()
		}
	}
}

// markLabs: NewToolResultStructured(v, text) must have a text that shows every leaf of v.
func (a *parityAnalysis) markLabs(ins *inspector.Inspector) {
	ins.WithStack([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		call := n.(*ast.CallExpr)
		v, text, ok := a.m.Result.StructuredResult(call)
		if !ok || a.m.InTest(call.Pos()) {
			return true
		}
		t := a.pass.TypesInfo.TypeOf(v)
		if t == nil || isAny(t) {
			return true
		}
		var encl ast.Node
		for i := len(stack) - 1; i >= 0; i-- {
			switch stack[i].(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				encl = stack[i]
			}
			if encl != nil {
				break
			}
		}
		w := a.walk(t)
		if w.Fatal() || len(w.Leaves) == 0 {
			return true
		}
		e := parity.NewEngine(a.pass.TypesInfo, a.m.Result, a.flow, w)
		f := e.FuncOf(encl)
		if f == nil {
			return true
		}
		r := &Rendering{Kind: "text", Label: "NewToolResultStructured", At: rule.NodeSpan(text)}
		for _, d := range a.m.Defs {
			if d.Handler != nil && d.Handler.Node == encl {
				r.Label = d.Label()
			}
		}
		a.out.Renderings = append(a.out.Renderings, r)
		e.Run(f, e.SourceRoots(f, v), []ast.Expr{text})
		r.Result = e.Result()
		return true
	})
}

// returns lists the returned expressions of return statements.
func returns(rets []*ast.ReturnStmt) []ast.Expr {
	var out []ast.Expr
	for _, r := range rets {
		out = append(out, r.Results...)
	}
	return out
}

func isAny(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	return ok && it.Empty()
}

func leafLabel(l *typewalk.Leaf) string {
	if l.Field != nil {
		return fmt.Sprintf("%s (field %s)", l.Path.Under("output"), l.Field.Name())
	}
	return l.Path.Under("output")
}

func (rules) FormatParity() rule.Entry[*kinds] {
	return rule.Declare(parityCheck{
		ID: "format-parity", Family: Family, Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "output field the text rendering does not show",
		Run:   formatParity,
	}, (*kinds).parity)
}

func formatParity(p *rule.Pass, m *Model, par *Parity) error {
	// One finding per rendering site, listing every field it leaves out.
	type site struct {
		r      *Rendering
		labels []string
	}
	var sites []*site
	byLine := map[token.Position]*site{}
	for _, r := range par.Renderings {
		if len(r.Missing) == 0 {
			continue
		}
		line := p.Fset.Position(r.At.Pos())
		line.Column, line.Offset = 0, 0
		st := byLine[line]
		if st == nil {
			st = &site{r: r}
			byLine[line] = st
			sites = append(sites, st)
		}
		for _, l := range r.Missing {
			if lbl := leafLabel(l); !slices.Contains(st.labels, lbl) {
				st.labels = append(st.labels, lbl)
			}
		}
	}
	for _, st := range sites {
		r, n := st.r, len(st.labels)
		fields := st.labels[0]
		if n > 1 {
			fields = strings.Join(st.labels[:n-1], ", ") + " and " + st.labels[n-1]
		}
		is, it := "is", "it"
		if n > 1 {
			is, it = "are", "them"
		}
		var msg string
		switch r.Kind {
		case "Format":
			msg = fmt.Sprintf("%s: %s %s not shown by Format; render %s", r.Label, fields, is, it)
		case "Content":
			msg = fmt.Sprintf("%s: %s %s not in the Content this result sets; render %s", r.Label, fields, is, it)
		default:
			msg = fmt.Sprintf("%s: %s %s not shown by the text passed to NewToolResultStructured; build the text from the value", r.Label, fields, is)
		}
		p.Report(r.At, msg)
	}
	return nil
}

func (rules) FormatParityUnchecked() rule.Entry[*kinds] {
	return rule.Declare(parityCheck{
		ID: "format-parity-unchecked", Family: Family, Severity: rule.Warning, SDKs: rule.AllSDKs,
		Title: "text rendering static analysis cannot follow",
		Run:   formatParityUnchecked,
	}, (*kinds).parity)
}

func formatParityUnchecked(p *rule.Pass, m *Model, par *Parity) error {
	seen := dedup{}
	for _, r := range par.Renderings {
		if r.Unchecked == "" {
			continue
		}
		what := map[string]string{"Format": "Format", "Content": "its Content", "text": "the text of NewToolResultStructured"}[r.Kind]
		msg := fmt.Sprintf("%s: %s %s, which mcplint cannot follow; test with mcptooltest.CheckFormatParity", r.Label, what, r.Unchecked)
		if r.Kind == "Format" && r.Unchecked == "a Format function defined outside this package" {
			msg = fmt.Sprintf("%s: Format is not a function literal or a function of this package; test with mcptooltest.CheckFormatParity", r.Label)
		}
		if seen.first(r.At, msg) {
			p.Report(r.At, msg)
		}
	}
	return nil
}
