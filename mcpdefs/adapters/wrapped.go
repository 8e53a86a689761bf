package adapters

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/layerkey"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
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
// The function value comes from the adapter's caller: a parameter called directly (fn), a
// func-typed field of a parameter or of a range over one (podman's tool.Handler(ctx, params)),
// a method of an interface-typed parameter (aks-mcp's executor.Execute(ctx, args, cfg)), or a
// parameter called through reflection (reflect.ValueOf(fn).Call(args)). The branch on the
// wrapped function's error says what that error becomes on the wire: returned as the SDK
// handler's error (the SDK handler's own mapping), or turned into an IsError result (a tool
// error), possibly with exceptions for error types the branch singles out with errors.As.
// Where the branch does not say, nothing is recognised and the adapter is listed in
// Result.Unmapped. The mapping is recorded per parameter, field, interface method or func
// type (facts.go), and crosses packages as a fact.

// wrappedTarget is where the functions an adapter wraps come from: a parameter of the
// adapter function (called directly, through an interface method, or through reflection),
// or a struct field.
type wrappedTarget struct {
	adapter *types.Func
	// holder is the package variable that holds the adapter when it is a closure (adapter
	// is then nil).
	holder *types.Var
	// returned: adapter is the function that returns the adapter closure, and param the
	// closure's parameter.
	returned bool
	param    int
	field    *types.Var
	// method is the interface method called on the parameter.
	method *types.Func
	via    mcpmodel.Shape
}

// convertingAdapters finds converting adapters and records their mappings (r.paramWraps,
// r.fieldWraps, r.ifaceWraps), from where applyWraps recognises the functions they wrap.
func (r *Finder) ConvertingAdapters() {
	found := map[wrappedTarget]Mapping{}
	conflict := map[wrappedTarget]bool{}
	var order []wrappedTarget
	for _, h := range append([]*mcpmodel.Handler(nil), r.Handlers()...) {
		if h.Kind != mcpmodel.Tool || h.Body == nil {
			continue
		}
		fn := r.declaredIn(h)
		outer := r.enclosingParams(h)
		if fn == nil && len(outer) == 0 {
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
			t, ok := r.wrappedCallee(fn, outer, h, call)
			if !ok {
				return true
			}
			m, reason := r.mapping(h, call, t.via)
			if reason != "" && !r.resultsReturned(h, call) {
				// A dependency the handler is built with (deps.hasAnyAPMTelemetry(ctx, ...)):
				// it fails without failing the tool, and nothing it returns is returned. The
				// handler adapts no function; it is the SDK's own.
				return true
			}
			if prev, seen := found[t]; seen && reason == "" && (prev.Errors != m.Errors || !slices.Equal(prev.Except, m.Except)) {
				// Two adapters of one field disagree: which one a function reaches is unknown.
				reason = "another adapter of the same field maps the error differently"
				conflict[t] = true
			}
			if reason != "" {
				r.AddUnmapped(mcpmodel.Unmapped{Adapter: fn, Call: call, Reason: reason, SDK: h.SDK})
				return true
			}
			r.follow(call.Lparen)
			r.ownResult(h, call, t.via)
			if key, ok := r.foreignFieldKey(t, call); ok {
				// The field's type is another package's: functions stored in it there (a
				// table of the server's own tools) are found by the module graph.
				r.sites = append(r.sites, LayerSite{Pos: call.Lparen, Key: key, Mapping: m})
			}
			if prev, seen := found[t]; !seen {
				found[t] = m
				order = append(order, t)
			} else {
				// Two adapters of one field that agree on the error: a result they treat
				// differently is judged by what both do.
				prev.DiscardsResult = prev.DiscardsResult && m.DiscardsResult
				prev.DerefsResult = prev.DerefsResult && m.DerefsResult
				found[t] = prev
			}
			return true
		})
	}
	for _, t := range order {
		if conflict[t] {
			continue
		}
		m := found[t]
		switch {
		case t.field != nil:
			r.fieldWraps[t.field] = m
		case t.method != nil:
			r.addParamWrap(t.adapter, Wrap{Param: t.param, Method: t.method.Name(), Mapping: m})
			if r.smallModuleInterface(t.method) {
				r.ifaceWraps[t.method] = m
			}
		case t.holder != nil:
			addWrap(r.heldWraps, t.holder, Wrap{Param: t.param, Mapping: m})
		case t.returned:
			addWrap(r.resultWraps, t.adapter, Wrap{Param: t.param, Mapping: m})
		default:
			r.addParamWrap(t.adapter, Wrap{Param: t.param, Mapping: m})
		}
	}
}

// enclosingParams are the parameters of the function literals SDK handler h is written in
// (an adapter that is itself a closure: `func newToSDK() func(ownTool) ToolHandler { return
// func(t ownTool) ToolHandler { return func(ctx, req) … } }`, or a literal held by a package
// variable), innermost first.
func (r *Finder) enclosingParams(h *mcpmodel.Handler) []*types.Var {
	fn := r.flow.Function(h.Node)
	if fn == nil {
		return nil
	}
	var out []*types.Var
	for p := fn.Parent(); p != nil; p = p.Parent() {
		for _, prm := range p.Params {
			if v, ok := prm.Object().(*types.Var); ok {
				out = append(out, v)
			}
		}
	}
	return out
}

