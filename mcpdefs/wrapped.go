package mcpdefs

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint/mcplint/internal/astutil"
)

// This file recognises adapters that convert: an SDK handler, written inside a function of
// this package, that calls a function value in the repository's own shape and turns what it
// returns into the SDK's results:
//
//	func MustTool[T, R any](s *mcp.Server, name string, fn func(context.Context, T) (R, error)) {
//		mcp.AddTool(s, &mcp.Tool{Name: name}, func(ctx context.Context, req *mcp.CallToolRequest, in T) (*mcp.CallToolResult, R, error) {
//			out, err := fn(ctx, in)
//			if err != nil {
//				return nil, out, err // the typed handler's error: a tool error
//			}
//			return nil, out, nil
//		})
//	}
//
// or, with the function held in a field of a struct the adapter is given (podman's
// api.ServerTool{Handler: ...}), tool.Handler(ctx, params). The branch on the wrapped
// function's error says what that error becomes on the wire: returned as the SDK handler's
// error (the SDK handler's own mapping), or turned into an IsError result (a tool error).
// Functions given for the parameter, or written for the field in composite literals of this
// package, are then checked as handlers with that mapping. Where the branch does not say,
// nothing is recognised and the adapter is listed in Result.Unmapped.

// Unmapped is an adapter whose wrapped functions are not checked, because its body does not
// show what their error becomes.
type Unmapped struct {
	// Adapter is the function the SDK handler is written in; Call is the call of the wrapped
	// function inside the SDK handler.
	Adapter *types.Func
	Call    *ast.CallExpr
	Reason  string
}

// wrappedTarget is where the functions an adapter wraps come from: a parameter of the
// adapter function, or a struct field.
type wrappedTarget struct {
	adapter *types.Func
	param   int
	field   *types.Var
}

type wrapping struct {
	template *Handler
	call     *ast.CallExpr
	errors   ErrorMode
	// same is true when the wrapped function's error is returned unchanged, so the wrapped
	// function has exactly the SDK handler's error semantics (its flavour).
	same bool
	// inputArg is the index of the wrapped call's argument that is the SDK handler's typed
	// input, or -1.
	inputArg int
}

// convertingAdapters finds converting adapters and recognises the functions they wrap.
func (r *recogniser) convertingAdapters() {
	found := map[wrappedTarget]wrapping{}
	conflict := map[wrappedTarget]bool{}
	var order []wrappedTarget
	for _, h := range append([]*Handler(nil), r.res.Handlers...) {
		if h.Kind != Tool || h.Body == nil {
			continue
		}
		fn := r.declaredIn(h)
		if fn == nil {
			continue
		}
		ast.Inspect(h.Body, func(n ast.Node) bool {
			if _, nested := n.(*ast.FuncLit); nested {
				return false
			}
			if ret, ok := n.(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
				// return h(...): a pass-through adapter (adapters.go), not a conversion.
				if _, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr); ok {
					return false
				}
			}
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			t, ok := r.wrappedCallee(fn, call)
			if !ok {
				return true
			}
			w, reason := r.mapping(h, call)
			if prev, seen := found[t]; seen && reason == "" && prev.errors != w.errors {
				// Two adapters of one field disagree: which one a function reaches is unknown.
				reason = "another adapter of the same field maps the error differently"
				conflict[t] = true
			}
			if reason != "" {
				r.res.Unmapped = append(r.res.Unmapped, Unmapped{Adapter: fn, Call: call, Reason: reason})
				return true
			}
			if _, seen := found[t]; !seen {
				found[t] = w
				order = append(order, t)
			}
			return true
		})
	}
	for t := range conflict {
		delete(found, t)
	}
	order = slices.DeleteFunc(order, func(t wrappedTarget) bool { return conflict[t] })
	if len(found) == 0 {
		return
	}
	for _, c := range r.containers {
		call, ok := c.(*ast.CallExpr)
		if !ok {
			continue
		}
		fn := r.callee(call)
		for _, t := range order {
			if t.field == nil && t.adapter == fn && t.param < len(call.Args) {
				r.wrapped(call.Args[t.param], found[t])
			}
		}
	}
	fields := map[*types.Var]wrapping{}
	for _, t := range order {
		if t.field != nil {
			fields[t.field] = found[t]
		}
	}
	if len(fields) == 0 {
		return
	}
	for _, f := range r.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			kv, ok := n.(*ast.KeyValueExpr)
			if !ok {
				return true
			}
			id, ok := kv.Key.(*ast.Ident)
			if !ok {
				return true
			}
			if v, ok := r.pass.TypesInfo.Uses[id].(*types.Var); ok && v.IsField() {
				if w, ok := fields[v.Origin()]; ok {
					r.wrapped(kv.Value, w)
				}
			}
			return true
		})
	}
}

