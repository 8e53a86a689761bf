package adapters

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

// A pass-through adapter is a parameter of a function of this package that receives a
// handler in the repository's own shape and is called from an SDK handler that returns
// whatever it returns:
//
//	func NewTool[In, Out any](tool mcp.Tool, h func(ctx context.Context, deps Deps, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error)) ServerTool {
//		return wrap(tool, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
//			return h(ctx, depsFrom(ctx), req, in)
//		})
//	}
//
// The SDK handler passes the results through unchanged, so whatever is given for h has the
// SDK handler's error semantics, and its body is checked as a handler.

// passThroughAdapters finds pass-through adapters (recording them in r.paramWraps, from
// where applyWraps recognises the functions given to them), and handlers that delegate: a
// handler whose every return is `return f(...)` for one function f of this package (with
// more parameters, say a logger) makes f a handler too.
func (r *Finder) PassThroughAdapters() {
	for _, h := range append([]*mcpmodel.Handler(nil), r.Handlers()...) {
		if f := r.delegate(h); f != nil {
			r.give(f, mappingOf(h, mcpmodel.ShapeDelegate), 0)
			if fn := r.funcOf(f); fn != nil {
				if d := r.HandlerOf(r.Decls[fn.Origin()]); d != nil && d != h && d.DelegateOf == nil {
					d.DelegateOf = h
				}
			}
		}
		// Functions whose results the handler returns on some paths only are recognised
		// with the adapted handlers' (adaptedDelegates).
	}
	for _, h := range r.Handlers() {
		fn := r.declaredIn(h)
		if fn == nil {
			continue
		}
		if i, ok := r.passThrough(h, fn); ok {
			r.addParamWrap(fn, Wrap{Param: i, Mapping: mappingOf(h, mcpmodel.ShapePassThrough)})
			for _, c := range r.wholeCalls(h) {
				r.follow(c.Pos())
			}
		} else if i, calls, ok := r.passThroughAfterChecks(h, fn); ok {
			r.addParamWrap(fn, Wrap{Param: i, Mapping: mappingOf(h, mcpmodel.ShapePassThrough)})
			for _, c := range calls {
				r.follow(c.Pos())
			}
		}
	}
}

// mappingOf is the mapping of a function whose results h returns unchanged.
func mappingOf(h *mcpmodel.Handler, via mcpmodel.Shape) Mapping {
	return Mapping{
		Via: via, Kind: h.Kind, SDK: h.SDK, Flavour: h.Flavour, Errors: h.Errors, Same: true, InputArg: -1,
		Results: h.Sig.Results().Len(), ResultIndex: h.ResultIndex, OutIndex: h.OutIndex, ErrorIndex: h.ErrorIndex,
		HasIn: h.In != nil,
	}
}

// delegate returns the function of this package that every path of h calls and passes
// through whole (`return f(…)`), as h's call writes it, or nil.
func (r *Finder) delegate(h *mcpmodel.Handler) ast.Expr {
	calls := r.wholeCalls(h)
	var target *types.Func
	var fun ast.Expr
	for _, call := range calls {
		callee := r.flow.Called(call)
		if callee == nil {
			return nil
		}
		fn, _ := callee.Object().(*types.Func)
		syn := flow.CallExprAt(h.Node, call.Pos())
		if fn == nil || r.Decls[fn.Origin()] == nil || syn == nil || (target != nil && target != fn) {
			return nil
		}
		target, fun = fn, syn.Fun
	}
	return fun
}

// wholeCalls returns, for each path of h, the one call whose results the path returns
// unchanged and in order (`return f(…)`, also through variables and a bare return); nil
// when some path returns anything else, or h has no SSA.
func (r *Finder) wholeCalls(h *mcpmodel.Handler) []*ssa.Call {
	fn := r.flow.Function(h.Node)
	if fn == nil {
		return nil
	}
	n := h.Sig.Results().Len()
	var out []*ssa.Call
	for _, p := range r.flow.Paths(fn) {
		if len(p.Results) != n || n == 0 {
			return nil
		}
		var call *ssa.Call
		call, _ = flow.Extracted(p.Results[0].Value)
		if call == nil || !flow.ReturnsWhole(p, call) {
			return nil
		}
		if call.Call.Signature().Results().Len() != n {
			return nil
		}
		out = append(out, call)
	}
	return out
}

