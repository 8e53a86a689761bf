package adapters

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"

	"github.com/mcplint-go/mcplint/internal/astutil"
)

// The server's own wire: middleware installed on a server sees every tool handler's result
// before the client does. mark3labs' server.WithToolHandlerMiddleware(mw) wraps every tool
// handler (server.go applies them in handleToolCall before handlerError); go-sdk's
// (*Server).AddReceivingMiddleware(mw) wraps every method handler, tools/call included. A
// middleware that, when the handler it wraps fails, answers with a result and a nil error
// turns every handler error into a tool result. WithRecovery() only turns panics into
// errors, and hooks (WithHooks) cannot change a result, so neither changes the mapping.

// convertsErrors records, for each server, whether a middleware installed on it turns
// handler errors into results; linkServers then marks the handlers registered on it.
func (r *Finder) ServerWire() {
	r.exportMiddleware()
	if len(r.Servers()) == 0 {
		return
	}
	for _, s := range r.Servers() {
		call, ok := s.Node.(*ast.CallExpr)
		if !ok {
			continue
		}
		switch s.SDK {
		case sdkapi.MarkLabs:
			for _, opt := range r.optionCalls(call) {
				if sdkapi.Key(r.Callee(opt)) == sdkapi.MarkLabsServerPath+".WithToolHandlerMiddleware" {
					for _, mw := range opt.Args {
						if r.middlewareConverts(mw, 0) {
							s.ToolErrorsAsResults = true
						}
					}
				}
			}
		case sdkapi.GoSDK:
			v := r.assignedVar(call)
			if v == nil {
				continue
			}
			for _, add := range r.callsOfMethod(sdkapi.GoSDKMCPPath + ".Server.AddReceivingMiddleware") {
				sel, ok := ast.Unparen(add.Fun).(*ast.SelectorExpr)
				if !ok || r.varOf(sel.X) != v {
					continue
				}
				for _, mw := range add.Args {
					if r.middlewareConverts(mw, 0) {
						s.ToolErrorsAsResults = true
					}
				}
			}
		}
	}
	r.linkServers()
}

// optionCalls are the option calls given to a server constructor: its arguments, and the
// elements and appended values of a local slice spread into it (opts...).
func (r *Finder) optionCalls(call *ast.CallExpr) []*ast.CallExpr {
	var out []*ast.CallExpr
	var add func(e ast.Expr, depth int)
	add = func(e ast.Expr, depth int) {
		if depth > mcpmodel.MaxDepth {
			return
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.CallExpr:
			if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && id.Name == "append" {
				for _, a := range x.Args {
					add(a, depth+1)
				}
				return
			}
			out = append(out, x)
		case *ast.CompositeLit:
			for _, el := range x.Elts {
				add(el, depth+1)
			}
		case *ast.Ident:
			if v, ok := r.pass.TypesInfo.Uses[x].(*types.Var); ok {
				for _, a := range r.Assigns[v] {
					add(a, depth+1)
				}
			}
		}
	}
	for _, a := range call.Args {
		add(a, 0)
	}
	return out
}

// assignedVar is the variable a server constructor's result is assigned to.
func (r *Finder) assignedVar(call *ast.CallExpr) types.Object {
	for v, exprs := range r.Assigns {
		for _, e := range exprs {
			if ast.Unparen(e) == call {
				return v
			}
		}
	}
	return nil
}

func (r *Finder) varOf(e ast.Expr) types.Object {
	id := astutil.NameIdent(e)
	if id == nil {
		return nil
	}
	if o := r.pass.TypesInfo.Uses[id]; o != nil {
		return o
	}
	return r.pass.TypesInfo.Defs[id]
}

// callsOfMethod lists the calls of the SDK method key in the package.
func (r *Finder) callsOfMethod(key string) []*ast.CallExpr {
	var out []*ast.CallExpr
	for fn, calls := range r.CallsOf {
		if sdkapi.Key(fn) == key {
			out = append(out, calls...)
		}
	}
	return out
}

// middlewareConverts reports whether the middleware expression mw (a function literal, a
// function of the package, or a call of a package function that returns one) returns a
// handler that answers a failure of the handler it wraps with a result and a nil error.
func (r *Finder) middlewareConverts(mw ast.Expr, depth int) bool {
	if depth > mcpmodel.MaxDepth {
		return false
	}
	if r.importedMiddleware(mw) {
		return true
	}
	body, params := r.funcBody(mw, depth)
	return r.bodyConverts(body, params)
}

