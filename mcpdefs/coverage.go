package mcpdefs

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Coverage says whether the rules check the handler of a tool definition (mcpmodel.Coverage).
type Coverage = mcpmodel.Coverage

// ConvertedElsewhere is CoverageOf's reason for a literal of an own definition type whose
// converter is in another package: that converter's registration gives the verdict.
const ConvertedElsewhere = "registered by the converter of its type in another package"

// NoRegistration is CoverageOf's reason for a definition that no handler is linked to.
const NoRegistration = "no registration with a handler is linked to it"

// Unused is CoverageOf's reason for a definition built in an unexported function that
// nothing in its package calls or takes: it is never registered, so it is no tool.
const Unused = "built in a function nothing calls"

// CoverageOf answers Coverage for d.
func (r *Result) CoverageOf(d *mcpmodel.Definition) Coverage {
	c := r.coverageOf(d)
	if c.Checked {
		if u := r.unmappedInLoop(d); u != nil {
			return Coverage{Reason: u.Reason}
		}
	}
	if fn := r.declaredAround(d.Node.Pos()); c.MadeIn == nil && d.Registration == nil && d.RegisteredBy == nil && !d.Instance && !d.Converter && fn != nil && fn.Name() != "main" && fn.Name() != "init" {
		c.MadeIn = fn // linked to no registration here: a tool only if some package calls fn
	}
	return c
}

// unmappedInLoop is an unfollowed call (Unmapped) in the same loop as d's registration: a
// registration loop whose handler literal dispatches through something recognition does not
// follow and is wrapped in adapters before it is registered (solace-broker-mcp's
// callToolHandler inside withRecovery), so the wrapper recognition links is not the whole
// handler. Nil otherwise.
func (r *Result) unmappedInLoop(d *mcpmodel.Definition) *mcpmodel.Unmapped {
	reg := d.Registration
	if reg == nil {
		reg = d.RegisteredBy
	}
	if reg == nil || r.r == nil || len(r.Unmapped) == 0 {
		return nil
	}
	fn := r.declaredAround(reg.Pos())
	if fn == nil || r.r.decls[fn] == nil {
		return nil
	}
	loop := astutil.EnclosingLoop(r.r.decls[fn].Body, reg)
	if loop == nil {
		return nil
	}
	for i := range r.Unmapped {
		u := &r.Unmapped[i]
		if !u.Site && u.Call != nil && loop.Pos() <= u.Call.Pos() && u.Call.End() <= loop.End() {
			return u
		}
	}
	return nil
}

func (r *Result) coverageOf(d *mcpmodel.Definition) Coverage {
	switch {
	case r.unused[d]:
		return Coverage{Reason: Unused}
	case r.r != nil && r.r.ownType[d] != nil && r.r.ownType[d].elsewhere:
		return Coverage{Reason: ConvertedElsewhere}
	case d.HandlerNil || d.HandlerOmitted:
		return Coverage{Reason: "its handler is nil"}
	case d.Handler != nil:
		return r.handlerCoverage(d.Handler)
	case d.HandlerExpr == nil:
		if c, ok := r.givenHandler(instanceCall(d)); ok {
			return c
		}
		if fn := astutil.FuncByKey(r.pkg, d.HandlerMaker); fn != nil {
			// A helper of another package registers the handler a module function makes.
			return Coverage{Reason: "its handler is the function " + fn.Pkg().Name() + "." + fn.Name() + " returns, which recognition does not follow", ReturnedBy: fn}
		}
		return Coverage{Reason: NoRegistration, MadeIn: r.declaredAround(d.Node.Pos()), StoredIn: r.storedIn(d), ReturnedThrough: r.returnedBy(d)}
	}
	if d.Instance {
		if c, ok := r.givenHandler(instanceCall(d)); ok {
			return c
		}
	}
	return r.handlerExprCoverage(d.HandlerExpr)
}

// ForeignCoverage is the coverage of a tool this package registers with a definition
// another package builds.
func (r *Result) ForeignCoverage(t ForeignTool) Coverage {
	if h := r.resolvedHandler(t.Handler); h != nil {
		return r.handlerCoverage(h)
	}
	if c, ok := r.returnedByValue(t.Registration, t.Handler); ok {
		return c
	}
	return r.handlerExprCoverage(t.Handler)
}