// passThrough reports whether every path of h, a function literal declared in fn, returns
// the results of a call of one function parameter p of fn whole (`return p(…)`), and which
// parameter that is.
func (r *Finder) passThrough(h *mcpmodel.Handler, fn *types.Func) (int, bool) {
	lit := r.flow.Function(h.Node)
	calls := r.wholeCalls(h)
	if lit == nil || len(calls) == 0 {
		return -1, false
	}
	idx := -1
	for _, call := range calls {
		i := flow.BoundParam(lit, call.Call.Value)
		if i < 0 || (idx >= 0 && idx != i) {
			return -1, false
		}
		idx = i
	}
	return idx, idx < fn.Signature().Params().Len()
}

// passThroughAfterChecks is passThrough for an adapter that answers some calls itself before
// it calls the function it was given (giantswarm's withDynamicPrometheusClient returns an
// IsError result when it cannot make a client, then `return handler(ctx, req, client, sc)`):
// h calls one parameter of fn, and every return that runs after such a call returns its
// results whole; returns that run before none of them return values of their own.
func (r *Finder) passThroughAfterChecks(h *mcpmodel.Handler, fn *types.Func) (int, []*ssa.Call, bool) {
	lit := r.flow.Function(h.Node)
	if lit == nil {
		return -1, nil, false
	}
	n := h.Sig.Results().Len()
	idx := -1
	var calls []*ssa.Call
	var rets []*ssa.Return
	for _, b := range lit.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Call:
				i := flow.BoundParam(lit, x.Call.Value)
				if i < 0 {
					continue
				}
				if idx >= 0 && i != idx {
					return -1, nil, false
				}
				idx = i
				calls = append(calls, x)
			case *ssa.Return:
				rets = append(rets, x)
			}
		}
	}
	if idx < 0 || idx >= fn.Signature().Params().Len() || n == 0 {
		return -1, nil, false
	}
	returned := map[*ssa.Call]bool{}
	for _, ret := range rets {
		var after *ssa.Call
		for _, c := range calls {
			if c.Block().Dominates(ret.Block()) {
				after = c
			}
		}
		if after == nil {
			for _, v := range ret.Results {
				if c, _ := flow.Extracted(v); c != nil && slices.Contains(calls, c) {
					return -1, nil, false
				}
				if _, phi := flow.Core(v).(*ssa.Phi); phi {
					return -1, nil, false
				}
			}
			continue
		}
		if len(ret.Results) != n || after.Call.Signature().Results().Len() != n {
			return -1, nil, false
		}
		for i, v := range ret.Results {
			if c, j := flow.Extracted(v); c != after || j != i {
				return -1, nil, false
			}
		}
		returned[after] = true
	}
	if len(returned) != len(calls) {
		return -1, nil, false
	}
	return idx, calls, true
}

func indexOf(params *types.Tuple, v *types.Var) int {
	if v == nil {
		return -1
	}
	for i := 0; i < params.Len(); i++ {
		if params.At(i) == v || params.At(i).Origin() == v.Origin() {
			return i
		}
	}
	return -1
}

// adapted recognises a function in the repository's own shape whose results reach the SDK
// unchanged (a pass-through adapter's parameter, a delegate) as a handler with the SDK
// handler's semantics.
func (r *Finder) adapted(node ast.Node, ftype *ast.FuncType, body *ast.BlockStmt, sig *types.Signature, name string, m Mapping) {
	results := sig.Results()
	if results.Len() != m.Results {
		return
	}
	h := &mcpmodel.Handler{
		Kind: m.Kind, SDK: m.SDK, Flavour: m.Flavour, Errors: m.Errors,
		Node: node, Type: ftype, Body: body, Sig: sig, Name: name,
		ResultIndex: m.ResultIndex, OutIndex: m.OutIndex, ErrorIndex: m.ErrorIndex,
		Registered: true, Shape: m.Via, CallerJudges: m.CallerJudges, UpstreamParams: m.UpstreamArgs,
	}
	h.Request = r.requestParam(sig, m)
	if m.HasIn && sig.Params().Len() > 0 {
		h.In = sig.Params().At(sig.Params().Len() - 1).Type()
		if v := sig.Params().At(sig.Params().Len() - 1); v.Name() != "" && v.Name() != "_" {
			h.Input = v
		}
	}
	if m.OutIndex >= 0 && m.OutIndex < results.Len() {
		h.Out = results.At(m.OutIndex).Type()
	}
	r.AddHandler(h)
}