// bodyConverts reports whether a middleware's body and parameters (next first) return a
// handler that turns next's errors into results.
func (r *Finder) bodyConverts(body *ast.BlockStmt, params []types.Object) bool {
	if body == nil || len(params) == 0 {
		return false
	}
	return r.returnsConverting(body, params[0], 0)
}

// returnsConverting reports whether body returns a handler literal that converts next's
// errors, or hands next on (`return wrap(next)`) to a function of the package whose body, with
// that parameter as next, does.
func (r *Finder) returnsConverting(body *ast.BlockStmt, next types.Object, depth int) bool {
	if depth > mcpmodel.MaxDepth {
		return false
	}
	for _, ret := range r.returnsIn(body) {
		results := ret.Results
		if len(results) == 0 {
			// A bare return: what the body assigns to the named results.
			results = r.namedResultValues(body)
		}
		for _, res := range results {
			if r.handlerExprConverts(res, next, depth) {
				return true
			}
		}
	}
	return false
}

// namedResultValues lists the values body assigns to variables declared before it (its
// function's named results), outside function literals.
func (r *Finder) namedResultValues(body *ast.BlockStmt) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(x.Lhs) != len(x.Rhs) {
				return true
			}
			for i, lhs := range x.Lhs {
				if v := r.varOf(lhs); v != nil && v.Pos() < body.Pos() {
					out = append(out, x.Rhs[i])
				}
			}
		}
		return true
	})
	return out
}

// handlerExprConverts reports whether the handler expression e, returned by a middleware,
// converts next's errors: a literal that does, a call that hands next on to a builder that
// does, or a variable assigned once to either.
func (r *Finder) handlerExprConverts(e ast.Expr, next types.Object, depth int) bool {
	if depth > mcpmodel.MaxDepth {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return r.handlerConverts(x, next)
	case *ast.Ident:
		if v := r.SingleAssignment(x); v != nil {
			return r.handlerExprConverts(v, next, depth+1)
		}
	case *ast.CallExpr:
		fn := r.Callee(x)
		if fn == nil {
			return false
		}
		d := r.Decls[fn.Origin()]
		if d == nil || d.Body == nil {
			// A converting middleware of another package applied to next.
			return r.importedMiddleware(x) && slices.ContainsFunc(x.Args, func(a ast.Expr) bool { return r.varOf(a) == next })
		}
		sig := fn.Signature()
		for i, a := range x.Args {
			if i < sig.Params().Len() && r.varOf(a) == next && r.returnsConverting(d.Body, sig.Params().At(i), depth+1) {
				return true
			}
		}
	}
	return false
}

// funcBody resolves e to a function's body and parameters: a literal, a declared function,
// or the function a call's callee returns.
func (r *Finder) funcBody(e ast.Expr, depth int) (*ast.BlockStmt, []types.Object) {
	params := func(ft *ast.FuncType) []types.Object {
		var out []types.Object
		for _, f := range ft.Params.List {
			for _, n := range f.Names {
				out = append(out, r.pass.TypesInfo.Defs[n])
			}
		}
		return out
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return x.Body, params(x.Type)
	case *ast.Ident, *ast.SelectorExpr:
		if fn, ok := r.pass.TypesInfo.Uses[astutil.NameIdent(x)].(*types.Func); ok {
			if d := r.Decls[fn]; d != nil && d.Body != nil {
				return d.Body, params(d.Type)
			}
		}
		if next := r.SingleAssignment(x); next != nil {
			return r.funcBody(next, depth+1)
		}
	case *ast.CallExpr:
		fn := r.Callee(x)
		if fn == nil {
			return nil, nil
		}
		d := r.Decls[fn]
		if d == nil || d.Body == nil {
			return nil, nil
		}
		for _, ret := range r.Returns[d] {
			if len(ret.Results) == 1 {
				if body, ps := r.funcBody(ret.Results[0], depth+1); body != nil {
					return body, ps
				}
			}
		}
	}
	return nil, nil
}

// returnsIn lists the return statements of body, not those of function literals in it.
func (r *Finder) returnsIn(body *ast.BlockStmt) []*ast.ReturnStmt {
	var out []*ast.ReturnStmt
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			out = append(out, n)
		}
		return true
	})
	return out
}