// returnedByValue is the coverage of a handler argument of reg that is no call but a value
// holding only what functions of other packages of the module return (mcp-nutanix's
// `s.AddTool(tool.Func(), tool.Handler)` over a table of `{Func: tools.VMList, Handler:
// tools.VMListHandler()}`): those functions' handlers give the verdict (ReturnedByAny).
func (r *Result) returnedByValue(reg *ast.CallExpr, handler ast.Expr) (Coverage, bool) {
	if r.r == nil || reg == nil || handler == nil {
		return Coverage{}, false
	}
	if _, isCall := ast.Unparen(handler).(*ast.CallExpr); isCall {
		return Coverage{}, false
	}
	c := r.r.flow.CallAt(reg.Lparen)
	k := slices.IndexFunc(reg.Args, func(a ast.Expr) bool { return a.Pos() <= handler.Pos() && handler.End() <= a.End() })
	if c == nil || k < 0 || reg.Ellipsis.IsValid() {
		return Coverage{}, false
	}
	off := len(c.Call.Args) - len(reg.Args) // the receiver of a method call
	if off < 0 || off > 1 {
		return Coverage{}, false
	}
	arg := c.Call.Args[off+k]
	want := arg.Type()
	if ci, ok := arg.(*ssa.ChangeType); ok {
		want = ci.X.Type()
	}
	// The walk does not tell a table's fields apart: keep what has the handler's type.
	held := r.r.flow.ContentsOf(arg)
	for _, f := range held.Funcs {
		if types.AssignableTo(f.Signature, want.Underlying()) {
			return Coverage{}, false // a function of this package: not this question
		}
	}
	var fns []*types.Func
	for _, o := range held.Foreign {
		fn, ok := o.(*types.Func)
		if !ok {
			continue
		}
		res := fn.Signature().Results()
		if res.Len() != 1 || !astutil.MayHold(res.At(0).Type(), func(t types.Type) bool {
			return types.AssignableTo(t, want) || types.Identical(t.Underlying(), want.Underlying())
		}) {
			continue
		}
		if !r.r.ModulePackage(fn.Pkg()) {
			return Coverage{}, false
		}
		fns = append(fns, fn.Origin())
	}
	if len(fns) == 0 {
		return Coverage{}, false
	}
	return Coverage{Reason: "its handler is what " + fns[0].Pkg().Name() + "." + fns[0].Name() + " or another function holds, which only a run over the whole module follows", ReturnedByAny: fns}, true
}

// resolvedHandler is the handler e resolves to in this package, or nil.
func (r *Result) resolvedHandler(e ast.Expr) *mcpmodel.Handler {
	if r.r == nil {
		return nil
	}
	return r.r.resolveHandler(e, 0)
}

// findUnused marks the definitions no registration of the package is linked to that are
// built in an unexported function the package never uses (a constructor left out of the
// table that registers its siblings).
func (r *Result) findUnused() {
	candidates := map[types.Object][]*mcpmodel.Definition{}
	for _, d := range r.Definitions {
		if d.Registration != nil || d.Instance || d.Template || d.Converter {
			continue
		}
		if r.readLocally(d) {
			r.markUnused(d)
			continue
		}
		fn := r.declaredAround(d.Node.Pos())
		if fn == nil || fn.Exported() || fn.Signature().Recv() != nil || fn.Name() == "init" || fn.Name() == "main" {
			continue
		}
		candidates[fn] = append(candidates[fn], d)
	}
	if len(candidates) == 0 {
		return
	}
	for _, obj := range r.info.Uses {
		delete(candidates, obj)
	}
	for _, defs := range candidates {
		for _, d := range defs {
			r.markUnused(d)
		}
	}
}

func (r *Result) markUnused(d *mcpmodel.Definition) {
	if r.unused == nil {
		r.unused = map[*mcpmodel.Definition]bool{}
	}
	r.unused[d] = true
}

// readLocally reports whether definition d is assigned to a local variable that the function
// only reads and never hands on, returns or stores (astutil.OnlyRead): SafeLine's
// `tempTool := mcp.NewTool("temp", opts...); tempTool.MarshalJSON()`, built to read a schema
// off it, is no tool.
func (r *Result) readLocally(d *mcpmodel.Definition) bool {
	fn := r.declaredAround(d.Node.Pos())
	if fn == nil || r.r == nil || r.r.decls[fn] == nil {
		return false
	}
	return astutil.OnlyRead(r.info, r.r.decls[fn].Body, d.Node)
}