// wrappedCallee reports whether call, inside SDK handler h written in fn (nil for a literal
// outside any declaration), calls a function value fn was given: a parameter of fn, a
// func-typed field reached from one or from a parameter of an enclosing literal (outer), a
// method of an interface-typed parameter, or a parameter called through reflect.Value.Call.
func (r *Finder) wrappedCallee(fn *types.Func, outer []*types.Var, h *mcpmodel.Handler, call *ast.CallExpr) (wrappedTarget, bool) {
	info := r.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; !ok || tv.IsType() {
		return wrappedTarget{}, false
	}
	if t, ok := r.heldCallee(h, call); ok {
		return t, true
	}
	if fn == nil {
		// Only a field is keyed by something other than the declared adapter.
		if field := r.callerField(nil, outer, call); field != nil {
			return wrappedTarget{field: field, via: mcpmodel.ShapeField}, true
		}
		return wrappedTarget{}, false
	}
	if i, ok := r.reflectCall(fn.Signature().Params(), call); ok {
		return wrappedTarget{adapter: fn.Origin(), param: i, via: mcpmodel.ShapeReflect}, true
	}
	if !callsErrorFunc(info, call) {
		return wrappedTarget{}, false
	}
	switch x := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		v, _ := info.Uses[x].(*types.Var)
		if i := indexOf(fn.Signature().Params(), v); i >= 0 {
			return wrappedTarget{adapter: fn.Origin(), param: i, via: mcpmodel.ShapeParam}, true
		}
	case *ast.SelectorExpr:
		sel := info.Selections[x]
		if sel == nil {
			return wrappedTarget{}, false
		}
		switch sel.Kind() {
		case types.FieldVal:
			if field := r.callerField(fn, outer, call); field != nil {
				return wrappedTarget{field: field, via: mcpmodel.ShapeField}, true
			}
		case types.MethodVal:
			// executor.Execute(ctx, args, cfg) on an interface-typed parameter that is handed
			// the tool's arguments: the interface's implementations are the handlers.
			m, _ := sel.Obj().(*types.Func)
			id, _ := ast.Unparen(x.X).(*ast.Ident)
			if m == nil || id == nil || !types.IsInterface(sel.Recv()) {
				return wrappedTarget{}, false
			}
			v, _ := info.Uses[id].(*types.Var)
			i := indexOf(fn.Signature().Params(), v)
			if i < 0 || !r.passesArguments(h, call) {
				return wrappedTarget{}, false
			}
			return wrappedTarget{adapter: fn.Origin(), param: i, method: m, via: mcpmodel.ShapeInterface}, true
		}
	}
	return wrappedTarget{}, false
}

// callsErrorFunc reports whether call calls a function whose last result is an error.
func callsErrorFunc(info *types.Info, call *ast.CallExpr) bool {
	sig, ok := info.TypeOf(call.Fun).Underlying().(*types.Signature)
	return ok && sig.Results().Len() > 0 && astutil.IsError(sig.Results().At(sig.Results().Len()-1).Type())
}

// heldCallee reports whether call, inside SDK handler h, calls a parameter of the function
// literal h is written in (directly or through reflection) when a package variable holds
// that literal: `var viaReflect = newViaReflect()` where newViaReflect returns
// `func(fn any) Handler { return func(ctx, req) { … reflect.ValueOf(fn).Call(…) … } }`.
func (r *Finder) heldCallee(h *mcpmodel.Handler, call *ast.CallExpr) (wrappedTarget, bool) {
	fn := r.flow.Function(h.Node)
	if fn == nil || fn.Parent() == nil || len(fn.Parent().Params) == 0 {
		return wrappedTarget{}, false
	}
	lit := fn.Parent()
	params := lit.Signature.Params()
	i, ok := r.reflectCall(params, call)
	via := mcpmodel.ShapeReflect
	if !ok {
		id, isIdent := ast.Unparen(call.Fun).(*ast.Ident)
		if !isIdent || !callsErrorFunc(r.pass.TypesInfo, call) {
			return wrappedTarget{}, false
		}
		v, _ := r.pass.TypesInfo.Uses[id].(*types.Var)
		if i = indexOf(params, v); i < 0 {
			return wrappedTarget{}, false
		}
		via = mcpmodel.ShapeParam
	}
	for _, m := range lit.Pkg.Members {
		if g, ok := m.(*ssa.Global); ok && r.flow.HeldBy(g) == lit {
			if v, ok := g.Object().(*types.Var); ok {
				return wrappedTarget{holder: v, param: i, via: via}, true
			}
		}
	}
	// A factory that returns the literal on every return: variables of other packages hold
	// its result (ReturnedAdapterFact).
	if lit.Parent() == nil {
		return wrappedTarget{}, false
	}
	if factory, ok := lit.Parent().Object().(*types.Func); ok && returnsOnly(lit.Parent(), lit) {
		return wrappedTarget{adapter: factory, returned: true, param: i, via: via}, true
	}
	return wrappedTarget{}, false
}

// returnsOnly reports whether every return of fn returns the function lit alone.
func returnsOnly(fn, lit *ssa.Function) bool {
	found := false
	for ret := range flow.Returns(fn) {
		if len(ret.Results) != 1 {
			return false
		}
		if mc, ok := ret.Results[0].(*ssa.MakeClosure); ret.Results[0] != lit && (!ok || mc.Fn != lit) {
			return false
		}
		found = true
	}
	return found
}

// callerField is the func-typed field call calls when the struct holding it comes from the
// adapter's caller: a parameter of fn (nil for none) or of a literal the handler is written
// in (outer), or a variable ranging over a parameter of fn; nil otherwise.
func (r *Finder) callerField(fn *types.Func, outer []*types.Var, call *ast.CallExpr) *types.Var {
	info := r.pass.TypesInfo
	x, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	sel := info.Selections[x]
	if sel == nil || sel.Kind() != types.FieldVal {
		return nil
	}
	field, _ := sel.Obj().(*types.Var)
	v, _ := astutil.SelectorRootObject(info, x.X).(*types.Var)
	if field == nil || v == nil {
		return nil
	}
	if slices.Contains(outer, v) || fn != nil && (indexOf(fn.Signature().Params(), v) >= 0 || r.rangesOverParam(fn, v)) {
		return field.Origin()
	}
	// route, ok := routes[name] with routes a parameter: an element of what the caller gave.
	if p := r.indexedParam(v); p != nil && (slices.Contains(outer, p) || fn != nil && indexOf(fn.Signature().Params(), p) >= 0) {
		return field.Origin()
	}
	return nil
}