// handlerConverts reports whether the handler literal h, which wraps next, has a branch
// that tests non-nil an error next returned and returns a non-nil result with a nil error.
func (r *Finder) handlerConverts(h *ast.FuncLit, next types.Object) bool {
	info := r.pass.TypesInfo
	fromNext := map[types.Object]bool{}
	ast.Inspect(h.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || r.varOf(call.Fun) != next {
			return true
		}
		for _, lhs := range as.Lhs {
			if o := r.varOf(lhs); o != nil && astutil.IsError(o.Type()) {
				fromNext[o] = true
			}
		}
		return true
	})
	if len(fromNext) == 0 {
		return false
	}
	if r.convertsOnSomePath(h, next) {
		return true
	}
	converts := false
	astutil.InspectAncestors(h.Body, func(n ast.Node, stack []ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 2 {
			return true
		}
		tested := false
		for _, o := range astutil.TestedNonNil(info, stack) {
			tested = tested || fromNext[o]
		}
		if tested && !astutil.IsNil(info, ret.Results[0]) && astutil.IsNil(info, ret.Results[1]) {
			converts = true
		}
		return !converts
	})
	return converts
}

// linkServers marks each handler registered (in this package) on a server whose middleware
// turns errors into results: directly on the server's variable, or on a parameter of a
// function this package calls with it.
func (r *Finder) linkServers() {
	converting := map[types.Object]bool{}
	built := map[*ast.CallExpr]bool{} // converting servers' constructor calls
	for _, s := range r.Servers() {
		if call, ok := s.Node.(*ast.CallExpr); ok && s.ToolErrorsAsResults {
			built[call] = true
			if v := r.assignedVar(call); v != nil {
				converting[v] = true
			}
		}
	}
	if len(built) == 0 {
		return
	}
	// isConverting: a converting server's variable, or its constructor call itself
	// (`register(server.NewMCPServer(...))`).
	isConverting := func(e ast.Expr) bool {
		if c, ok := ast.Unparen(e).(*ast.CallExpr); ok && built[c] {
			return true
		}
		return converting[r.varOf(e)]
	}
	// A server passed to a function of the package: its parameter is that server too, when
	// every call passes a converting server (through as many functions as pass it on).
	for changed, round := true, 0; changed && round < mcpmodel.MaxDepth; round++ {
		changed = false
		for fn, calls := range r.CallsOf {
			d := r.Decls[fn]
			if d == nil {
				continue
			}
			sig := fn.Signature()
			for i := 0; i < sig.Params().Len(); i++ {
				all := len(calls) > 0
				for _, c := range calls {
					all = all && i < len(c.Args) && isConverting(c.Args[i])
				}
				if all && !converting[sig.Params().At(i)] {
					converting[sig.Params().At(i)] = true
					changed = true
				}
			}
		}
	}
	for _, d := range r.Definitions() {
		if d.Registration == nil || d.Kind != mcpmodel.Tool || !isConverting(r.registrationServer(d.Registration)) {
			continue
		}
		if d.Handler != nil {
			d.Handler.ErrorsConverted = true
		} else if fn := r.funcOf(d.HandlerExpr); fn != nil && fn.Pkg() != nil && fn.Pkg() != r.pass.Pkg {
			// A handler of another package (slack-mcp-server registers its handler package's
			// methods): that package was checked first, so the run settles it (ConvertedElsewhere).
			r.AddConvertedElsewhere(fn.Origin())
		}
	}
	// A function whose results a converted handler passes through is converted with it.
	for _, h := range r.Handlers() {
		for d, i := h.DelegateOf, 0; d != nil && i < mcpmodel.MaxDepth; d, i = d.DelegateOf, i+1 {
			if d.ErrorsConverted {
				h.ErrorsConverted = true
				break
			}
		}
	}
}

// funcOf is the function or method a handler expression names: pkg.F, F, or a method value
// x.M.
func (r *Finder) funcOf(e ast.Expr) *types.Func {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		fn, _ := r.pass.TypesInfo.Uses[x].(*types.Func)
		return fn
	case *ast.SelectorExpr:
		if sel := r.pass.TypesInfo.Selections[x]; sel != nil {
			if sel.Kind() != types.MethodVal {
				return nil
			}
			fn, _ := sel.Obj().(*types.Func)
			return fn
		}
		fn, _ := r.pass.TypesInfo.Uses[x.Sel].(*types.Func)
		return fn
	}
	return nil
}

