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
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/oracle"
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
		Requires:   []*analysis.Analyzer{model, inspect.Analyzer, mcpdefs.FlowEngine},
		ResultType: reflect.TypeFor[*Parity](),
		Run: func(pass *analysis.Pass) (any, error) {
			m := pass.ResultOf[model].(*Model)
			out := &Parity{}
			fl, _ := pass.ResultOf[mcpdefs.FlowEngine].(*flow.Result)
			if m.Result.Empty() || fl.Package() == nil {
				// Without SSA (a package that does not type-check) nothing is checked.
				return out, nil
			}
			a := &parityAnalysis{pass: pass, m: m, out: out, fl: fl}
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
	fl   *flow.Result
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
		fn := a.fl.Function(a.m.Result.FuncNode(d.Format))
		if fn == nil || fn.Signature.Params().Len() != 1 {
			r.Unchecked = "a Format function defined outside this package"
			continue
		}
		e := parity.NewEngine(a.fl, d.Output.Walk)
		// A method's receiver comes first among its SSA parameters.
		e.Output(fn.Params[len(fn.Params)-1])
		e.Run(fn, returned(fn))
		r.Result = e.Result()
	}
}

// goSDK: a typed handler that sets Content on a successful result stops go-sdk from adding the
// JSON text, so that Content must show every leaf of Out. Each path that returns a nil error
// with a result made in the handler is a rendering: its Content against the output it returns.
func (a *parityAnalysis) goSDK() {
	for _, h := range a.m.Result.Handlers {
		if h.Flavour != mcpmodel.GoSDKTypedTool || h.Body == nil || h.Out == nil || isAny(h.Out) || astutil.HasTypeParam(h.Out) || a.m.InTest(h.Node.Pos()) {
			continue
		}
		fn := a.fl.Function(h.Node)
		if fn == nil {
			continue
		}
		label := "the typed handler " + h.Name
		for _, d := range a.m.Defs {
			if d.Handler == h {
				label = d.Label()
			}
		}
		var w *typewalk.Result
		type key struct {
			ret     *ssa.Return
			content ssa.Instruction
		}
		seen := map[key]bool{}
		for _, path := range a.fl.Paths(fn) {
			if len(path.Results) != 3 || path.Results[h.ErrorIndex].Nil != flow.Nil {
				continue
			}
			sinks, content, at := a.content(h.Node, path.Results[h.ResultIndex].Value)
			if at == nil || seen[key{path.Return, content}] {
				continue
			}
			seen[key{path.Return, content}] = true
			if w == nil {
				w = a.walk(h.Out)
				if w.Fatal() {
					break
				}
			}
			r := &Rendering{Kind: "Content", Label: label, At: rule.NodeSpan(at)}
			a.out.Renderings = append(a.out.Renderings, r)
			e := parity.NewEngine(a.fl, w)
			e.Output(path.Return.Results[h.OutIndex])
			e.Run(fn, sinks)
			r.Result = e.Result()
		}
	}
}

// content is the content of a successful result res returned by the handler node: the values
// stored into the Content of a result the handler makes, or the call of a helper of the
// package that makes a result with Content (its arguments are what the content is made of).
// content names the rendering (the first store, or the call) and at is where to report it;
// at is nil when res sets no content the handler shapes.
func (a *parityAnalysis) content(node ast.Node, res ssa.Value) (sinks []ssa.Value, content ssa.Instruction, at ast.Expr) {
	rv := oracle.ToolResultValue(res)
	if rv.Known {
		if rv.Nil || rv.IsError || len(rv.Content) == 0 {
			return nil, nil, nil
		}
		for _, st := range rv.Content {
			sinks = append(sinks, st.Val)
		}
		return sinks, rv.Content[0], storedExpr(node, rv.Content[0])
	}
	call := flow.CallOf(res)
	if call == nil || !a.helperSetsContent(call, res) {
		return nil, nil, nil
	}
	return []ssa.Value{call}, call, callExpr(node, call.Pos())
}