// indexedParam is the variable v is assigned an element of (`v := m[k]`, `v, ok := m[k]`,
// `v := s[i]`), when that is its only assignment, or nil.
func (r *Finder) indexedParam(v *types.Var) *types.Var {
	as := r.Assigns[v]
	if len(as) != 1 {
		return nil
	}
	ix, ok := ast.Unparen(as[0]).(*ast.IndexExpr)
	if !ok {
		return nil
	}
	id, ok := ast.Unparen(ix.X).(*ast.Ident)
	if !ok {
		return nil
	}
	p, _ := r.pass.TypesInfo.Uses[id].(*types.Var)
	return p
}

// passesArguments reports whether call hands on the SDK handler's request, typed input or
// decoded tool arguments: what tells an adapter's call of its wrapped function from a
// handler's call of a service.
func (r *Finder) passesArguments(h *mcpmodel.Handler, call *ast.CallExpr) bool {
	return r.args().HandsOn(h, call, true)
}

// smallModuleInterface reports whether m is a method of a named interface declared in this
// package with few methods: a handler interface whose implementations can be followed, not
// a service client or a standard library interface.
func (r *Finder) smallModuleInterface(m *types.Func) bool {
	recv := m.Signature().Recv()
	if recv == nil || m.Pkg() != r.pass.Pkg {
		return false
	}
	named, ok := types.Unalias(recv.Type()).(*types.Named)
	if !ok {
		return false
	}
	iface, ok := named.Underlying().(*types.Interface)
	return ok && iface.NumMethods() <= 3 && named.TypeParams().Len() == 0
}

// reflectCall reports whether call is reflect.ValueOf(p).Call(args) (or CallSlice), directly
// or through a variable, for a parameter p of fn, and which parameter that is.
func (r *Finder) reflectCall(params *types.Tuple, call *ast.CallExpr) (int, bool) {
	info := r.pass.TypesInfo
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || (sel.Sel.Name != "Call" && sel.Sel.Name != "CallSlice") {
		return -1, false
	}
	m, _ := info.Uses[sel.Sel].(*types.Func)
	if m == nil || m.Pkg() == nil || m.Pkg().Path() != "reflect" {
		return -1, false
	}
	x := ast.Unparen(sel.X)
	for depth := 0; depth < 3; depth++ {
		if id, ok := x.(*ast.Ident); ok {
			if v := r.SingleAssignment(id); v != nil {
				x = ast.Unparen(v)
				continue
			}
			// The function parameter is in an outer scope of the SDK handler: a variable of
			// the adapter assigned once.
			if as := r.Assigns[info.Uses[id]]; len(as) == 1 {
				x = ast.Unparen(as[0])
				continue
			}
		}
		break
	}
	id, ok := ast.Unparen(astutil.ReflectValueOfArg(info, x)).(*ast.Ident)
	if !ok {
		return -1, false
	}
	v, _ := info.Uses[id].(*types.Var)
	i := indexOf(params, v)
	return i, i >= 0
}

// rangesOverParam reports whether v is the value variable of a range over a parameter of fn.
func (r *Finder) rangesOverParam(fn *types.Func, v *types.Var) bool {
	decl := r.Decls[fn.Origin()]
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
func (r *Finder) mapping(h *mcpmodel.Handler, call *ast.CallExpr, via mcpmodel.Shape) (Mapping, string) {
	m := Mapping{Via: via, Kind: h.Kind, SDK: h.SDK, Flavour: h.Flavour}
	args := call.Args
	if via == mcpmodel.ShapeReflect {
		args = astutil.ReflectCallArgs(r.pass.TypesInfo, call)
	}
	m.InputArg = r.args().InputArg(h, args)
	errVar, assign := r.wrappedError(h, call, via)
	if errVar == nil {
		return m, "the wrapped function's error is not assigned to a variable the adapter tests"
	}
	if pm, reason, ok := r.pathMapping(h, call, errVar, assign, via, m); ok {
		return pm, reason
	}
	// A package without SSA: the branch as written.
	// The branch that tests it: `if err != nil` in the same block after the assignment, or
	// with the assignment as its init.
	var branch *ast.IfStmt
	ast.Inspect(h.Body, func(n ast.Node) bool {
		if branch != nil {
			return false
		}
		ifs, ok := n.(*ast.IfStmt)
		if !ok || ifs.Pos() < assign.Pos() && ifs.Init != assign {
			return true
		}
		if r.testsNonNil(ifs.Cond, errVar) {
			branch = ifs
			return false
		}
		return true
	})
	if branch == nil && r.returnsWhole(h, assign, errVar) {
		// `resp, _, err := handler(ctx, req, in); return resp, err` (github-mcp-server's
		// NewServerToolWithContextHandler): the wrapped function's result and error are the
		// SDK handler's, whatever the wrapped function's own signature says.
		m.Errors, m.Same, m.Override = h.Errors, true, true
		return m, ""
	}
	if branch == nil || len(branch.Body.List) == 0 {
		return m, "the adapter does not branch on the wrapped function's error"
	}
	ret, ok := branch.Body.List[len(branch.Body.List)-1].(*ast.ReturnStmt)
	if !ok {
		return m, "the adapter's error branch does not end in a return of every result"
	}
	mode, same, ok := r.returnMode(h, ret, errVar)
	if !ok {
		return m, "the adapter's error branch returns neither the error nor an IsError result"
	}
	m.Errors, m.Same = mode, same
	if mode == mcpmodel.ProtocolError {
		m.Passes = ret.Pos()
	}
	// `if errors.As(err, &hard) { return nil, err }` before the final return: errors of that
	// type take the other way.
	for _, st := range branch.Body.List[:len(branch.Body.List)-1] {
		ifs, ok := st.(*ast.IfStmt)
		if !ok || ifs.Else != nil || len(ifs.Body.List) == 0 {
			continue
		}
		target := r.errorsAsTarget(ifs.Cond, errVar)
		inner, isRet := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt)
		if target == nil || !isRet {
			continue
		}
		innerMode, _, ok := r.returnMode(h, inner, errVar)
		if !ok {
			return m, "the adapter's errors.As branch returns neither the error nor an IsError result"
		}
		if innerMode != mode {
			m.Except = append(m.Except, types.TypeString(target, nil))
		}
	}
	if m.Same && len(m.Except) > 0 {
		m.Same = false
	}
	return m, ""
}