// CallsOf are the package's calls of fn (the generic function's, for an instance).
func (r *Result) CallsOf(fn *types.Func) []*ast.CallExpr {
	if r.r == nil || fn == nil {
		return nil
	}
	return r.r.callsOf[fn.Origin()]
}

// returnedBy are the exported functions and methods of the package whose results, and the
// exported variables whose values, may hold d (sqlite-mcp's GetTools returning what the
// unexported executeQueryTool builds).
func (r *Result) returnedBy(d *mcpmodel.Definition) []types.Object {
	if r.r == nil {
		return nil
	}
	r.r.exportedBuiltOnce.Do(r.findExportedBuilt)
	return r.r.exportedBuilt[astutil.BuiltAt(d.Node)]
}

// Forwards are the exported functions whose results are, or list, tool definitions other
// packages' functions and variables build, with those (cloud-native-mcp-server's GetTools
// returning tools.GetTimeTool()'s).
func (r *Result) Forwards() map[types.Object][]types.Object {
	if r.r == nil {
		return nil
	}
	out := map[types.Object][]types.Object{}
	for obj, c := range r.r.flow.Exported(func(o types.Object) bool { return astutil.ReturnsList(o, sdkapi.IsToolDefinition) }) {
		for _, f := range c.Foreign {
			if r.r.ModulePackage(f.Pkg()) {
				out[obj] = append(out[obj], f)
			}
		}
	}
	return out
}

// findExportedBuilt fills exportedBuilt (returnedBy), once.
func (r *Result) findExportedBuilt() {
	r.r.exportedBuilt = map[token.Pos][]types.Object{}
	mayHoldTool := func(obj types.Object) bool {
		if fn, ok := obj.(*types.Func); ok {
			return slices.ContainsFunc(slices.Collect(fn.Signature().Results().Variables()), func(v *types.Var) bool { return astutil.MayHold(v.Type(), sdkapi.IsToolDefinition) })
		}
		return astutil.MayHold(obj.Type(), sdkapi.IsToolDefinition)
	}
	for obj, c := range r.r.flow.Exported(mayHoldTool) {
		for _, pos := range c.Built {
			r.r.exportedBuilt[pos] = append(r.r.exportedBuilt[pos], obj)
		}
	}
	for _, objs := range r.r.exportedBuilt {
		slices.SortFunc(objs, func(a, b types.Object) int { return cmp.Compare(a.Pos(), b.Pos()) })
	}
}

// HeldHandlers is, for each exported package variable whose value may hold functions that
// make tool handlers (rod-mcp's TextToolHandlers, a map of handler factories), the verdict on
// the handlers they make: checked when every one is. Another package that calls a function
// read from the variable gets one of those handlers.
func (r *Result) HeldHandlers() map[types.Object]Coverage {
	out := map[types.Object]Coverage{}
	if r.r == nil {
		return out
	}
	isFunc := func(t types.Type) bool { _, ok := t.Underlying().(*types.Signature); return ok }
	holdsFuncs := func(obj types.Object) bool {
		_, isVar := obj.(*types.Var)
		return isVar && astutil.MayHold(obj.Type(), isFunc)
	}
	for obj, c := range r.r.flow.Exported(holdsFuncs) {
		var cov *Coverage
		for _, f := range c.Funcs {
			made := r.madeHandler(f.Syntax())
			switch {
			case made == nil:
				made = &Coverage{Reason: "a function held in " + obj.Name() + " returns no handler recognition reads"}
			case cov != nil && !cov.Checked:
				continue
			}
			cov = made
		}
		if cov != nil {
			out[obj] = *cov
		}
	}
	return out
}

// madeHandler is the coverage of the tool handler the function fn (a declaration or literal)
// returns, or nil when it returns none recognition reads. A handler another package's function
// makes (`return tools.Validated(t)` in a tool type's Handler method, rod-mcp's `return
// rodCtx.Execute(handler, opts)`) is judged there: the driver follows the chain to that
// function's own verdict.
func (r *Result) madeHandler(fn ast.Node) *Coverage {
	var made *Coverage
	for _, ret := range r.r.returns[fn] {
		if len(ret.Results) != 1 {
			continue
		}
		if h := r.r.resolveHandler(ret.Results[0], 0); h != nil && h.Kind == mcpmodel.Tool {
			c := r.handlerCoverage(h)
			return &c
		}
		if call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr); ok && made == nil && astutil.ReturnsFunc(r.info, call) {
			if c := r.handlerExprCoverage(call); c.Checked || c.ReturnedBy != nil {
				made = &c
			}
		}
	}
	return made
}

