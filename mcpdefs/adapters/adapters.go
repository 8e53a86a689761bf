package adapters

import (
	"go/ast"
	"go/types"

	"github.com/mcplint-go/mcplint/internal/astutil"
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

// delegate returns the function of this package that every return of h calls and passes
// through, or nil.
func (r *Finder) delegate(h *mcpmodel.Handler) ast.Expr {
	if h.Body == nil {
		return nil
	}
	var target *types.Func
	var fun ast.Expr
	bad := false
	ast.Inspect(h.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			var call *ast.CallExpr
			if len(n.Results) == 1 {
				call, _ = ast.Unparen(n.Results[0]).(*ast.CallExpr)
			}
			fn := (*types.Func)(nil)
			if call != nil {
				fn = r.Callee(call)
			}
			if fn == nil || r.Decls[fn] == nil || (target != nil && target != fn) {
				bad = true
				return false
			}
			target, fun = fn, call.Fun
		}
		return true
	})
	if bad || target == nil {
		return nil
	}
	return fun
}

// partialDelegates returns the functions of this package that some return of h calls and
// passes through whole.
func (r *Finder) partialDelegates(h *mcpmodel.Handler) []*ast.CallExpr {
	if h.Body == nil {
		return nil
	}
	var out []*ast.CallExpr
	seen := map[*types.Func]bool{}
	ast.Inspect(h.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != 1 || h.Sig.Results().Len() < 2 {
				return true
			}
			call, ok := ast.Unparen(n.Results[0]).(*ast.CallExpr)
			if !ok {
				return true
			}
			fn := r.Callee(call)
			if fn == nil || seen[fn] || r.Decls[fn] == nil || r.Decls[fn] == h.Node {
				return true
			}
			seen[fn] = true
			out = append(out, call)
		}
		return true
	})
	return out
}

// passThrough reports whether every return of h is `return p(...)` for one function
// parameter p of fn, and which parameter that is.
func (r *Finder) passThrough(h *mcpmodel.Handler, fn *types.Func) (int, bool) {
	params := fn.Signature().Params()
	idx := -1
	count := 0
	var bad bool
	ast.Inspect(h.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			count++
			if len(n.Results) != 1 {
				bad = true
				return false
			}
			call, ok := ast.Unparen(n.Results[0]).(*ast.CallExpr)
			if !ok {
				bad = true
				return false
			}
			id, ok := ast.Unparen(call.Fun).(*ast.Ident)
			if !ok {
				bad = true
				return false
			}
			v, _ := r.pass.TypesInfo.Uses[id].(*types.Var)
			i := indexOf(params, v)
			if i < 0 || (idx >= 0 && idx != i) {
				bad = true
				return false
			}
			idx = i
		}
		return true
	})
	return idx, !bad && count > 0 && idx >= 0
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
		Registered: true, Shape: m.Via,
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
		for _, call := range r.partialDelegates(h) {
			if fn := r.Callee(call); fn != nil && fn.Signature().Results().Len() == h.Sig.Results().Len() {
				r.addDelegate(h, call, h.ResultIndex, h.OutIndex, h.ErrorIndex)
			}
		}
		for _, s := range r.splitDelegates(h) {
			r.addDelegate(h, s.call, s.result, s.out, s.err)
		}
	}
}

