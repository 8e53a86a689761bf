package handlerrules

import (
	"go/ast"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/flow/summary"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Helpers whose error reaches a handler. Most lost causes and stringified bodies sit one
// step away from the handler: in a function of the module that returns (T, error), whose
// error the handler returns as its own or puts into a tool error's text. The rules that judge
// how an error is built (preserve-cause-on-rethrow, no-stringify-upstream-error) check those
// functions too, but only the errors they build that reach their own error result, and only
// when the engine shows the function's error flowing, call by call, into what a handler
// returns: a helper whose error is only logged, replaced by a fixed text or compared with
// errors.Is and dropped is not reached, nor one only main or a test calls.

// reachedHelpers lists the functions of the package, other than the handlers, whose error
// result reaches what one of hs returns: the handler's error on a path where it may be
// non-nil, or an argument of a tool-error result the handler builds; and, transitively, the
// functions whose error reaches a reached function's error. Each is described as a handler
// whose only result of interest is its error (ErrorIndex), in source order.
func reachedHelpers(pass *analysis.Pass, defs *mcpdefs.Result, sums *summary.Result, fl *flow.Result, hs []*mcpmodel.Handler) []*mcpmodel.Handler {
	if fl.Package() == nil {
		return nil
	}
	// Every handler, tests' included: a handler is checked as one, never as a helper.
	isHandler := map[*ssa.Function]bool{}
	for _, h := range defs.Handlers {
		if f := fl.Function(h.Node); f != nil {
			isHandler[f] = true
		}
	}
	type item struct {
		fn     *ssa.Function
		errIdx int
		// handler is set for the handlers the walk starts from: their tool-error results'
		// text reaches the model too.
		handler *mcpmodel.Handler
	}
	var queue []item
	for _, h := range hs {
		if f := fl.Function(h.Node); f != nil {
			queue = append(queue, item{fn: f, errIdx: h.ErrorIndex, handler: h})
		}
	}
	reached := map[*ssa.Function]int{}
	var order []*ssa.Function
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		sinks := errorSinks(fl, it.fn, it.errIdx, it.handler != nil)
		if it.handler != nil {
			sinks = append(sinks, toolErrorArgs(defs, sums, it.fn, it.handler.Node)...)
		}
		if len(sinks) == 0 {
			continue
		}
		for _, c := range calls(it.fn) {
			g := fl.Called(c)
			if g == nil || g.Pkg != fl.Package() || isHandler[g] || g.Syntax() == nil {
				continue
			}
			if _, seen := reached[g]; seen {
				continue
			}
			k := errorResultIndex(g.Signature)
			if k < 0 || strings.HasSuffix(pass.Fset.PositionFor(g.Pos(), false).Filename, "_test.go") {
				continue
			}
			errV := resultValue(c, k)
			if errV == nil || !anyDependsOn(sinks, errV) {
				continue
			}
			reached[g] = k
			order = append(order, g)
			queue = append(queue, item{fn: g, errIdx: k})
		}
	}
	sort.Slice(order, func(i, j int) bool { return order[i].Pos() < order[j].Pos() })
	var out []*mcpmodel.Handler
	for _, g := range order {
		out = append(out, helperAsHandler(g, reached[g]))
	}
	return out
}

// helperAsHandler describes a reached helper the way the rules read a handler: its syntax,
// signature and error result, and no tool result.
func helperAsHandler(g *ssa.Function, errIdx int) *mcpmodel.Handler {
	h := &mcpmodel.Handler{Node: g.Syntax(), Sig: g.Signature, ResultIndex: -1, OutIndex: -1, ErrorIndex: errIdx}
	switch n := g.Syntax().(type) {
	case *ast.FuncDecl:
		h.Type, h.Body, h.Name = n.Type, n.Body, n.Name.Name
	case *ast.FuncLit:
		h.Type, h.Body = n.Type, n.Body
	}
	return h
}

// errorSinks are the values fn hands out as its error on the paths where it may be non-nil.
// A handler's paths are the engine's cached ones; a helper's are computed once, here.
func errorSinks(fl *flow.Result, fn *ssa.Function, errIdx int, cached bool) []ssa.Value {
	if errIdx < 0 {
		return nil
	}
	var paths []flow.Path
	if cached {
		paths = fl.Paths(fn)
	} else {
		paths, _ = fl.ReturnPaths(fn)
	}
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	for _, p := range paths {
		if errIdx >= len(p.Results) || p.Results[errIdx].Nil == flow.Nil {
			continue
		}
		if v := p.Results[errIdx].Value; v != nil && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// toolErrorArgs are the arguments of the tool-error results handler fn builds (an SDK's
// error result constructor, or a module helper that returns an IsError result on every
// path): their text is what the model reads. A success result's text is not one.
func toolErrorArgs(defs *mcpdefs.Result, sums *summary.Result, fn *ssa.Function, node ast.Node) []ssa.Value {
	var out []ssa.Value
	for _, c := range calls(fn) {
		e := flow.CallExprAt(node, c.Pos())
		if e == nil {
			continue
		}
		switch defs.CallAPI(e) {
		case sdkapi.APIToolResultError, sdkapi.APIToolResultErrorf, sdkapi.APIToolResultErrorFromErr:
		default:
			if !sums.IsErrorResult(e) {
				continue
			}
		}
		out = append(out, flow.Arguments(c)...)
	}
	return out
}

// calls lists fn's calls in block order.
func calls(fn *ssa.Function) []*ssa.Call {
	var out []*ssa.Call
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				out = append(out, c)
			}
		}
	}
	return out
}

// errorResultIndex is the index of sig's last result when it is an error, or -1.
func errorResultIndex(sig *types.Signature) int {
	n := sig.Results().Len()
	if n == 0 || !isErrorType(sig.Results().At(n-1).Type()) {
		return -1
	}
	if _, ok := sig.Results().At(n - 1).Type().Underlying().(*types.Interface); !ok {
		return -1
	}
	return n - 1
}

// resultValue is the value of result k of call: the call itself for a single result, else
// the extraction of k (nil when the result is never used).
func resultValue(c *ssa.Call, k int) ssa.Value {
	if c.Call.Signature().Results().Len() == 1 {
		return c
	}
	for _, ref := range *c.Referrers() {
		if ex, ok := ref.(*ssa.Extract); ok && ex.Index == k {
			return ex
		}
	}
	return nil
}

func anyDependsOn(sinks []ssa.Value, target ssa.Value) bool {
	for _, s := range sinks {
		if flow.DependsOn(s, target) {
			return true
		}
	}
	return false
}

// buildsReturnedError reports whether the error call builds reaches what h returns as its
// error, on some path where that error may be non-nil. For a handler every error it builds
// is judged, as before; for a reached helper only those that leave it through its error.
func (h *handler) buildsReturnedError(call *ast.CallExpr) bool {
	if !h.helper {
		return true
	}
	fn := h.flow.Function(h.Node)
	c, _ := flow.CallIn(fn, call.Lparen)
	if c == nil {
		return false
	}
	if h.sinks == nil {
		h.sinks = errorSinks(h.flow, fn, h.ErrorIndex, false)
	}
	return anyDependsOn(h.sinks, c)
}