// declaredAround is the declared function whose body holds pos, or nil.
func (r *Result) declaredAround(pos token.Pos) *types.Func {
	if r.r == nil {
		return nil
	}
	for fn, decl := range r.r.decls {
		if decl.Body != nil && decl.Body.Pos() <= pos && pos < decl.Body.End() {
			return fn
		}
	}
	return nil
}

// handlerExprCoverage is the coverage of a handler given as e that recognition did not link
// to a handler of this package.
func (r *Result) handlerExprCoverage(handler ast.Expr) Coverage {
	e := ast.Unparen(handler)
	// A handler an adapter makes (cmd.GenToolHandler(name, op)), or one given to the helper
	// a definition is an instance of: the function handed in is the handler.
	var returnedBy *types.Func
	if call, ok := e.(*ast.CallExpr); ok {
		if c, ok := r.givenHandler(call); ok {
			return c
		}
		if fn := r.r.callee(call); fn != nil && fn.Pkg() != nil && fn.Pkg() != r.pkg {
			returnedBy = fn.Origin()
		}
	}
	if call, ok := e.(*ast.CallExpr); ok && returnedBy == nil {
		if held := r.heldIn(call); len(held) > 0 {
			return Coverage{Reason: "its handler is what " + types.ExprString(call.Fun) + ", read from " + held[0].Pkg().Name() + "." + held[0].Name() + ", returns, which only a run over the whole module follows", HeldIn: held}
		}
	}
	if id := astutil.NameIdent(e); id != nil && r.info != nil && returnedBy == nil {
		if fn, ok := r.info.Uses[id].(*types.Func); ok {
			if fn.Pkg() != nil && fn.Pkg() != r.pkg {
				return Coverage{Declared: fn}
			}
			return Coverage{Reason: "its handler " + fn.Name() + " is not recognised as a handler"}
		}
	}
	return Coverage{Reason: "its handler is " + astutil.FuncValueText(r.info, e) + ", which recognition does not follow", ReturnedBy: returnedBy}
}

// heldIn are the package variables of other packages of the module that the function a call
// calls may be read from: rod-mcp's `handlers[mt.Name](ctx)` over tools.TextToolHandlers.
func (r *Result) heldIn(call *ast.CallExpr) []types.Object {
	c := r.r.flow.CallAt(call.Lparen)
	if c == nil || c.Call.IsInvoke() || c.Call.StaticCallee() != nil {
		return nil
	}
	var held []types.Object
	for _, obj := range r.r.flow.ContentsOf(c.Call.Value).Foreign {
		if _, ok := obj.(*types.Var); ok && r.r.ModulePackage(obj.Pkg()) {
			held = append(held, obj)
		}
	}
	return held
}

// handlerCoverage is the coverage of a definition whose handler h is in this package.
func (r *Result) handlerCoverage(h *mcpmodel.Handler) Coverage {
	if h.Body == nil {
		return Coverage{Reason: "its handler " + h.Name + " has no body in the module"}
	}
	for _, u := range r.Unmapped {
		if u.Call.Pos() >= h.Node.Pos() && u.Call.End() <= h.Node.End() {
			reason := u.Reason
			if fun := types.ExprString(u.Call.Fun); !u.Site {
				reason += " (" + fun + ")"
			}
			c := Coverage{Reason: reason}
			if u.Site {
				c.Site = u.Call.Lparen
			}
			return c
		}
	}
	for _, s := range r.Layers.Sites {
		if strings.HasPrefix(s.Key, "field ") && s.Pos >= h.Node.Pos() && s.Pos < h.Node.End() {
			// The adapter maps the field, but the functions stored in it are in other
			// packages (a table of the server's own tools): checked once the module graph
			// resolves the site.
			return Coverage{Reason: "the handler calls the " + s.Key + " of values built in other packages, which only a run over the whole module follows", Site: s.Pos}
		}
	}
	return Coverage{Checked: true}
}