// pathMapping asks the flow engine what SDK handler h does with the error of the wrapped
// call, path by path: every path after the call returns the call's result and error
// unchanged (the wrapped function's results are h's), or the paths on which the error is
// non-nil agree on a mode, save those that first took `errors.As(err, &target)` (errors of
// that type take the other way). ok is false when h has no SSA.
func (r *Finder) pathMapping(h *mcpmodel.Handler, call *ast.CallExpr, errVar types.Object, assign ast.Stmt, via mcpmodel.Shape, m Mapping) (Mapping, string, bool) {
	fn := r.flow.Function(h.Node)
	c, _ := flow.CallIn(fn, call.Lparen)
	if c == nil {
		return m, "", false
	}
	resV, errV := flow.FirstAndLast(c)
	if via == mcpmodel.ShapeReflect {
		// The error is read out of the []reflect.Value the call returns, by the assertion
		// wrappedError found: `err, _ := out[1].Interface().(error)`.
		as, _ := assign.(*ast.AssignStmt)
		if as == nil || len(as.Rhs) != 1 {
			return m, "", false
		}
		ta, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr)
		if !ok {
			return m, "", false
		}
		if resV, errV = nil, flow.AssertedIn(fn, ta.Lparen); errV == nil {
			return m, "", false
		}
	}
	if errV == nil || !astutil.IsError(errV.Type()) {
		return m, "the wrapped function's error is not assigned to a variable the adapter tests", true
	}
	paths := r.flow.Paths(fn)
	if resV != nil && h.ResultIndex >= 0 && returnsCallWhole(paths, c, resV, errV, h) {
		// `resp, _, err := handler(ctx, req, in); return resp, err` (github-mcp-server's
		// NewServerToolWithContextHandler): the wrapped function's result and error are the
		// SDK handler's, whatever the wrapped function's own signature says.
		m.Errors, m.Same, m.Override = h.Errors, true, true
		return m, "", true
	}
	type excepted struct {
		target types.Type
		mode   mcpmodel.ErrorMode
	}
	var excepts []excepted
	found, same, mixed := false, true, false
	for _, p := range paths {
		if p.Known(errV) != flow.NonNil {
			continue
		}
		mode, s, ok := r.modeOn(h, &p, errVar, errV)
		target := flow.ErrorsAsTaken(p, errV)
		if !ok && target != nil {
			return m, "the adapter's errors.As branch returns neither the error nor an IsError result", true
		}
		if !ok {
			return m, "the adapter's error branch returns neither the error nor an IsError result", true
		}
		if target != nil {
			excepts = append(excepts, excepted{target, mode})
			continue
		}
		if found && mode != m.Errors {
			mixed = true
			continue
		}
		m.Errors, same, found = mode, same && s, true
		if mode == mcpmodel.ProtocolError && !m.Passes.IsValid() {
			m.Passes = p.Return.Pos()
		}
	}
	if mixed {
		// Each path keeps its own way: the error reaches the model as a tool error on
		// some, and is no protocol error on every path.
		m.Errors, m.Same, m.Mixed, m.Except = mcpmodel.ToolError, false, true, nil
		m.DiscardsResult, m.DerefsResult = r.resultUse(h, call)
		return m, "", true
	}
	if !found && flow.TestsNil(fn, errV) {
		return m, "the adapter's error branch does not end in a return of every result", true
	}
	if !found && r.passedByHelper(h, paths, errV) {
		// `return handleResult(out, err)`: a helper of the package returns the error it is
		// given (or a helper's that does): the SDK handler's own semantics.
		m.Errors, m.Same = h.Errors, false
		return m, "", true
	}
	if !found && r.convertedByHelper(h, paths, errV) {
		// `return NewTextResult(out, err), nil`: a helper of the module makes the result,
		// an IsError result whenever the error it is given is not nil.
		m.Errors, m.Same = mcpmodel.ToolError, false
		m.DiscardsResult, m.DerefsResult = r.resultUse(h, call)
		return m, "", true
	}
	if !found && returnsCallWhole(paths, c, nil, errV, h) {
		// `out, err := t.Handler(ctx, in); return nil, out, err`, or through reflection
		// `err, _ := out[1].Interface().(error); return res, err`: the wrapped function's
		// error is the SDK handler's.
		m.Errors, m.Same = h.Errors, true
		if via == mcpmodel.ShapeReflect {
			m.Override = true
		} else {
			m.DiscardsResult, m.DerefsResult = r.resultUse(h, call)
		}
		return m, "", true
	}
	if !found {
		return m, "the adapter does not branch on the wrapped function's error", true
	}
	for _, e := range excepts {
		if name := types.TypeString(e.target, nil); e.mode != m.Errors && !slices.Contains(m.Except, name) {
			m.Except = append(m.Except, name)
		}
	}
	m.Same = same && len(m.Except) == 0
	m.DiscardsResult, m.DerefsResult = r.resultUse(h, call)
	return m, "", true
}