// wrappedCallee reports whether call, inside an SDK handler written in fn, calls a function
// value fn was given: a parameter of fn, or a func-typed field reached from one.
func (r *recogniser) wrappedCallee(fn *types.Func, call *ast.CallExpr) (wrappedTarget, bool) {
	info := r.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; !ok || tv.IsType() {
		return wrappedTarget{}, false
	}
	sig, ok := info.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok || sig.Results().Len() == 0 || !isError(sig.Results().At(sig.Results().Len()-1).Type()) {
		return wrappedTarget{}, false
	}
	switch x := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		v, _ := info.Uses[x].(*types.Var)
		if i := indexOf(fn.Signature().Params(), v); i >= 0 {
			return wrappedTarget{adapter: fn, param: i}, true
		}
	case *ast.SelectorExpr:
		sel := info.Selections[x]
		if sel == nil || sel.Kind() != types.FieldVal {
			return wrappedTarget{}, false
		}
		field, _ := sel.Obj().(*types.Var)
		root := rootObj(info, x.X)
		v, _ := root.(*types.Var)
		if field == nil || v == nil {
			return wrappedTarget{}, false
		}
		// The struct comes from the adapter's caller: a parameter, or a variable ranging
		// over one.
		if indexOf(fn.Signature().Params(), v) >= 0 || r.rangesOverParam(fn, v) {
			return wrappedTarget{field: field.Origin()}, true
		}
	}
	return wrappedTarget{}, false
}

// rangesOverParam reports whether v is the value variable of a range over a parameter of fn.
func (r *recogniser) rangesOverParam(fn *types.Func, v *types.Var) bool {
	decl := r.decls[fn.Origin()]
	if decl == nil || decl.Body == nil {
		return false
	}
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		rs, ok := n.(*ast.RangeStmt)
		if !ok || rs.Value == nil {
			return !found
		}
		if id, ok := rs.Value.(*ast.Ident); ok && r.pass.TypesInfo.Defs[id] == v {
			if x, ok := r.pass.TypesInfo.Uses[astutil.NameIdent(rs.X)].(*types.Var); ok && indexOf(fn.Signature().Params(), x) >= 0 {
				found = true
			}
		}
		return !found
	})
	return found
}