// requestParam is the last named parameter of sig of the request type of m's kind and SDK,
// or nil.
func (r *Finder) requestParam(sig *types.Signature, m Mapping) *types.Var {
	reqType := r.RequestType(m.SDK, m.Kind)
	var req *types.Var
	for i := 0; i < sig.Params().Len(); i++ {
		if p := sig.Params().At(i); identical(p.Type(), reqType) && p.Name() != "" && p.Name() != "_" {
			req = p
		}
	}
	return req
}

// declaredIn is the function a handler written as a function literal is declared in; nil for
// a handler that is not a literal inside a declared function.
func (r *Finder) declaredIn(h *mcpmodel.Handler) *types.Func {
	lit, ok := h.Node.(*ast.FuncLit)
	if !ok {
		return nil
	}
	decl := r.Enclosing[lit]
	if decl == nil {
		return nil
	}
	fn, _ := r.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	return fn
}

// adaptedDelegates recognises the functions whose results a recognised handler returns
// unchanged on some path, delegates of delegates included, with the handler's mapping:
// aks-mcp's ResourceHandlerFunc literal `return HandleResourceHealthQuery(ctx, params, cfg)`,
// a function given to a pass-through adapter that returns `addProjectItem(ctx, …)` in one case
// of a switch, and github-mcp-server's split form
//
//	result, err := SubmitPendingPullRequestReview(ctx, client, params)
//	return attachIFC(result), nil, err
//
// where the delegate has fewer results than the handler and its result may go through a
// func(T) T of the handler's own (a decorator) on the way.
func (r *Finder) AdaptedDelegates() {
	for i := 0; i < len(r.Handlers()); i++ {
		h := r.Handlers()[i]
		for _, d := range r.pathDelegates(h) {
			r.addDelegate(h, d)
		}
	}
}

// pathDelegate is a function whose results a handler returns on some path: the call, the
// function it runs (its declaration or literal, and a name for messages), and its result,
// output and error positions (-1 for an output the handler does not pass).
type pathDelegate struct {
	call             *ast.CallExpr
	node             ast.Node
	ftype            *ast.FuncType
	body             *ast.BlockStmt
	sig              *types.Signature
	name             string
	result, out, err int
}

// errorCall is a path on which a handler returns all its results, its error being a result
// of call (which one: result).
type errorCall struct {
	path   flow.Path
	call   *ssa.Call
	result int
}

// errorCalls are the paths of fn, h's function, on which h returns all its results with an
// error that a call returned.
func (r *Finder) errorCalls(h *mcpmodel.Handler, fn *ssa.Function) []errorCall {
	n := h.Sig.Results().Len()
	var out []errorCall
	for _, p := range r.flow.Paths(fn) {
		if len(p.Results) != n {
			continue
		}
		if call, i := flow.Extracted(p.Results[h.ErrorIndex].Value); call != nil {
			out = append(out, errorCall{path: p, call: call, result: i})
		}
	}
	return out
}