// registrationServer is the server expression of a registering call: the receiver of
// s.AddTool(...), or the first argument of mcp.AddTool(s, ...).
func (r *Finder) registrationServer(call *ast.CallExpr) ast.Expr {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if x, ok := sel.X.(*ast.Ident); ok {
			if _, isPkg := r.pass.TypesInfo.Uses[x].(*types.PkgName); isPkg {
				if len(call.Args) > 0 {
					return call.Args[0] // mcp.AddTool(s, ...)
				}
				return nil
			}
		}
		return sel.X
	}
	if len(call.Args) > 0 {
		return call.Args[0]
	}
	return nil
}

// MiddlewareFact is exported on a function of the module that is, or returns, a middleware
// that answers a tool handler's error with a result and a nil error, so that a server built
// in a package that imports it knows its wire.
type MiddlewareFact struct {
	// ToolErrorsAsResults is always true (gob needs an exported field).
	ToolErrorsAsResults bool
}

func (*MiddlewareFact) AFact() {}

func (*MiddlewareFact) String() string { return "middleware(tool errors as results)" }

// exportMiddleware records the package's converting middleware functions as facts.
func (r *Finder) exportMiddleware() {
	if !r.Exporting() {
		return
	}
	for fn, d := range r.Decls {
		if d.Body == nil || fn.Pkg() != r.pass.Pkg || fn.Signature().Results().Len() != 1 {
			continue
		}
		if _, ok := fn.Signature().Results().At(0).Type().Underlying().(*types.Signature); !ok {
			continue
		}
		var params []types.Object
		for _, f := range d.Type.Params.List {
			for _, n := range f.Names {
				params = append(params, r.pass.TypesInfo.Defs[n])
			}
		}
		converts := r.bodyConverts(d.Body, params)
		for _, ret := range r.Returns[d] {
			if converts {
				break
			}
			if len(ret.Results) == 1 {
				converts = r.middlewareConverts(ret.Results[0], 1)
			}
		}
		if converts {
			r.pass.ExportObjectFact(fn, &MiddlewareFact{ToolErrorsAsResults: true})
		}
	}
}

// importedMiddleware reports whether mw is, or is a call of, a function of another package
// with a MiddlewareFact.
func (r *Finder) importedMiddleware(mw ast.Expr) bool {
	if r.pass.ImportObjectFact == nil {
		return false
	}
	var fn *types.Func
	switch x := ast.Unparen(mw).(type) {
	case *ast.CallExpr:
		fn = r.Callee(x)
	case *ast.Ident, *ast.SelectorExpr:
		fn, _ = r.pass.TypesInfo.Uses[astutil.NameIdent(x)].(*types.Func)
	}
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == r.pass.Pkg {
		return false
	}
	var f MiddlewareFact
	return r.pass.ImportObjectFact(fn, &f) && f.ToolErrorsAsResults
}

// convertsOnSomePath asks the flow engine whether the handler literal h returns a non-nil
// result and a nil error on a path where the error of its call of next is non-nil, however
// the branch is written (`if err == nil { return res, nil }; return errorResult, nil`).
func (r *Finder) convertsOnSomePath(h *ast.FuncLit, next types.Object) bool {
	fn := r.flow.Function(h)
	if fn == nil || fn.Signature.Results().Len() != 2 {
		return false
	}
	var errs []ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !r.callsNext(call.Call.Value, next) {
				continue
			}
			for _, ref := range *call.Referrers() {
				if ex, ok := ref.(*ssa.Extract); ok && astutil.IsError(ex.Type()) {
					errs = append(errs, ex)
				}
			}
		}
	}
	if len(errs) == 0 {
		return false
	}
	for _, p := range r.flow.Paths(fn) {
		if len(p.Results) != 2 || p.Results[0].Nil != flow.NonNil || p.Results[1].Nil != flow.Nil {
			continue
		}
		for _, e := range errs {
			if p.Known(e) == flow.NonNil {
				return true
			}
		}
	}
	return false
}

// callsNext reports whether v, the function a call calls, is the middleware's next: its
// parameter, or the literal's captured copy of it.
func (r *Finder) callsNext(v ssa.Value, next types.Object) bool {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X // a captured variable the literal reads through its cell
	}
	switch x := v.(type) {
	case *ssa.Parameter:
		return x.Object() == next
	case *ssa.FreeVar:
		t := x.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		return x.Name() == next.Name() && types.Identical(t, next.Type())
	}
	return false
}