// mapping reads, in SDK handler h, what the error of the wrapped call becomes: the branch
// `if err != nil { return ... }` after it. reason says why it cannot be told.
func (r *recogniser) mapping(h *Handler, call *ast.CallExpr) (wrapping, string) {
	info := r.pass.TypesInfo
	w := wrapping{template: h, call: call, inputArg: -1}
	decoded := r.decodedArguments(h)
	for i, a := range call.Args {
		if id, ok := ast.Unparen(a).(*ast.Ident); ok && (h.Input != nil && info.Uses[id] == h.Input || decoded[info.Uses[id]]) {
			w.inputArg = i
		}
	}
	// The statement that assigns the call's error.
	var errVar types.Object
	var assign ast.Stmt
	ast.Inspect(h.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
			return errVar == nil
		}
		if id, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident); ok && id.Name != "_" {
			if o := r.objectOf(id); o != nil && isError(o.Type()) {
				errVar, assign = o, as
			}
		}
		return false
	})
	if errVar == nil {
		return w, "the wrapped function's error is not assigned to a variable the adapter tests"
	}
	// The branch that tests it: `if err != nil` in the same block after the assignment, or
	// with the assignment as its init.
	var branch *ast.IfStmt
	ast.Inspect(h.Body, func(n ast.Node) bool {
		if branch != nil {
			return false
		}
		ifs, ok := n.(*ast.IfStmt)
		if !ok || ifs.Pos() < assign.Pos() {
			return true
		}
		if r.testsNonNil(ifs.Cond, errVar) {
			branch = ifs
			return false
		}
		return true
	})
	if branch == nil || len(branch.Body.List) == 0 {
		return w, "the adapter does not branch on the wrapped function's error"
	}
	ret, ok := branch.Body.List[len(branch.Body.List)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != h.Sig.Results().Len() {
		return w, "the adapter's error branch does not end in a return of every result"
	}
	errExpr := ret.Results[h.ErrorIndex]
	mentionsErr := mentionsObj(info, errExpr, errVar)
	switch {
	case mentionsErr:
		w.errors = h.Errors
		if id, ok := ast.Unparen(errExpr).(*ast.Ident); ok && info.Uses[id] == errVar {
			w.same = true
		}
		return w, ""
	case astutil.IsNil(r.pass.TypesInfo, errExpr) && h.ResultIndex >= 0:
		res := ret.Results[h.ResultIndex]
		if r.res.IsErrorResult(res) || r.errorResultCall(res) {
			w.errors = ToolError
			return w, ""
		}
	}
	return w, "the adapter's error branch returns neither the error nor an IsError result"
}

// decodedArguments lists the variables SDK handler h decodes the tool arguments into:
// json.Unmarshal(req.Params.Arguments, &v), req.BindArguments(&v). A wrapped function given
// one of them receives the tool's input.
func (r *recogniser) decodedArguments(h *Handler) map[types.Object]bool {
	out := map[types.Object]bool{}
	info := r.pass.TypesInfo
	ast.Inspect(h.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		var target ast.Expr
		fn, _ := typeutil.Callee(info, call).(*types.Func)
		switch {
		case APIOf(typeutil.Callee(info, call)) == APIArgBind && len(call.Args) == 1:
			target = call.Args[0]
		case fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "encoding/json" && fn.Name() == "Unmarshal" && len(call.Args) == 2 && r.res.IsArguments(call.Args[0], h):
			target = call.Args[1]
		}
		if u, ok := ast.Unparen(target).(*ast.UnaryExpr); ok && u.Op == token.AND {
			if id, ok := ast.Unparen(u.X).(*ast.Ident); ok && info.Uses[id] != nil {
				out[info.Uses[id]] = true
			}
		}
		return true
	})
	return out
}

// errorResultCall reports whether e is a call that builds an IsError result: an SDK error
// result constructor, or a call of this package's function whose every return is an IsError
// literal or constructor.
func (r *recogniser) errorResultCall(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	switch APIOf(typeutil.Callee(r.pass.TypesInfo, call)) {
	case APIToolResultError, APIToolResultErrorf, APIToolResultErrorFromErr:
		return true
	}
	fn := r.callee(call)
	if fn == nil || r.decls[fn] == nil || r.decls[fn].Body == nil {
		return false
	}
	rets := r.returns[r.decls[fn]]
	if len(rets) == 0 {
		return false
	}
	for _, ret := range rets {
		if len(ret.Results) == 0 {
			return false
		}
		x := ret.Results[0]
		if !r.res.IsErrorResult(x) {
			c, ok := ast.Unparen(x).(*ast.CallExpr)
			if !ok {
				return false
			}
			switch APIOf(typeutil.Callee(r.pass.TypesInfo, c)) {
			case APIToolResultError, APIToolResultErrorf, APIToolResultErrorFromErr:
			default:
				return false
			}
		}
	}
	return true
}