// foreignFieldKey is the layer key ("field S.F") of the field t calls when S is declared in
// another package of the module than the adapter's.
func (r *Finder) foreignFieldKey(t wrappedTarget, call *ast.CallExpr) (string, bool) {
	if t.field == nil || t.field.Pkg() == nil || t.field.Pkg() == r.pass.Pkg || !r.ModulePackage(t.field.Pkg()) {
		return "", false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	s, ok := r.pass.TypesInfo.Selections[sel]
	if !ok || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
		return "", false
	}
	return layerkey.FieldKey(s.Recv(), s.Index()[0]), true
}

// convertedByHelper reports whether every path of h that returns something made of the
// wrapped call's error errV returns a nil error and, as the result, a call of a helper of the
// package that is handed errV and returns an IsError result on every path on which that
// parameter is not nil; and there is such a path.
func (r *Finder) convertedByHelper(h *mcpmodel.Handler, paths []flow.Path, errV ssa.Value) bool {
	if h.ResultIndex < 0 || h.ErrorIndex < 0 {
		return false
	}
	seen := false
	for _, p := range paths {
		if len(p.Results) != h.Sig.Results().Len() {
			return false
		}
		res, e := p.Results[h.ResultIndex], p.Results[h.ErrorIndex]
		c := flow.CallOf(flow.Core(res.Value))
		arg := -1
		if c != nil {
			for i, a := range c.Call.Args {
				if flow.Core(a) == errV {
					arg = i
				}
			}
		}
		if arg < 0 {
			if e.Nil != flow.Nil && flow.Core(e.Value) == errV {
				return false // the error itself is returned on this path
			}
			continue
		}
		if e.Nil != flow.Nil || !r.errorResultWhenGiven(c.Call.StaticCallee(), arg) {
			return false
		}
		seen = true
	}
	return seen
}

// passedByHelper reports whether the paths of h that return an error made by a call handed
// the wrapped call's error errV return it from a helper of the package that returns a given
// error as its own (errorWhenGiven), and at least one does.
func (r *Finder) passedByHelper(h *mcpmodel.Handler, paths []flow.Path, errV ssa.Value) bool {
	if h.ErrorIndex < 0 {
		return false
	}
	seen := false
	for _, p := range paths {
		if len(p.Results) != h.Sig.Results().Len() {
			return false
		}
		c := flow.CallOf(flow.Core(p.Results[h.ErrorIndex].Value))
		if c == nil {
			continue
		}
		for i, a := range c.Call.Args {
			if flow.Core(a) == errV {
				if !r.errorWhenGiven(c.Call.StaticCallee(), i, 0) {
					return false
				}
				seen = true
			}
		}
	}
	return seen
}

// errorWhenGiven reports whether fn, a function of the package, returns a non-nil error on
// every path on which its error parameter i may be non-nil, and on some returns that parameter
// itself (or the error of a call of such a function it is handed to).
func (r *Finder) errorWhenGiven(fn *ssa.Function, i, depth int) bool {
	if fn == nil || fn.Pkg != r.flow.Package() || depth > 2 || i >= len(fn.Params) || !astutil.IsError(fn.Params[i].Type()) {
		return false
	}
	param, passes := fn.Params[i], false
	for _, p := range r.flow.Paths(fn) {
		if p.Known(param) == flow.Nil {
			continue
		}
		if len(p.Results) == 0 {
			return false
		}
		if p.Results[len(p.Results)-1].Nil == flow.Nil {
			if r.nilByContract(fn, param, &p, depth) {
				continue // the parameter is nil on this path: a call given it failed not
			}
			return false
		}
		e := flow.Core(p.Results[len(p.Results)-1].Value)
		if e == param {
			passes = true
		} else if c := flow.CallOf(e); c != nil {
			for j, a := range c.Call.Args {
				if flow.Core(a) == param && r.errorWhenGiven(c.Call.StaticCallee(), j, depth+1) {
					passes = true
				}
			}
		}
	}
	return passes
}

// nilByContract reports whether path p of fn shows param nil: a call of fn hands it to a
// function that returns a non-nil error whenever given one (errorWhenGiven), and that call's
// error is nil on p.
func (r *Finder) nilByContract(fn *ssa.Function, param ssa.Value, p *flow.Path, depth int) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || c.Call.Signature().Results().Len() == 0 {
				continue
			}
			last := c.Call.Signature().Results().Len() - 1
			for j, a := range c.Call.Args {
				if flow.Core(a) != param || !r.errorWhenGiven(c.Call.StaticCallee(), j, depth+1) {
					continue
				}
				for _, ref := range *c.Referrers() {
					if ex, ok := ref.(*ssa.Extract); ok && ex.Index == last && p.Known(ex) == flow.Nil {
						return true
					}
				}
			}
		}
	}
	return false
}

// errorResultWhenGiven reports whether fn, a function of the package, returns an IsError
// result on every path on which its parameter i, an error, is not nil.
func (r *Finder) errorResultWhenGiven(fn *ssa.Function, i int) bool {
	if fn == nil || fn.Syntax() == nil || i >= len(fn.Params) || !astutil.IsError(fn.Params[i].Type()) {
		return false
	}
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	if !ok || r.flow.Function(decl) != fn {
		return false
	}
	seen := false
	for _, p := range r.flow.Paths(fn) {
		if p.Known(fn.Params[i]) != flow.NonNil {
			continue
		}
		if len(p.Results) == 0 {
			return false
		}
		if !r.errorResultValue(decl, flow.Core(p.Results[0].Value)) {
			return false
		}
		seen = true
	}
	return seen
}

// errorResultValue reports whether v, returned in the function declared by node, is an
// IsError result: a literal with IsError set, or a call of an SDK or module constructor of one.
func (r *Finder) errorResultValue(node ast.Node, v ssa.Value) bool {
	if c := flow.CallOf(v); c != nil {
		ce := flow.CallExprAt(node, c.Pos())
		return ce != nil && (r.IsErrorResult(ce) || r.errorResultCall(ce))
	}
	if a, isAlloc := v.(*ssa.Alloc); isAlloc {
		lit := flow.CompositeLitAt(node, a.Pos())
		return lit != nil && r.IsErrorResult(lit)
	}
	return false
}