// helperSetsContent reports whether call is a call of a function of the package whose every
// non-nil result at res's index is a result it makes with Content and without IsError.
func (a *parityAnalysis) helperSetsContent(call *ssa.Call, res ssa.Value) bool {
	callee := a.fl.Called(call)
	if callee == nil || callee.Pkg != a.fl.Package() || len(callee.Blocks) == 0 {
		return false
	}
	index := 0
	if ex, ok := res.(*ssa.Extract); ok {
		index = ex.Index
	}
	sets := false
	for _, v := range returnedAt(callee, index) {
		rv := oracle.ToolResultValue(v)
		switch {
		case !rv.Known || rv.IsError:
			return false
		case len(rv.Content) > 0:
			sets = true
		}
	}
	return sets
}

// returnedAt lists the values fn returns at result index i.
func returnedAt(fn *ssa.Function, i int) []ssa.Value {
	var out []ssa.Value
	for ret := range flow.Returns(fn) {
		if i < len(ret.Results) {
			out = append(out, ret.Results[i])
		}
	}
	return out
}

// callExpr is the call of node whose parenthesis is at lparen.
func callExpr(node ast.Node, lparen token.Pos) ast.Expr {
	var found ast.Expr
	ast.Inspect(node, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && c.Lparen == lparen {
			found = c
		}
		return found == nil
	})
	return found
}

// storedExpr is the expression of node whose value store stores: a literal's field
// (Content: x, the store at its colon) or an assignment's right-hand side (res.Content = x, at
// the field's name).
func storedExpr(node ast.Node, store *ssa.Store) ast.Expr {
	pos := store.Pos()
	for n := range ast.Preorder(node) {
		switch x := n.(type) {
		case *ast.KeyValueExpr:
			if x.Colon == pos {
				return x.Value
			}
		case *ast.AssignStmt:
			if len(x.Lhs) != len(x.Rhs) {
				break
			}
			for i, l := range x.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && sel.Sel.Pos() == pos {
					return x.Rhs[i]
				}
			}
		}
	}
	return nil
}

// returned lists the values fn returns.
func returned(fn *ssa.Function) []ssa.Value {
	var out []ssa.Value
	for ret := range flow.Returns(fn) {
		out = append(out, ret.Results...)
	}
	return out
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
		for i := len(stack) - 1; i >= 0 && encl == nil; i-- {
			switch stack[i].(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				encl = stack[i]
			}
		}
		w := a.walk(t)
		if w.Fatal() || len(w.Leaves) == 0 {
			return true
		}
		fn := a.fl.Function(encl)
		c := callAt(fn, call.Lparen)
		if c == nil || len(c.Call.Args) != 2 {
			return true
		}
		r := &Rendering{Kind: "text", Label: "NewToolResultStructured", At: rule.NodeSpan(text)}
		for _, d := range a.m.Defs {
			if d.Handler != nil && d.Handler.Node == encl {
				r.Label = d.Label()
			}
		}
		a.out.Renderings = append(a.out.Renderings, r)
		e := parity.NewEngine(a.fl, w)
		e.Output(c.Call.Args[0])
		e.Run(fn, []ssa.Value{c.Call.Args[1]})
		r.Result = e.Result()
		return true
	})
}

// callAt is the call of fn whose parenthesis is at lparen.
func callAt(fn *ssa.Function, lparen token.Pos) *ssa.Call {
	if fn == nil {
		return nil
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && c.Pos() == lparen {
				return c
			}
		}
	}
	return nil
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
		ID: "format-parity", Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "output field the text rendering does not show",
		Run:   formatParity,
	}, (*kinds).parity)
}

func formatParity(p *rule.Pass, m *Model, par *Parity) {
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
}

func (rules) FormatParityUnchecked() rule.Entry[*kinds] {
	return rule.Declare(parityCheck{
		ID: "format-parity-unchecked", Severity: rule.Warning, SDKs: rule.AllSDKs,
		Title: "text rendering static analysis cannot follow",
		Run:   formatParityUnchecked,
	}, (*kinds).parity)
}

func formatParityUnchecked(p *rule.Pass, m *Model, par *Parity) {
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
}