func (r *recogniser) testsNonNil(cond ast.Expr, obj types.Object) bool {
	cond = ast.Unparen(cond)
	be, ok := cond.(*ast.BinaryExpr)
	if !ok {
		return false
	}
	if be.Op == token.LAND || be.Op == token.LOR {
		return r.testsNonNil(be.X, obj) || r.testsNonNil(be.Y, obj)
	}
	if be.Op != token.NEQ {
		return false
	}
	x, y := be.X, be.Y
	if astutil.IsNil(r.pass.TypesInfo, x) {
		x, y = y, x
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	return ok && astutil.IsNil(r.pass.TypesInfo, y) && r.pass.TypesInfo.Uses[id] == obj
}

func mentionsObj(info *types.Info, e ast.Node, obj types.Object) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == obj {
			found = true
		}
		return !found
	})
	return found
}

// wrapped recognises the function e denotes (a literal or a function of this package) as a
// handler with the wrapping's error mapping.
func (r *recogniser) wrapped(e ast.Expr, w wrapping) {
	var node ast.Node
	var sig *types.Signature
	var body *ast.BlockStmt
	var ftype *ast.FuncType
	var name string
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		node, body, ftype = x, x.Body, x.Type
		sig, _ = r.pass.TypesInfo.TypeOf(x).(*types.Signature)
	case *ast.CallExpr:
		// A factory of this package: the closures it returns are what is wrapped.
		fn := r.callee(x)
		if fn == nil || r.decls[fn] == nil {
			return
		}
		for _, ret := range r.returns[r.decls[fn]] {
			if len(ret.Results) == 1 {
				if lit, ok := ast.Unparen(ret.Results[0]).(*ast.FuncLit); ok {
					r.wrapped(lit, w)
				}
			}
		}
		return
	case *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr, *ast.IndexListExpr:
		decl, _ := r.funcNode(x, 0).(*ast.FuncDecl)
		if decl == nil {
			return
		}
		fn, _ := r.pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if fn == nil {
			return
		}
		node, body, ftype, name, sig = decl, decl.Body, decl.Type, decl.Name.Name, fn.Signature()
	default:
		return
	}
	if sig == nil || body == nil || r.res.byNode[node] != nil {
		return
	}
	results := sig.Results()
	if results.Len() == 0 || !isError(results.At(results.Len()-1).Type()) {
		return
	}
	t := w.template
	h := &Handler{
		Kind: Tool, SDK: t.SDK, Flavour: AdaptedTool, Errors: w.errors,
		Node: node, Type: ftype, Body: body, Sig: sig, Name: name,
		ResultIndex: -1, OutIndex: -1, ErrorIndex: results.Len() - 1,
		Registered: true, Adapted: true,
	}
	if results.Len() > 1 && TypeAPI(results.At(0).Type()) == APIToolResultType {
		h.ResultIndex = 0
	}
	if w.same {
		// The error reaches the SDK unchanged: the SDK handler's own semantics.
		h.Flavour = t.Flavour
		if t.Flavour == GoSDKTypedTool {
			if results.Len() < 2 {
				h.Flavour = AdaptedTool
			} else {
				h.OutIndex = results.Len() - 2
				h.Out = results.At(h.OutIndex).Type()
			}
		}
	}
	if w.inputArg >= 0 && w.inputArg < sig.Params().Len() {
		v := sig.Params().At(w.inputArg)
		h.In = v.Type()
		if v.Name() != "" && v.Name() != "_" {
			h.Input = v
		}
	}
	r.res.Handlers = append(r.res.Handlers, h)
	r.res.byNode[node] = h
}