// returnsCallWhole reports whether every path of h whose return the wrapped call c
// dominates returns c's result and error unchanged, and there is one; a nil resV asks of
// the error only (a reflective call's, read out of its results).
func returnsCallWhole(paths []flow.Path, c *ssa.Call, resV, errV ssa.Value, h *mcpmodel.Handler) bool {
	count := 0
	for _, p := range paths {
		if !c.Block().Dominates(p.Return.Block()) {
			continue
		}
		count++
		if len(p.Results) != h.Sig.Results().Len() || resV != nil && flow.Core(p.Results[h.ResultIndex].Value) != resV || flow.Core(p.Results[h.ErrorIndex].Value) != errV {
			return false
		}
	}
	return count > 0
}

// returnsWhole reports whether every return of SDK handler h after the wrapped call's
// assignment returns the call's first result and its error unchanged, and there is one.
func (r *Finder) returnsWhole(h *mcpmodel.Handler, assign ast.Stmt, errVar types.Object) bool {
	as, ok := assign.(*ast.AssignStmt)
	if !ok || len(as.Lhs) < 2 || h.ResultIndex < 0 {
		return false
	}
	id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident)
	if !ok || id.Name == "_" {
		return false
	}
	res := r.ObjectOf(id)
	info := r.pass.TypesInfo
	is := func(e ast.Expr, o types.Object) bool {
		x, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[x] == o
	}
	count, whole := 0, true
	ast.Inspect(h.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if n.Pos() < assign.End() {
				return true
			}
			count++
			if len(n.Results) != h.Sig.Results().Len() || !is(n.Results[h.ResultIndex], res) || !is(n.Results[h.ErrorIndex], errVar) {
				whole = false
			}
		}
		return true
	})
	return whole && count > 0
}

// resultsReturned reports whether the wrapped call's first result (of several) reaches
// what SDK handler h returns on some path, as an adapted function's does (`return nil, out,
// nil`, a result built from it). A call with an error only, or a handler without SSA, answers
// yes: nothing tells it from an adapted function.
func (r *Finder) resultsReturned(h *mcpmodel.Handler, call *ast.CallExpr) bool {
	fn := r.flow.Function(h.Node)
	c, _ := flow.CallIn(fn, call.Lparen)
	if c == nil {
		return true
	}
	res, errV := flow.FirstAndLast(c)
	if errV == c {
		return true // a single result
	}
	for _, p := range r.flow.Paths(fn) {
		for _, o := range p.Results {
			if res != nil && flow.DependsOn(o.Value, res) {
				return true
			}
		}
	}
	return false
}

// resultUse asks the engine what adapter h does with the first result of the wrapped call
// when that is a pointer to the server's own result type: whether no path on which the
// call's error is non-nil returns anything made of it (discards), and whether h reads a
// field through it without ever testing it for nil (derefs).
func (r *Finder) resultUse(h *mcpmodel.Handler, call *ast.CallExpr) (discards, derefs bool) {
	fn := r.flow.Function(h.Node)
	c, _ := flow.CallIn(fn, call.Lparen)
	if c == nil {
		return false, false
	}
	tuple, ok := c.Type().(*types.Tuple)
	if !ok || tuple.Len() < 2 {
		return false, false
	}
	if _, isPtr := tuple.At(0).Type().Underlying().(*types.Pointer); !isPtr || sdkapi.TypeAPI(tuple.At(0).Type()) == sdkapi.APIToolResultType {
		return false, false
	}
	var res, errV ssa.Value
	for _, ref := range *c.Referrers() {
		if ex, ok := ref.(*ssa.Extract); ok && ex.Index == 0 {
			res = ex
		} else if ok && ex.Index == tuple.Len()-1 {
			errV = ex
		}
	}
	if res == nil || errV == nil {
		return false, false
	}
	discards = true
	for _, p := range r.flow.Paths(fn) {
		if p.Known(errV) != flow.NonNil {
			continue
		}
		for _, o := range p.Results {
			if flow.DependsOn(o.Value, res) {
				discards = false
			}
		}
	}
	reads, tested := false, false
	for _, ref := range *res.Referrers() {
		switch x := ref.(type) {
		case *ssa.FieldAddr:
			reads = true
		case *ssa.BinOp:
			tested = tested || flow.NilTested(x) == res
		}
	}
	return discards, reads && !tested
}

// modeOn is what the error in hand becomes on path p of SSA handler h: returnMode of the
// return statement as written, else pathMode of the values the path returns.
func (r *Finder) modeOn(h *mcpmodel.Handler, p *flow.Path, errVar types.Object, errV ssa.Value) (mode mcpmodel.ErrorMode, same, ok bool) {
	if ret := flow.ReturnStmt(h.Node, p.Return.Pos()); ret != nil {
		if mode, same, ok = r.returnMode(h, ret, errVar); ok {
			return mode, same, ok
		}
	}
	return r.pathMode(h, p, errV)
}

