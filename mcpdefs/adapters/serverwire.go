package adapters

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/registrars"
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
	r.serverParams = r.findServerParams()
	r.serverWire()
	r.delegations()
}

func (r *Finder) serverWire() {
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
					for i := range opt.Args {
						if r.middlewareConverts(opt, i) {
							s.ToolErrorsAsResults = true
						}
					}
				}
			}
			// s.Use(mw...) appends to the same chain (mcp-go's server.go: Use).
			s.ToolErrorsAsResults = r.installedConverting(call, sdkapi.MarkLabsServerPath+".MCPServer.Use") || s.ToolErrorsAsResults
		case sdkapi.GoSDK:
			s.ToolErrorsAsResults = r.installedConverting(call, sdkapi.GoSDKMCPPath+".Server.AddReceivingMiddleware")
		}
	}
	r.linkServers()
}

// installedConverting reports whether a call of the SDK method key on the variable the
// server constructor call is assigned to installs a middleware that turns errors into results.
func (r *Finder) installedConverting(call *ast.CallExpr, key string) bool {
	v := r.assignedVar(call)
	if v == nil {
		return false
	}
	for _, add := range r.callsOfMethod(key) {
		sel, ok := ast.Unparen(add.Fun).(*ast.SelectorExpr)
		if !ok || r.varOf(sel.X) != v {
			continue
		}
		for i := range add.Args {
			if r.middlewareConverts(add, i) {
				return true
			}
		}
	}
	return false
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

// middlewareConverts reports whether argument i of call, a middleware (a function literal, a
// function or method value of the package, a package variable holding one, a call of a
// factory that returns one), returns a handler that answers a failure of the handler it wraps
// with a result and a nil error; or is a converting middleware of another package.
func (r *Finder) middlewareConverts(call *ast.CallExpr, i int) bool {
	if r.importedMiddleware(call.Args[i]) {
		return true
	}
	c := r.flow.CallAt(call.Lparen)
	if c == nil {
		return false
	}
	args := flow.Arguments(c)
	if sig := c.Call.Signature(); sig.Recv() != nil && !c.Call.IsInvoke() {
		i++ // the receiver comes first
	}
	if i >= len(args) {
		return false
	}
	return r.convertingMiddleware(r.flow.FunctionOf(args[i]), 0)
}

// convertingMiddleware reports whether m, a middleware, returns on some path a handler that
// converts the errors of m's first parameter (next).
func (r *Finder) convertingMiddleware(m *ssa.Function, depth int) bool {
	if m == nil || depth > mcpmodel.MaxDepth {
		return false
	}
	params := m.Params
	if m.Signature.Recv() != nil && len(params) > 0 {
		params = params[1:]
	}
	if len(params) == 0 {
		return false
	}
	return r.returnsConverting(m, params[0], depth)
}

// returnsConverting reports whether f returns a handler that converts next's errors: a
// closure over next that does, or the result of a function of the package handed next
// (`return wrap(next)`) whose body, with that parameter as next, does.
func (r *Finder) returnsConverting(f *ssa.Function, next ssa.Value, depth int) bool {
	if depth > mcpmodel.MaxDepth {
		return false
	}
	for ret := range flow.Returns(f) {
		if len(ret.Results) != 1 {
			continue
		}
		for _, v := range flow.ReturnedValues(ret.Results[0], 0) {
			if r.handlerConverts(v, next, depth) {
				return true
			}
		}
	}
	return false
}

// handlerConverts reports whether v, a handler a middleware returns, converts next's errors.
func (r *Finder) handlerConverts(v, next ssa.Value, depth int) bool {
	switch x := v.(type) {
	case *ssa.MakeClosure:
		lit, _ := x.Fn.(*ssa.Function)
		return lit != nil && r.convertsOnSomePath(lit, flow.CapturedAs(x, next))
	case *ssa.Call:
		if fn := flow.Callee(x); fn != nil && fn.Pkg() != r.pass.Pkg {
			// A converting middleware of another package applied to next.
			return r.convertsByFact(fn) && slices.ContainsFunc(x.Call.Args, func(a ssa.Value) bool { return flow.Core(a) == next })
		}
		callee := r.flow.Called(x)
		if callee == nil || len(callee.Blocks) == 0 {
			return false
		}
		for k, a := range x.Call.Args {
			if flow.Core(a) == next && k < len(callee.Params) && r.returnsConverting(callee, callee.Params[k], depth+1) {
				return true
			}
		}
	}
	return false
}

// convertsOnSomePath asks the flow engine whether handler h returns a non-nil result and a
// nil error on a path where the error of its call of next (the free variable it holds next
// in) is non-nil, however the branch is written.
func (r *Finder) convertsOnSomePath(h *ssa.Function, next *ssa.FreeVar) bool {
	if next == nil || h.Signature.Results().Len() != 2 {
		return false
	}
	var errs []ssa.Value
	for _, b := range h.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !callsNext(call.Call.Value, next) {
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
	for _, p := range r.flow.Paths(h) {
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

// callsNext reports whether v, the function a call calls, is next: the free variable, or a
// load through it when it is a cell.
func callsNext(v ssa.Value, next *ssa.FreeVar) bool {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X
	}
	return v == next
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
	sf := r.newServerFlow()
	for _, d := range r.Definitions() {
		if d.Registration == nil || d.Kind != mcpmodel.Tool {
			continue
		}
		if !isConverting(r.registrationServer(d.Registration)) && !sf.registeredOnConverting(r, d.Registration) {
			continue
		}
		if d.Handler != nil {
			d.Handler.ErrorsConverted = true
		} else if fn := r.funcOf(d.HandlerExpr); fn != nil && fn.Pkg() != nil && fn.Pkg() != r.pass.Pkg {
			// A handler of another package (slack-mcp-server registers its handler package's
			// methods): that package was checked first, so the run settles it (ConvertedElsewhere).
			r.AddConvertedElsewhere(fn.Origin())
		} else if v := r.foreignVar(d.HandlerExpr); v != nil {
			r.AddConvertedElsewhere(v) // handlers.Status, a variable that holds one function there
		}
	}
	r.convertedByValue(isConverting, sf)
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

// delegations records, for each tool handler of the package, the functions of other
// packages of the module whose error it returns unchanged on some path (a helper package's
// function holding the body: `return helpers.Status(ctx, req)`, or `res, err :=
// helpers.Status(ctx, req); return res, err`; also a variable of that package holding one
// function). Their packages were checked first; the run settles them from every handler
// that delegates to them (analyzers.Wire). It also records the package variables that hold
// one of the package's handlers, by which other packages call it.
func (r *Finder) delegations() {
	if r.flow.Package() == nil {
		return
	}
	holder := map[ast.Node]types.Object{}
	for v, f := range r.flow.ExportedHeld() {
		if fn, ok := f.Object().(*types.Func); ok && fn.Pkg() == r.pass.Pkg {
			r.AddHolder(mcpmodel.Holder{Var: v, Func: fn.Origin()}) // a function or method value
		} else if lit, ok := f.Syntax().(*ast.FuncLit); ok && r.HandlerOf(lit) != nil {
			r.AddHolder(mcpmodel.Holder{Var: v, Node: lit}) // a literal, a factory's closure
			holder[lit] = v
		}
	}
	for _, h := range r.Handlers() {
		if h.Kind != mcpmodel.Tool || h.ErrorIndex < 0 {
			continue
		}
		fn := r.flow.Function(h.Node)
		if fn == nil {
			continue
		}
		// The caller is named by the handler whose wire it shares (the root of its delegates),
		// as another package names it when it registers it.
		root := h
		for i := 0; root.DelegateOf != nil && i < mcpmodel.MaxDepth; i++ {
			root = root.DelegateOf
		}
		caller := holder[root.Node]
		if d, ok := root.Node.(*ast.FuncDecl); ok {
			caller = r.pass.TypesInfo.Defs[d.Name]
		}
		seen := map[types.Object]bool{}
		// A delegation is about the error alone: the handler may test it first (res, err :=
		// body(…); if err != nil { return nil, err }).
		for _, ec := range r.errorCalls(h, fn) {
			callee := r.foreignCallee(ec.call)
			if callee == nil || seen[callee] {
				continue
			}
			seen[callee] = true
			r.AddDelegation(mcpmodel.Delegation{Caller: caller, Converted: h.ErrorsConverted, Callee: callee})
		}
	}
}

// foreignCallee is what call runs when that is in another package of the module: the
// function, or the package variable it calls through (which holds one function there).
func (r *Finder) foreignCallee(call *ssa.Call) types.Object {
	var obj types.Object
	if fn := r.flow.CalleeOf(call); fn != nil {
		obj = fn.Origin()
	} else if ld, ok := call.Call.Value.(*ssa.UnOp); ok && ld.Op == token.MUL && !call.Call.IsInvoke() {
		if g, ok := ld.X.(*ssa.Global); ok && g.Object() != nil {
			obj = g.Object()
		}
	}
	if obj == nil || obj.Pkg() == nil || obj.Pkg() == r.pass.Pkg || !r.ModulePackage(obj.Pkg()) {
		return nil
	}
	return obj
}

// foreignVar is the package variable of another package of the module that e names
// (pkg.V), or nil.
func (r *Finder) foreignVar(e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	v, ok := r.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Pkg() == r.pass.Pkg || v.Parent() != v.Pkg().Scope() || !r.ModulePackage(v.Pkg()) {
		return nil
	}
	return v
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
		// A middleware, or a factory of one (`func Recover(opts) Middleware`).
		m := r.flow.Function(d)
		converts := r.convertingMiddleware(m, 0)
		for ret := range flow.Returns(m) {
			if converts {
				break
			}
			if len(ret.Results) == 1 {
				converts = r.convertingMiddleware(r.flow.FunctionOf(ret.Results[0]), 1)
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
	return r.convertsByFact(fn)
}

// convertsByFact reports whether fn, a function of another package, has a MiddlewareFact.
func (r *Finder) convertsByFact(fn *types.Func) bool {
	var f MiddlewareFact
	return r.pass.ImportObjectFact != nil && r.pass.ImportObjectFact(fn, &f) && f.ToolErrorsAsResults
}

// ServerParamFact is exported on a function of the module that registers tools on a server it
// is given (a layer's `AddTools(s, tools...)`): Params are the positions of the parameters
// its registrations register on, so that a package calling it with a converting server
// knows the wire of the handlers it hands over in the same call.
type ServerParamFact struct {
	Params []int
}

func (*ServerParamFact) AFact() {}

func (*ServerParamFact) String() string { return "registers on its server parameter" }

// findServerParams finds the package's functions whose registrations register on one of
// their parameters, directly or through another such function of the package, and exports
// them as facts.
func (r *Finder) findServerParams() map[*types.Func][]int {
	type param struct {
		fn *types.Func
		i  int
	}
	paramOf := map[types.Object]param{}
	for fn := range r.Decls {
		ps := fn.Signature().Params()
		for i := 0; i < ps.Len(); i++ {
			paramOf[ps.At(i)] = param{fn, i}
		}
	}
	out := map[*types.Func][]int{}
	note := func(server ast.Expr) bool {
		p, ok := paramOf[r.varOf(server)]
		if !ok || slices.Contains(out[p.fn], p.i) {
			return false
		}
		out[p.fn] = append(out[p.fn], p.i)
		return true
	}
	for _, reg := range r.toolRegistrations() {
		note(r.registrationServer(reg))
	}
	for changed, round := true, 0; changed && round < mcpmodel.MaxDepth; round++ {
		changed = false
		for fn, calls := range r.CallsOf {
			for _, i := range out[fn.Origin()] {
				for _, c := range calls {
					if i < len(c.Args) && note(c.Args[i]) {
						changed = true
					}
				}
			}
		}
	}
	if r.Exporting() && r.pass.ExportObjectFact != nil {
		for fn, params := range out {
			if fn.Pkg() == r.pass.Pkg {
				slices.Sort(params)
				r.pass.ExportObjectFact(fn, &ServerParamFact{Params: params})
			}
		}
	}
	return out
}

// serverParamsOf are the server parameters of fn, a function of this package or another.
func (r *Finder) serverParamsOf(fn *types.Func) []int {
	fn = fn.Origin()
	if fn.Pkg() == r.pass.Pkg {
		return r.serverParams[fn]
	}
	var f ServerParamFact
	if fn.Pkg() != nil && r.ModulePackage(fn.Pkg()) && r.pass.ImportObjectFact != nil && r.pass.ImportObjectFact(fn, &f) {
		return f.Params
	}
	return nil
}

// convertedByValue marks the handlers whose values reach a converting server: in the
// arguments of a registration on it (a wrapper's argument, a table a registered closure ranges
// over), or in the other arguments of a call that hands the server to a function registering
// on it (a layer of another package given the server and a slice of the server's own tool
// structs). The values are followed by allocation (flow.Result.ContentsOf), so two tables of
// one type registered on different servers keep their own wire. Handlers of other packages
// are settled by the run (ConvertedElsewhere).
func (r *Finder) convertedByValue(isConverting func(ast.Expr) bool, sf *serverFlow) {
	var vals []ssa.Value
	args := func(call *ast.CallExpr, server ast.Expr) {
		c := r.flow.CallAt(call.Lparen)
		if c == nil {
			return
		}
		st := r.pass.TypesInfo.TypeOf(server)
		for _, a := range c.Call.Args {
			if st == nil || !types.Identical(a.Type(), st) {
				vals = append(vals, a)
			}
		}
	}
	for _, reg := range r.toolRegistrations() {
		if srv := r.registrationServer(reg); isConverting(srv) || sf.registeredOnConverting(r, reg) {
			args(reg, srv)
		}
	}
	for fn, calls := range r.CallsOf {
		for _, i := range r.serverParamsOf(fn) {
			for _, c := range calls {
				if i < len(c.Args) && (isConverting(c.Args[i]) || sf.argConverting(r, c, i)) {
					args(c, c.Args[i])
				}
			}
		}
	}
	if len(vals) == 0 {
		return
	}
	contents := r.flow.ContentsOf(vals...)
	byFunc := map[*ssa.Function]*mcpmodel.Handler{}
	for _, h := range r.Handlers() {
		if f := r.flow.Function(h.Node); f != nil && h.Kind == mcpmodel.Tool {
			byFunc[f] = h
		}
	}
	mark := func(obj *types.Func) {
		if obj == nil || obj.Pkg() == nil {
			return
		}
		if obj.Pkg() != r.pass.Pkg {
			if r.ModulePackage(obj.Pkg()) {
				r.AddConvertedElsewhere(obj.Origin())
			}
		} else if d := r.Decls[obj.Origin()]; d == nil {
			return
		} else if h := r.HandlerOf(d); h != nil && h.Kind == mcpmodel.Tool {
			h.ErrorsConverted = true
		}
	}
	for _, f := range contents.Funcs {
		if h := byFunc[f]; h != nil {
			h.ErrorsConverted = true
		} else if obj, ok := f.Object().(*types.Func); ok {
			mark(obj) // a method value's wrapper, or a function of another package
		}
	}
	for _, t := range contents.Types {
		ms := types.NewMethodSet(t)
		for i := 0; i < ms.Len(); i++ {
			mark(ms.At(i).Obj().(*types.Func))
		}
	}
}

// toolRegistrations are the package's calls of the SDKs' tool registration functions.
func (r *Finder) toolRegistrations() []*ast.CallExpr {
	var out []*ast.CallExpr
	for fn, calls := range r.CallsOf {
		if api, ok := registrars.SDKRegistration(sdkapi.Key(fn)); ok && (api.Kind == mcpmodel.Tool || api.Kind == 0) {
			out = append(out, calls...)
		}
	}
	return out
}