// addDelegate recognises the function call calls as a handler with h's mapping and the given
// result positions. The parameter given h's input (github-mcp-server's
// `return uiGetLabels(ctx, deps, args, owner)`) is the delegate's input.
func (r *Finder) addDelegate(h *mcpmodel.Handler, call *ast.CallExpr, result, out, errIndex int) {
	fn := r.Callee(call)
	decl := r.Decls[fn]
	if decl == nil || decl.Body == nil {
		return
	}
	if old := r.HandlerOf(decl); old != nil {
		// Already a handler by its own signature: it still shares h's wire.
		if old != h && old.DelegateOf == nil {
			old.DelegateOf = h
		}
		return
	}
	d := *h
	d.Node, d.Type, d.Body, d.Sig, d.Name = decl, decl.Type, decl.Body, fn.Signature(), decl.Name.Name
	d.Shape, d.Request, d.Input, d.In, d.Out = mcpmodel.ShapeDelegate, nil, nil, nil, nil
	d.DelegateOf = h
	d.Registered = true // it reaches the SDK through h, however h is registered
	d.ResultIndex, d.OutIndex, d.ErrorIndex = result, out, errIndex
	if out >= 0 {
		d.Out = d.Sig.Results().At(out).Type()
	}
	d.Request = r.requestParam(d.Sig, Mapping{Kind: h.Kind, SDK: h.SDK})
	if h.Input != nil && !fn.Signature().Variadic() && len(call.Args) == d.Sig.Params().Len() {
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

// splitDelegate is a function whose results a handler returns on some path after assigning
// them: its result, output and error positions (-1 for an output the handler does not pass).
type splitDelegate struct {
	call             *ast.CallExpr
	result, out, err int
}

// splitDelegates finds, in h's body, `a, …, err := f(…)` of a function f of this package
// followed at once by a return that passes f's result (as is, or through a func(T) T) and f's
// error in h's result and error positions.
func (r *Finder) splitDelegates(h *mcpmodel.Handler) []splitDelegate {
	if h.Body == nil || h.ResultIndex < 0 || h.ErrorIndex < 0 {
		return nil
	}
	info := r.pass.TypesInfo
	var out []splitDelegate
	ast.Inspect(h.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		list := astutil.Statements(n)
		named := namedResults(h.Type)
		for i := 0; i+1 < len(list); i++ {
			as, ok := list[i].(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 {
				continue
			}
			results := returnedAfter(info, list[i+1:], named)
			if len(results) != h.Sig.Results().Len() {
				continue
			}
			call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			if !ok {
				continue
			}
			fn := r.Callee(call)
			if fn == nil || r.Decls[fn] == nil || r.Decls[fn] == h.Node || len(as.Lhs) != fn.Signature().Results().Len() {
				continue
			}
			// lhs is the position in f's results of the variable e names, or -1.
			lhs := func(e ast.Expr) int {
				id, ok := ast.Unparen(e).(*ast.Ident)
				if !ok || id.Name == "_" {
					return -1
				}
				obj := info.ObjectOf(id)
				for j, l := range as.Lhs {
					if lid, ok := l.(*ast.Ident); ok && obj != nil && info.ObjectOf(lid) == obj {
						return j
					}
				}
				return -1
			}
			res := fn.Signature().Results()
			s := splitDelegate{call: call, result: lhs(results[h.ResultIndex]), out: -1, err: lhs(results[h.ErrorIndex])}
			if s.result < 0 {
				s.result = r.decorated(results[h.ResultIndex], lhs)
			}
			if s.result < 0 || s.err < 0 ||
				!types.Identical(res.At(s.result).Type(), h.Sig.Results().At(h.ResultIndex).Type()) ||
				!types.Identical(res.At(s.err).Type(), h.Sig.Results().At(h.ErrorIndex).Type()) {
				continue
			}
			if h.OutIndex >= 0 {
				if j := lhs(results[h.OutIndex]); j >= 0 && types.Identical(res.At(j).Type(), h.Sig.Results().At(h.OutIndex).Type()) {
					s.out = j
				}
			}
			out = append(out, s)
		}
		return true
	})
	return out
}

// returnedAfter is what the statements list return first: the results of a return
// statement; with named results, what a bare return returns, or what an assignment of every
// named result just before a bare return assigns (`res, out, err = label(r), nil, err;
// return`). nil when list does not start that way.
func returnedAfter(info *types.Info, list []ast.Stmt, named []ast.Expr) []ast.Expr {
	if len(list) == 0 {
		return nil
	}
	switch st := list[0].(type) {
	case *ast.ReturnStmt:
		if len(st.Results) == 0 {
			return named
		}
		return st.Results
	case *ast.AssignStmt:
		if len(named) == 0 || len(list) < 2 || len(st.Lhs) != len(named) || len(st.Rhs) != len(named) {
			return nil
		}
		if ret, ok := list[1].(*ast.ReturnStmt); !ok || len(ret.Results) != 0 {
			return nil
		}
		for i, l := range st.Lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok || info.ObjectOf(id) != info.ObjectOf(named[i].(*ast.Ident)) {
				return nil
			}
		}
		return st.Rhs
	}
	return nil
}

// namedResults lists the names of a function type's results, or nil when they are unnamed.
func namedResults(ft *ast.FuncType) []ast.Expr {
	if ft == nil || ft.Results == nil {
		return nil
	}
	var out []ast.Expr
	for _, f := range ft.Results.List {
		if len(f.Names) == 0 {
			return nil
		}
		for _, n := range f.Names {
			out = append(out, n)
		}
	}
	return out
}

// decorated is lhs of x when e is g(x) for a function g of type func(T) T (github-mcp-server's
// attachIFC(result), which labels a result and returns it); -1 otherwise.
func (r *Finder) decorated(e ast.Expr, lhs func(ast.Expr) int) int {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return -1
	}
	sig, ok := r.pass.TypesInfo.TypeOf(call.Fun).(*types.Signature)
	if !ok || sig.Params().Len() != 1 || sig.Results().Len() != 1 || sig.Variadic() ||
		!types.Identical(sig.Params().At(0).Type(), sig.Results().At(0).Type()) {
		return -1
	}
	return lhs(call.Args[0])
}