// instanceCall is the call a definition is made at: the helper call of an instance
// (`adapt.MustTool(s, "get", get)`), or its registration.
func instanceCall(d *mcpmodel.Definition) *ast.CallExpr {
	if call, ok := d.Node.(*ast.CallExpr); ok {
		return call
	}
	return d.Registration
}

// givenHandler is the coverage of a definition whose handler is a function handed to call
// (a helper the definition is an instance of, an adapter that makes the SDK handler): the
// first function-typed argument recognised as a tool handler here, or named in another
// package.
func (r *Result) givenHandler(call *ast.CallExpr) (Coverage, bool) {
	if call == nil || r.r == nil || r.info == nil {
		return Coverage{}, false
	}
	var elsewhere *types.Func
	for _, a := range call.Args {
		if _, ok := types.Unalias(r.info.TypeOf(a)).Underlying().(*types.Signature); !ok {
			continue
		}
		if h := r.r.resolveHandler(a, 0); h != nil && h.Kind == mcpmodel.Tool {
			return r.handlerCoverage(h), true
		}
		if id := astutil.NameIdent(a); id != nil && elsewhere == nil {
			if fn, ok := r.info.Uses[id].(*types.Func); ok && fn.Pkg() != nil && fn.Pkg() != r.pkg {
				elsewhere = fn
			}
		}
	}
	if elsewhere != nil {
		return Coverage{Declared: elsewhere}, true
	}
	return Coverage{}, false
}

// ReturnedHandlers are the declared functions of the package that return a recognised tool
// handler (a factory, a Handler() method of a tool type), with that handler's coverage: a
// registration in another package that calls them is checked when the handler is.
func (r *Result) ReturnedHandlers() map[*types.Func]Coverage {
	out := map[*types.Func]Coverage{}
	if r.r == nil {
		return out
	}
	for fn, decl := range r.r.decls {
		if c := r.madeHandler(decl); c != nil {
			out[fn] = *c
		}
	}
	// Exported functions returning handlers inside a value (cloud-native-mcp-server's
	// GetHandlers, a map of handlers by tool name): checked when each handler is.
	isHandler := func(t types.Type) bool {
		if sig, ok := t.Underlying().(*types.Signature); ok {
			h, ok := r.r.sdk.Shape(sig)
			return ok && h.Kind == mcpmodel.Tool
		}
		return false
	}
	returnsHandler := func(o types.Object) bool {
		fn, _ := o.(*types.Func)
		return fn != nil && slices.ContainsFunc(slices.Collect(fn.Signature().Results().Variables()), func(v *types.Var) bool { return astutil.MayHold(v.Type(), isHandler) })
	}
	for obj, c := range r.r.flow.Exported(func(o types.Object) bool {
		fn, _ := o.(*types.Func)
		_, made := out[fn]
		return fn != nil && !made && astutil.ReturnsList(o, isHandler) && !isHandler(fn.Signature().Results().At(0).Type())
	}) {
		cov, n, unrecognised := Coverage{Reason: "its handler is one of those " + obj.Name() + " returns, which only a run over the whole module follows"}, 0, false
		for _, f := range c.Funcs {
			fo, _ := f.Object().(*types.Func)
			switch {
			case !isHandler(f.Signature):
				continue
			case fo != nil && fo.Pkg() != r.pkg && r.r.ModulePackage(fo.Pkg()):
				cov.ReturnedByAny = append(cov.ReturnedByAny, fo)
			case r.byNode[f.Syntax()] == nil:
				unrecognised = true
			}
			n++
		}
		for _, o := range c.Foreign {
			if r.r.ModulePackage(o.Pkg()) && returnsHandler(o) {
				cov.ReturnedByAny, n = append(cov.ReturnedByAny, o.(*types.Func)), n+1
			}
		}
		if unrecognised {
			cov = Coverage{Reason: "its handler, one of those " + obj.Name() + " returns, is not recognised as a handler"}
		}
		cov.Checked = n > 0 && !unrecognised && len(cov.ReturnedByAny) == 0
		out[obj.(*types.Func)] = cov
	}
	return out
}

// storedIn is the key of the struct field d's value is stored in, or "".
func (r *Result) storedIn(d *mcpmodel.Definition) string {
	if r.r == nil {
		return ""
	}
	return r.r.storedIn[d]
}
