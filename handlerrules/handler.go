package handlerrules

import (
	"go/ast"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/flow/summary"
	"github.com/mcplint-go/mcplint/handlerrules/toolfix"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

// handler bundles what every handler rule needs about one handler.
type handler struct {
	pass *rule.Pass
	defs *mcpdefs.Result
	*mcpmodel.Handler
	file *ast.File
	// rets are the handler's own return statements (not those of literals in it), in
	// source order.
	rets []*ast.ReturnStmt
	// sums are what the module's own functions return, so that a helper's result or error
	// is judged like the literal it builds.
	sums *summary.Result
	// flow answers path questions about the package's functions.
	flow *flow.Result
	// idiom is the package's own tool error constructors, which fixes write.
	idiom toolfix.Idiom
	// helper marks a function of the module whose error reaches a handler (reach.go): only
	// the errors it builds that leave it through its error result are judged; sinks are the
	// values it returns as that error, computed on first use.
	helper   bool
	sinks    []ssa.Value
	ownPaths []flow.Path
}

// body is what every handler rule needs about one handler besides the handler itself,
// computed once per package by the bodies analyzer instead of once per rule.
type body struct {
	file *ast.File
	rets []*ast.ReturnStmt
}

// bodies is the bodies analyzer's result: the package's handlers that have a body, outside
// tests, in recognition order.
type bodies struct {
	handlers []*mcpmodel.Handler
	of       map[*mcpmodel.Handler]*body
	sums     *summary.Result
	flow     *flow.Result
	// idiom is the package's own tool error constructors, for fixes (toolfix.FindIdiom).
	idiom toolfix.Idiom
}

// bodiesAnalyzer prepares the handlers of defs' result for the rules, with the summaries of
// the module's functions sums computes.
func bodiesAnalyzer(defs, sums *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "mcphandlerbodies",
		Doc:        "prepares the bodies of recognised MCP handlers for the handler rules",
		URL:        rule.DocsBase + "handlerrules.md",
		Requires:   []*analysis.Analyzer{defs, sums, mcpdefs.FlowEngine},
		ResultType: reflect.TypeFor[*bodies](),
		Run: func(pass *analysis.Pass) (any, error) {
			res := &bodies{of: map[*mcpmodel.Handler]*body{}, sums: pass.ResultOf[sums].(*summary.Result), flow: pass.ResultOf[mcpdefs.FlowEngine].(*flow.Result)}
			for _, h := range pass.ResultOf[defs].(*mcpdefs.Result).Handlers {
				if h.Body == nil {
					continue
				}
				// Handlers in tests are doubles (stubs that return zero values, fakes that
				// fail on purpose); a test that calls a real one shows what it does.
				if astutil.TestSupport(pass.Fset, pass.Files, h.Node.Pos()) {
					continue
				}
				res.handlers = append(res.handlers, h)
				b := &body{file: astutil.FileOf(pass.Files, h.Node.Pos())}
				b.rets = ownReturns(h.Body)
				res.of[h] = b
			}
			if len(res.handlers) > 0 {
				res.idiom = toolfix.FindIdiom(pass.Files, pass.TypesInfo, res.sums.IsErrorResult)
			}
			return res, nil
		},
	}
}

// handlers pairs the prepared handlers with the rule's pass.
func handlers(pass *rule.Pass, defs *mcpdefs.Result, prepared *bodies) []*handler {
	var out []*handler
	for _, h := range prepared.handlers {
		b := prepared.of[h]
		out = append(out, &handler{pass: pass, defs: defs, Handler: h, file: b.file, rets: b.rets, sums: prepared.sums, flow: prepared.flow, idiom: prepared.idiom})
	}
	return out
}

// visit walks the handler body in source order without entering nested function literals
// (those are other functions with their own returns), calling fn with each node.
func (h *handler) visit(fn func(n ast.Node)) {
	ast.Inspect(h.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || n == nil {
			return false
		}
		fn(n)
		return true
	})
}

// returns calls fn for each of the handler's own return statements that list every result.
func (h *handler) returns(fn func(ret *ast.ReturnStmt)) {
	n := h.Sig.Results().Len()
	for _, ret := range h.rets {
		if len(ret.Results) == n {
			fn(ret)
		}
	}
}

// ownReturns lists the return statements of a body, not those of function literals in it.
func ownReturns(body *ast.BlockStmt) []*ast.ReturnStmt {
	var rets []*ast.ReturnStmt
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			rets = append(rets, n)
		}
		return true
	})
	return rets
}

// paths calls fn for each path to each of the handler's own return statements (those that
// list every result, and bare returns of named results), as the flow engine sees them (none
// when the package has no SSA).
func (h *handler) paths(fn func(ret *ast.ReturnStmt, p *flow.Path)) {
	f := h.flow.Function(h.Node)
	if f == nil {
		return
	}
	n := h.Sig.Results().Len()
	paths := h.flow.Paths(f)
	if h.helper {
		paths = h.helperPaths()
	}
	for _, p := range paths {
		if ret := flow.ReturnStmt(h.Node, p.Return.Pos()); ret != nil && (len(ret.Results) == n || len(ret.Results) == 0) && len(p.Results) == n {
			fn(ret, &p)
		}
	}
}

// pathsAndForwards is paths with the returns that forward one call's results too
// (`return f(x)` where f has as many results as the handler).
func (h *handler) pathsAndForwards(fn func(ret *ast.ReturnStmt, p *flow.Path)) {
	f := h.flow.Function(h.Node)
	if f == nil {
		return
	}
	n := h.Sig.Results().Len()
	for _, p := range h.flow.Paths(f) {
		ret := flow.ReturnStmt(h.Node, p.Return.Pos())
		if ret == nil || len(p.Results) != n {
			continue
		}
		if len(ret.Results) == n || len(ret.Results) == 0 || (len(ret.Results) == 1 && n > 1) {
			fn(ret, &p)
		}
	}
}

// builtBy is the call expression that built result i on path, through variables and bare
// returns (`err := fmt.Errorf(...); return nil, err`), or nil when it is not a call of h.
func (h *handler) builtBy(path *flow.Path, i int) *ast.CallExpr {
	if i < 0 || i >= len(path.Results) {
		return nil
	}
	call := flow.CallOf(flow.Core(path.Results[i].Value))
	if call == nil {
		return nil
	}
	return flow.CallExprAt(h.Node, call.Pos())
}

// result returns the i-th result expression of ret, or nil when i < 0.
func result(ret *ast.ReturnStmt, i int) ast.Expr {
	if i < 0 || i >= len(ret.Results) {
		return nil
	}
	return ret.Results[i]
}

func (h *handler) obj(e ast.Expr) types.Object {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	if o := h.pass.TypesInfo.Uses[id]; o != nil {
		return o
	}
	return h.pass.TypesInfo.Defs[id]
}

// mentions reports whether e refers to any of objs.
func mentions(info *types.Info, e ast.Node, objs map[types.Object]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && objs[info.Uses[id]] {
			found = true
		}
		return !found
	})
	return found
}

// render prints a node as source text.
func render(pass *rule.Pass, n ast.Node) string { return astutil.Render(pass.Fset, n) }