// pathMode is returnMode asked of the values path p returns, however the return is written
// (a bare return of named results, values held in other variables): the handler's own
// mapping when the error returned is the wrapped call's error errV (same) or made of it, a
// tool error for an IsError result and a nil error.
func (r *Finder) pathMode(h *mcpmodel.Handler, p *flow.Path, errV ssa.Value) (mode mcpmodel.ErrorMode, same, ok bool) {
	if len(p.Results) != h.Sig.Results().Len() || h.ErrorIndex < 0 {
		return 0, false, false
	}
	e := p.Results[h.ErrorIndex]
	if e.Nil != flow.Nil {
		if flow.Core(e.Value) == errV {
			return h.Errors, true, true
		}
		if flow.DependsOn(e.Value, errV) {
			// Made of it: `e := fmt.Errorf("...: %w", err); return nil, e`.
			return h.Errors, false, true
		}
		return 0, false, false
	}
	if h.ResultIndex < 0 {
		return 0, false, false
	}
	v := flow.Core(p.Results[h.ResultIndex].Value)
	if c := flow.CallOf(v); c != nil {
		if ce := flow.CallExprAt(h.Node, c.Pos()); ce != nil && (r.IsErrorResult(ce) || r.errorResultCall(ce)) {
			return mcpmodel.ToolError, false, true
		}
	}
	if a, isAlloc := v.(*ssa.Alloc); isAlloc {
		if lit := flow.CompositeLitAt(h.Node, a.Pos()); lit != nil && r.IsErrorResult(lit) {
			return mcpmodel.ToolError, false, true
		}
	}
	if p.Results[h.ResultIndex].Nil == flow.NonNil && flow.DependsOn(p.Results[h.ResultIndex].Value, errV) {
		// A result made of the error but not marked as one (`return buildErrorResult(code,
		// err.Error()), nil`): no protocol error, and the model reads what failed.
		return mcpmodel.ToolError, false, true
	}
	return 0, false, false
}

// returnMode says what the error in hand becomes when ret is returned from SDK handler h: the
// handler's own error mapping when ret returns it (same: unchanged), a tool error when ret
// returns an IsError result and a nil error.
func (r *Finder) returnMode(h *mcpmodel.Handler, ret *ast.ReturnStmt, errVar types.Object) (mode mcpmodel.ErrorMode, same, ok bool) {
	info := r.pass.TypesInfo
	if len(ret.Results) != h.Sig.Results().Len() {
		return 0, false, false
	}
	errExpr := ret.Results[h.ErrorIndex]
	switch {
	case astutil.Mentions(info, errExpr, errVar):
		id, isID := ast.Unparen(errExpr).(*ast.Ident)
		return h.Errors, isID && info.Uses[id] == errVar, true
	case astutil.IsNil(info, errExpr) && h.ResultIndex >= 0:
		res := ret.Results[h.ResultIndex]
		if r.IsErrorResult(res) || r.errorResultCall(res) {
			return mcpmodel.ToolError, false, true
		}
	}
	return 0, false, false
}

// errorsAsTarget returns the type cond tests errVar against with errors.As(errVar, &target),
// or nil.
func (r *Finder) errorsAsTarget(cond ast.Expr, errVar types.Object) types.Type {
	call, ok := ast.Unparen(cond).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return nil
	}
	fn, _ := typeutil.Callee(r.pass.TypesInfo, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "errors" || fn.Name() != "As" {
		return nil
	}
	if id, ok := ast.Unparen(call.Args[0]).(*ast.Ident); !ok || r.pass.TypesInfo.Uses[id] != errVar {
		return nil
	}
	p, ok := r.pass.TypesInfo.TypeOf(call.Args[1]).(*types.Pointer)
	if !ok {
		return nil
	}
	return p.Elem()
}

// wrappedError finds the variable the wrapped call's error is assigned to, and the
// assignment: `out, err := fn(ctx, in)`, or for a reflective call
// `err, _ := outs[1].Interface().(error)` after `outs := v.Call(args)`.
func (r *Finder) wrappedError(h *mcpmodel.Handler, call *ast.CallExpr, via mcpmodel.Shape) (types.Object, ast.Stmt) {
	var errVar types.Object
	var assign ast.Stmt
	var results types.Object // the []reflect.Value of a reflective call
	ast.Inspect(h.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
			return errVar == nil && results == nil
		}
		id, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
		if !ok || id.Name == "_" {
			return false
		}
		o := r.ObjectOf(id)
		switch {
		case o != nil && astutil.IsError(o.Type()):
			errVar, assign = o, as
		case via == mcpmodel.ShapeReflect && len(as.Lhs) == 1:
			results = o
		}
		return false
	})
	if errVar != nil || results == nil {
		return errVar, assign
	}
	ast.Inspect(h.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || errVar != nil || len(as.Rhs) != 1 {
			return errVar == nil
		}
		ta, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr)
		if !ok || ta.Type == nil || !astutil.IsError(r.pass.TypesInfo.TypeOf(ta.Type)) || !astutil.Mentions(r.pass.TypesInfo, ta.X, results) {
			return true
		}
		if id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident); ok && id.Name != "_" {
			errVar, assign = r.ObjectOf(id), as
		}
		return false
	})
	return errVar, assign
}

// errorResultCall reports whether e is a call that builds an IsError result: an SDK error
// result constructor, or a call of this package's function whose every return is an IsError
// literal or constructor.
func (r *Finder) errorResultCall(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	switch sdkapi.APIOf(typeutil.Callee(r.pass.TypesInfo, call)) {
	case sdkapi.APIToolResultError, sdkapi.APIToolResultErrorf, sdkapi.APIToolResultErrorFromErr:
		return true
	}
	fn := r.Callee(call)
	if fn == nil || r.Decls[fn] == nil || r.Decls[fn].Body == nil {
		return false
	}
	rets := r.Returns[r.Decls[fn]]
	if len(rets) == 0 {
		return false
	}
	for _, ret := range rets {
		if len(ret.Results) == 0 {
			return false
		}
		x := ret.Results[0]
		if !r.IsErrorResult(x) {
			c, ok := ast.Unparen(x).(*ast.CallExpr)
			if !ok {
				return false
			}
			switch sdkapi.APIOf(typeutil.Callee(r.pass.TypesInfo, c)) {
			case sdkapi.APIToolResultError, sdkapi.APIToolResultErrorf, sdkapi.APIToolResultErrorFromErr:
			default:
				return false
			}
		}
	}
	return true
}