// pathDelegates asks the flow engine, path by path, which call of a function of this package
// gives h the result and the error it returns: `return f(…)`, `res, err := f(…); return
// res, nil, err`, the result through a func(T) T on the way, a bare return of named results
// assigned from f, and f called through a package variable that holds one function (a
// method value, a factory's closure).
func (r *Finder) pathDelegates(h *mcpmodel.Handler) []pathDelegate {
	fn := r.flow.Function(h.Node)
	n := h.Sig.Results().Len()
	if fn == nil || h.ErrorIndex < 0 || n < 2 {
		return nil
	}
	var out []pathDelegate
	seen := map[ast.Node]bool{}
	for _, ec := range r.errorCalls(h, fn) {
		p, call, errAt := ec.path, ec.call, ec.result
		d, ok := r.delegateCalled(h, call)
		if !ok || seen[d.node] || flow.Guarded(p, call) {
			continue
		}
		if flow.ReturnsWhole(p, call) && d.sig.Results().Len() == n {
			// `return f(…)`: f's results are h's, position by position.
			d.result, d.out, d.err = h.ResultIndex, h.OutIndex, h.ErrorIndex
			seen[d.node] = true
			out = append(out, d)
			continue
		}
		if h.ResultIndex < 0 {
			continue
		}
		d.err, d.out = errAt, -1
		d.result = flow.ResultOf(p.Results[h.ResultIndex].Value, call)
		res := d.sig.Results()
		if d.result < 0 || d.err >= res.Len() || !identical(res.At(d.result).Type(), h.Sig.Results().At(h.ResultIndex).Type()) ||
			!identical(res.At(d.err).Type(), h.Sig.Results().At(h.ErrorIndex).Type()) {
			continue
		}
		if h.OutIndex >= 0 {
			if c, j := flow.Extracted(p.Results[h.OutIndex].Value); c == call && identical(res.At(j).Type(), h.Sig.Results().At(h.OutIndex).Type()) {
				d.out = j
			}
		}
		seen[d.node] = true
		out = append(out, d)
	}
	return out
}

// delegateCalled is the function of this package call runs (through a package variable
// that holds one, too), other than h itself, with its syntax.
func (r *Finder) delegateCalled(h *mcpmodel.Handler, call *ssa.Call) (pathDelegate, bool) {
	callee := r.flow.Called(call)
	syn := flow.CallExprAt(h.Node, call.Pos())
	if callee == nil || syn == nil {
		return pathDelegate{}, false
	}
	d := pathDelegate{call: syn}
	if obj, ok := callee.Object().(*types.Func); ok {
		// A declared function, or a method reached through its method value.
		decl := r.Decls[obj.Origin()]
		if decl == nil || decl.Body == nil {
			return pathDelegate{}, false
		}
		d.node, d.ftype, d.body, d.name, d.sig = decl, decl.Type, decl.Body, decl.Name.Name, obj.Signature()
	} else if lit, ok := callee.Syntax().(*ast.FuncLit); ok && callee.Pkg != nil && callee.Pkg.Pkg == r.pass.Pkg {
		d.node, d.ftype, d.body, d.sig = lit, lit.Type, lit.Body, callee.Signature
		if id, ok := ast.Unparen(syn.Fun).(*ast.Ident); ok {
			d.name = id.Name // the variable that holds the closure
		}
	} else {
		return pathDelegate{}, false
	}
	return d, d.node != h.Node
}

// addDelegate recognises the function dl runs as a handler with h's mapping and dl's result
// positions. The parameter given h's input (github-mcp-server's
// `return uiGetLabels(ctx, deps, args, owner)`) is the delegate's input.
func (r *Finder) addDelegate(h *mcpmodel.Handler, dl pathDelegate) {
	if old := r.HandlerOf(dl.node); old != nil {
		// Already a handler by its own signature: it still shares h's wire.
		if old != h && old.DelegateOf == nil {
			old.DelegateOf = h
		}
		return
	}
	d := *h
	d.Node, d.Type, d.Body, d.Sig, d.Name = dl.node, dl.ftype, dl.body, dl.sig, dl.name
	d.Shape, d.Request, d.Input, d.In, d.Out = mcpmodel.ShapeDelegate, nil, nil, nil, nil
	d.DelegateOf = h
	d.Registered = true // it reaches the SDK through h, however h is registered
	d.ResultIndex, d.OutIndex, d.ErrorIndex = dl.result, dl.out, dl.err
	if dl.out >= 0 {
		d.Out = d.Sig.Results().At(dl.out).Type()
	}
	d.Request = r.requestParam(d.Sig, Mapping{Kind: h.Kind, SDK: h.SDK})
	call := dl.call
	if h.Input != nil && !d.Sig.Variadic() && len(call.Args) == d.Sig.Params().Len() {
		for i, a := range call.Args {
			if id, ok := ast.Unparen(a).(*ast.Ident); ok && r.pass.TypesInfo.Uses[id] == h.Input {
				if p := d.Sig.Params().At(i); p.Name() != "" && p.Name() != "_" && identical(p.Type(), h.Input.Type()) {
					d.Input, d.In = p, p.Type()
				}
			}
		}
	}
	r.AddHandler(&d)
}