func (r *Finder) testsNonNil(cond ast.Expr, obj types.Object) bool {
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

// wrapped recognises a function in the repository's own shape, called by a converting
// adapter, as a handler with the adapter's error mapping.
func (r *Finder) wrapped(node ast.Node, ftype *ast.FuncType, body *ast.BlockStmt, sig *types.Signature, name string, m Mapping) {
	results := sig.Results()
	if results.Len() == 0 || !astutil.IsError(results.At(results.Len()-1).Type()) {
		return
	}
	h := &mcpmodel.Handler{
		Kind: mcpmodel.Tool, SDK: m.SDK, Flavour: mcpmodel.AdaptedTool, Errors: m.Errors,
		Node: node, Type: ftype, Body: body, Sig: sig, Name: name,
		ResultIndex: -1, OutIndex: -1, ErrorIndex: results.Len() - 1,
		Registered: true, Adapted: true, Shape: m.Via,
		Except: r.exceptTypes(m.Except), ErrorsConverted: m.Mixed,
	}
	// The SDK's request handed on (`fn(ctx, req)`, `reflect.ValueOf(req)`): the tool's
	// arguments are read from it.
	h.Request = r.requestParam(sig, m)
	if results.Len() > 1 && sdkapi.TypeAPI(results.At(0).Type()) == sdkapi.APIToolResultType {
		h.ResultIndex = 0
	} else if results.Len() > 1 {
		if _, isPtr := results.At(0).Type().Underlying().(*types.Pointer); isPtr {
			h.ResultDiscarded, h.ResultDereferenced = m.DiscardsResult, m.DerefsResult
		}
	}
	if m.Same {
		// The error reaches the SDK unchanged: the SDK handler's own semantics.
		h.Flavour = m.Flavour
		if m.Flavour == mcpmodel.GoSDKTypedTool {
			if results.Len() < 2 {
				h.Flavour = mcpmodel.AdaptedTool
			} else {
				h.OutIndex = results.Len() - 2
				h.Out = results.At(h.OutIndex).Type()
			}
		}
	}
	if m.InputArg >= 0 && m.InputArg < sig.Params().Len() {
		v := sig.Params().At(m.InputArg)
		h.In = v.Type()
		if v.Name() != "" && v.Name() != "_" {
			h.Input = v
		}
	}
	if h.ResultIndex < 0 && h.OutIndex < 0 && m.Passes.IsValid() && astutil.FileOf(r.pass.Files, m.Passes) != nil {
		// Its results cannot carry a tool result: what its error becomes is the adapter's
		// to change.
		h.AdapterReturn = m.Passes
	}
	r.AddHandler(h)
}

// ownResult records the server's own result type of a converting adapter's wrapped call:
// `res, err := t.handler(ctx, req)` followed by `if res.IsError { ... NewToolResultError ... }`
// (razorpay's mcpgo.ToolResult) makes the struct type of res a tool result whose bool field
// IsError marks an error, so that the helpers building it are read as the SDK's are.
func (r *Finder) ownResult(h *mcpmodel.Handler, call *ast.CallExpr, via mcpmodel.Shape) {
	_, assign := r.wrappedError(h, call, via)
	as, ok := assign.(*ast.AssignStmt)
	if !ok || len(as.Lhs) < 2 {
		return
	}
	id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident)
	if !ok || id.Name == "_" {
		return
	}
	res := r.ObjectOf(id)
	tn := astutil.NamedStruct(res)
	if tn == nil || tn.Pkg() == nil || !r.ModulePackage(tn.Pkg()) || sdkapi.KnownPackage(tn.Pkg().Path()) {
		return
	}
	ast.Inspect(h.Body, func(n ast.Node) bool {
		if n == nil || n.Pos() < as.Pos() {
			return true
		}
		var cond ast.Expr
		var then, els ast.Node
		switch x := n.(type) {
		case *ast.IfStmt:
			cond, then = x.Cond, x.Body
			if x.Else != nil {
				els = x.Else
			}
		case *ast.CaseClause:
			// switch { case res.IsError: ... }
			if len(x.List) != 1 {
				return true
			}
			cond, then = x.List[0], &ast.BlockStmt{List: x.Body}
		default:
			return true
		}
		f, negated := r.boolFieldTest(cond, res)
		if f == nil {
			return true
		}
		if negated {
			then = els
		}
		if r.buildsErrorResult(then) {
			r.ownResults[tn] = f.Name()
		}
		return true
	})
}

// boolFieldTest is the bool field of res that cond tests (`res.IsError`, `!res.IsError`),
// and whether it tests it false; nil when cond is no such test.
func (r *Finder) boolFieldTest(cond ast.Expr, res types.Object) (*types.Var, bool) {
	info := r.pass.TypesInfo
	negated := false
	if u, ok := ast.Unparen(cond).(*ast.UnaryExpr); ok && u.Op == token.NOT {
		cond, negated = u.X, true
	}
	sel, ok := ast.Unparen(cond).(*ast.SelectorExpr)
	if !ok || info.Uses[astutil.NameIdent(sel.X)] != res {
		return nil, false
	}
	f, _ := info.Uses[sel.Sel].(*types.Var)
	if f == nil || !f.IsField() || !types.Identical(f.Type(), types.Typ[types.Bool]) {
		return nil, false
	}
	return f, negated
}

// buildsErrorResult reports whether branch (nil: none) builds an SDK IsError result.
func (r *Finder) buildsErrorResult(branch ast.Node) bool {
	found := false
	if branch != nil {
		ast.Inspect(branch, func(m ast.Node) bool {
			if e, ok := m.(ast.Expr); ok && (r.errorResultCall(e) || r.IsErrorResult(e)) {
				found = true
			}
			return !found
		})
	}
	return found
}
