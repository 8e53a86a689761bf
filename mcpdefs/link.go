package mcpdefs

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"golang.org/x/tools/go/ssa"
	"maps"
	"slices"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/layerkey"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// link connects definitions to their handlers: first through registrations and SDK pair
// literals, then through any other call, return or composite literal that holds exactly one
// definition and one handler of the same kind (the handler-factory and own-wrapper patterns).
func (r *recogniser) link() {
	var byContents []registration
	for _, reg := range r.pending {
		if reg.kind == 0 {
			// An argument of AddTools and friends: a pair literal, linked on its own; a
			// helper's call that returns one is that call's instance.
			if c, ok := ast.Unparen(reg.def).(*ast.CallExpr); ok && r.defs[c] != nil && r.defs[c].Instance {
				for _, d := range append(r.templates.Leaves(r.defs[c]), r.defs[c]) {
					if d.Registration == nil {
						d.Registration, d.ViaRegistrar = reg.call, reg.registrar
					}
				}
				continue
			}
			if lit := r.resolveLit(reg.def, 0); lit != nil {
				r.markPairRegistered(lit, reg.call, reg.registrar)
			} else if reg.call != nil {
				r.pairsByContents(reg)
			}
			continue
		}
		d := r.resolveDef(reg.def, reg.kind, 0)
		if d == nil {
			judged := r.foreignRegistration(reg)
			r.fieldRegistration(reg)
			// A registration through an interface or another package's function is judged
			// with that function's tools; otherwise what the argument may hold is registered
			// once pairing has linked what it links.
			if !judged {
				byContents = append(byContents, reg)
			}
		}
		if leaves := r.templates.Leaves(d); len(leaves) > 0 {
			// A registration in a helper registers each of its calls' instances, with the
			// helper's parameters bound to that call's arguments.
			for _, l := range leaves {
				r.withBinding(l, func() {
					r.register(l, reg)
					r.reflectedHandler(l)
				})
				if reg.call != nil {
					r.registeredInHelper[l] = true
				}
			}
			r.registerTemplate(d, reg)
			continue
		}
		r.register(d, reg)
	}
	for _, n := range r.containers {
		r.pair(n)
	}
	for _, reg := range byContents {
		for _, d := range r.defsByContents(reg) {
			if d.HandlerExpr == nil && !d.HandlerNil {
				r.register(d, reg)
			}
		}
	}
	r.linkFieldRegistrations()
	r.linkOwnDefinitions()
	r.markMutated()
	r.templates.PropagateMutated()
	for _, d := range r.res.Definitions {
		if d.HandlerOmitted && d.Mutated && d.HandlerOmittedAt == d.Node {
			// An mcptool literal whose variable is changed later may get its Handler there.
			d.HandlerOmitted, d.HandlerOmittedAt = false, nil
		}
	}
	r.schemas()
	r.revision.HeaderAnnotations()
}

// withBinding runs f with the parameters of the helpers instance d was made through bound
// to its calls' arguments.
func (r *recogniser) withBinding(d *mcpmodel.Definition, f func()) {
	saved := r.bound
	if inst := r.templates.Of(d); inst != nil {
		r.bound = inst.Binding
	}
	defer func() { r.bound = saved }()
	f()
}

// registerTemplate records on a template what a registration in its helper gives it, as
// written there (its parameters), for the helper's HelperFact.
func (r *recogniser) registerTemplate(d *mcpmodel.Definition, reg registration) {
	r.recordRegistration(d, reg)
	if reg.typeArgs != nil && reg.typeArgs.Len() == 2 {
		d.InputType, d.OutputType = reg.typeArgs.At(0), reg.typeArgs.At(1)
	}
	if reg.handler != nil && d.HandlerExpr == nil {
		d.HandlerExpr, d.Handler = reg.handler, r.resolveHandler(reg.handler, 0)
	}
}

// reflectedHandler links instance d to the function its call passes the helper as an
// interface value (`fn any`, called through reflect by the handler the helper registers),
// when that function is a handler of d's kind: the helper's own closure only converts it.
func (r *recogniser) reflectedHandler(d *mcpmodel.Definition) {
	if r.bound == nil || d.Handler == nil {
		return
	}
	if _, closure := d.Handler.Node.(*ast.FuncLit); !closure {
		return
	}
	var found *mcpmodel.Handler
	var arg ast.Expr
	// In parameter order, so that the argument named is the same on every run.
	params := slices.SortedFunc(maps.Keys(r.bound.Args), func(a, b *types.Var) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, p := range params {
		a := r.bound.Args[p]
		if !types.IsInterface(p.Type()) {
			continue
		}
		h := r.resolveHandler(a, 0)
		if h == nil || h.Kind != d.Kind && !(h.Kind == mcpmodel.Resource && d.Kind == mcpmodel.ResourceTemplate) {
			continue
		}
		if found != nil && found != h {
			return
		}
		found, arg = h, a
	}
	if found != nil {
		found.Registered = true
		d.Handler, d.HandlerExpr = found, arg
	}
}

// register links definition d (nil for a dynamic one) to registration reg.
func (r *recogniser) register(d *mcpmodel.Definition, reg registration) {
	if d != nil {
		r.recordRegistration(d, reg)
	}
	if d != nil && reg.omitted && d.HandlerExpr == nil {
		d.HandlerOmitted, d.HandlerOmittedAt = true, reg.lit
	}
	if d != nil && reg.typeArgs != nil && reg.typeArgs.Len() == 2 {
		d.InputType, d.OutputType = reg.typeArgs.At(0), reg.typeArgs.At(1)
		if r.bound != nil {
			d.InputType, d.OutputType = r.bound.Subst(d.InputType), r.bound.Subst(d.OutputType)
		}
	}
	if reg.handler != nil {
		r.attach(d, r.through(reg.handler))
	}
}

// recordRegistration records on d the first call that registers it, and which go-sdk API
// that call is.
func (r *recogniser) recordRegistration(d *mcpmodel.Definition, reg registration) {
	if reg.call == nil || d.Registration != nil {
		return
	}
	d.Registration, d.ViaRegistrar = reg.call, reg.registrar
	switch reg.api {
	case sdkapi.GoSDKMCPPath + ".AddTool":
		r.registeredAs[d] = regGoTyped
	case sdkapi.GoSDKMCPPath + ".Server.AddTool":
		r.registeredAs[d] = regGoLowLevel
	}
}

// markPairRegistered records the registering call on the definition inside a pair literal.
func (r *recogniser) markPairRegistered(lit *ast.CompositeLit, call *ast.CallExpr, viaRegistrar bool) {
	if tv, ok := r.pass.TypesInfo.Types[lit]; ok {
		switch tv.Type.Underlying().(type) {
		case *types.Slice, *types.Array:
			// AddTools(tools()...) where tools returns a slice literal of pairs.
			for _, elt := range lit.Elts {
				if el := r.resolveLit(elt, 0); el != nil {
					r.markPairRegistered(el, call, viaRegistrar)
				}
			}
			return
		}
	}
	f := r.fields(lit)
	for _, field := range []string{"Tool", "Resource", "Template", "Prompt"} {
		if e, ok := f[field]; ok {
			for _, k := range []mcpmodel.Kind{mcpmodel.Tool, mcpmodel.Resource, mcpmodel.ResourceTemplate, mcpmodel.Prompt} {
				if d := r.resolveDef(e, k, 0); d != nil && d.Registration == nil {
					d.Registration, d.ViaRegistrar = call, viaRegistrar
				}
			}
		}
	}
}

// attach links handler expression h to definition d (d may be nil for a dynamic definition;
// the handler is still marked registered).
func (r *recogniser) attach(d *mcpmodel.Definition, h ast.Expr) {
	if leaves := r.templates.Leaves(d); len(leaves) > 0 {
		// A handler linked in a helper: each instance's, through its binding.
		for _, l := range leaves {
			r.withBinding(l, func() {
				r.attach(l, r.through(h))
				r.reflectedHandler(l)
			})
		}
		if d.HandlerExpr == nil {
			d.HandlerExpr = h
		}
		return
	}
	handler := r.resolveHandler(h, 0)
	if handler != nil {
		handler.Registered = true
	}
	if d == nil || d.HandlerExpr != nil {
		return
	}
	d.HandlerExpr = h
	if id, ok := ast.Unparen(h).(*ast.Ident); ok && r.pass.TypesInfo.Uses[id] == types.Universe.Lookup("nil") {
		d.HandlerNil = true
	}
	d.Handler = handler
	if handler != nil && d.SDK == sdkapi.MCPTool && handler.SDK == sdkapi.GoSDK {
		// An mcptool.Resource handler has go-sdk's type, but mcptool maps its errors.
		handler.SDK = sdkapi.MCPTool
	}
	if handler != nil && d.Kind == mcpmodel.Tool {
		if d.InputType == nil && handler.In != nil {
			d.InputType = handler.In
		}
		if d.OutputType == nil && handler.Out != nil {
			d.OutputType = handler.Out
		}
	}
}

// pair links a definition and a handler found side by side in an arbitrary container.
func (r *recogniser) pair(n ast.Node) {
	var elems []ast.Expr
	switch n := n.(type) {
	case *ast.CallExpr:
		elems = n.Args
	case *ast.ReturnStmt:
		elems = n.Results
	case *ast.CompositeLit:
		for _, e := range n.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				e = kv.Value
			}
			elems = append(elems, e)
		}
	}
	if len(elems) < 2 {
		return
	}
	// Handlers first: they are cheap to spot by type, and most containers have none.
	var hexpr ast.Expr
	var kind mcpmodel.Kind
	for _, e := range elems {
		k, ok := r.handlerKind(e)
		if !ok {
			k, ok = r.adaptedKind(e)
		}
		if ok {
			if hexpr != nil {
				return
			}
			hexpr, kind = e, k
		}
	}
	if hexpr == nil {
		return
	}
	var def *mcpmodel.Definition
	for _, e := range elems {
		if e == hexpr {
			continue
		}
		if d := r.resolveDef(e, kind, 0); d != nil {
			if def != nil && def != d {
				return
			}
			def = d
		}
	}
	if def != nil {
		r.attach(def, hexpr)
	}
}

// handlerKind reports whether e's type is a handler signature, and of which kind.
func (r *recogniser) handlerKind(e ast.Expr) (mcpmodel.Kind, bool) {
	t := r.pass.TypesInfo.TypeOf(e)
	if t == nil {
		return 0, false
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		return 0, false
	}
	h, ok := r.sdk.Shape(sig)
	if !ok {
		return 0, false
	}
	if h.Kind == mcpmodel.Resource {
		// Resource and template handlers share one type; the definition decides.
		return mcpmodel.Resource, true
	}
	return h.Kind, true
}

// adaptedKind reports whether e is a function recognised as a handler by other means than
// its type (one given to a pass-through adapter, or a delegate), and of which kind. Only
// function-typed expressions are followed, so ordinary arguments cost a type lookup.
func (r *recogniser) adaptedKind(e ast.Expr) (mcpmodel.Kind, bool) {
	t := r.pass.TypesInfo.TypeOf(e)
	if t == nil {
		return 0, false
	}
	if _, isFunc := t.Underlying().(*types.Signature); !isFunc {
		return 0, false
	}
	h := r.resolveHandler(e, 0)
	if h == nil {
		return 0, false
	}
	if h.Kind == mcpmodel.ResourceTemplate {
		return mcpmodel.Resource, true
	}
	return h.Kind, true
}

// resolveDef follows e to the definition it denotes, or nil. Resource handlers also serve
// templates, so kind Resource matches both.
func (r *recogniser) resolveDef(e ast.Expr, kind mcpmodel.Kind, depth int) *mcpmodel.Definition {
	if e == nil || depth > maxDepth {
		return nil
	}
	match := func(d *mcpmodel.Definition) *mcpmodel.Definition {
		if d == nil {
			return nil
		}
		if d.Kind == kind || (kind == mcpmodel.Resource && d.Kind == mcpmodel.ResourceTemplate) || (kind == mcpmodel.ResourceTemplate && d.Kind == mcpmodel.Resource) {
			return d
		}
		return nil
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return match(r.defs[x])
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return r.resolveDef(x.X, kind, depth+1)
		}
	case *ast.StarExpr:
		return r.resolveDef(x.X, kind, depth+1)
	case *ast.Ident, *ast.SelectorExpr:
		if v := r.singleAssignment(x); v != nil {
			return r.resolveDef(v, kind, depth+1)
		}
		if t, ok := r.tupleAssignment(x); ok {
			for _, res := range r.calleeReturns(t.call, t.index) {
				if d := r.resolveDef(res, kind, depth+1); d != nil {
					return d
				}
			}
		}
	case *ast.CallExpr:
		if d := match(r.defs[x]); d != nil {
			return d
		}
		fn := r.callee(x)
		if fn == nil || r.decls[fn] == nil {
			return nil
		}
		var found *mcpmodel.Definition
		for i := 0; i < fn.Signature().Results().Len(); i++ {
			for _, res := range r.calleeReturns(x, i) {
				d := r.resolveDef(res, kind, depth+1)
				if d == nil {
					continue
				}
				if found != nil && found != d {
					return nil
				}
				found = d
			}
		}
		return found
	}
	return nil
}

// resolveHandler follows e to a handler whose body is in this package, or nil.
// heldHandler is the handler a package variable of this package holds for the whole run, as
// the flow engine sees it (`var list = (&tools{}).list`, `var list = newList()`): the
// method or the closure; nil when it holds no one function or that is no handler.
func (r *recogniser) heldHandler(v *types.Var) *mcpmodel.Handler {
	pkg := r.flow.Package()
	if pkg == nil || v.Pkg() != r.pass.Pkg || v.Parent() != r.pass.Pkg.Scope() {
		return nil
	}
	g, ok := pkg.Members[v.Name()].(*ssa.Global)
	if !ok {
		return nil
	}
	fn := r.flow.HeldBy(g)
	if fn == nil {
		return nil
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		if decl := r.decls[obj.Origin()]; decl != nil {
			return r.res.byNode[decl]
		}
		return nil
	}
	if syn := fn.Syntax(); syn != nil {
		return r.res.byNode[syn]
	}
	return nil
}

func (r *recogniser) resolveHandler(e ast.Expr, depth int) *mcpmodel.Handler {
	if e == nil || depth > maxDepth {
		return nil
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return r.res.byNode[x]
	case *ast.Ident, *ast.SelectorExpr:
		id := astutil.NameIdent(x)
		switch obj := r.pass.TypesInfo.Uses[id].(type) {
		case *types.Func:
			if decl := r.decls[obj.Origin()]; decl != nil {
				return r.res.byNode[decl]
			}
		case *types.Var:
			if h := r.heldHandler(obj); h != nil {
				return h
			}
			if v := r.singleAssignment(x); v != nil {
				return r.resolveHandler(v, depth+1)
			}
			if t, ok := r.tupleAssignment(x); ok {
				return astutil.ResolveAll(r.calleeReturns(t.call, t.index), func(res ast.Expr) *mcpmodel.Handler { return r.resolveHandler(res, depth+1) })
			}
		}
	case *ast.CallExpr:
		fn := r.callee(x)
		if fn == nil {
			return nil
		}
		if fn.Pkg() != nil && fn.Pkg().Path() == sdkapi.MarkLabsMCPPath && (fn.Name() == "NewTypedToolHandler" || fn.Name() == "NewStructuredToolHandler") && len(x.Args) == 1 {
			if h := r.resolveHandler(x.Args[0], depth+1); h != nil || fn.Name() != "NewStructuredToolHandler" {
				return h
			}
			// A decorator returning the function type it is given (weaviate's
			// mcpmetrics.Instrument(m, name, searcher.Hybrid)): the structured handler is what
			// it decorates, and its errors become tool errors whatever the decorator does.
			if c, ok := ast.Unparen(x.Args[0]).(*ast.CallExpr); ok {
				sig, _ := r.pass.TypesInfo.TypeOf(c.Fun).(*types.Signature)
				for i := 0; sig != nil && sig.Results().Len() == 1 && i < min(sig.Params().Len(), len(c.Args)); i++ {
					if types.Identical(sig.Params().At(i).Type(), sig.Results().At(0).Type()) {
						return r.resolveHandler(c.Args[i], depth+1)
					}
				}
			}
			return nil
		}
		return astutil.ResolveAll(r.calleeReturns(x, 0), func(res ast.Expr) *mcpmodel.Handler { return r.resolveHandler(res, depth+1) })
	}
	return nil
}

// foreignRegistration records a tool registered here whose definition a function of another
// package of the module builds (`s.AddTool(tools.NewListAlertsTool(), handler)`): that
// package sees the definition and no registration, this one the registration and no
// definition; a run over both puts them together for its coverage. It reports whether the
// definition argument is judged there alone (a call or an interface's method).
func (r *recogniser) foreignRegistration(reg registration) bool {
	if reg.kind != mcpmodel.Tool || reg.handler == nil {
		return false
	}
	// Definitions other packages' functions build, reached through a value: sqlite-mcp's
	// `for _, tool := range qt.GetTools() { s.AddTool(tool, qt.HandleTool) }`, or a call of
	// a function a table holds (mcp-nutanix's `s.AddTool(tool.Func(), tool.Handler)`).
	throughValue := func() bool {
		if arg := r.defArgument(reg); arg != nil {
			for _, fn := range r.flow.ContentsOf(arg).Foreign {
				if r.ModulePackage(fn.Pkg()) {
					r.res.ForeignTools = append(r.res.ForeignTools, ForeignTool{Source: fn, Handler: r.through(reg.handler), Registration: reg.call})
				}
			}
		}
		return false
	}
	call, ok := ast.Unparen(reg.def).(*ast.CallExpr)
	if !ok {
		return throughValue()
	}
	if ft, ok := r.interfaceRegistration(call, reg); ok {
		r.res.ForeignTools = append(r.res.ForeignTools, ft)
		return true
	}
	fn := r.callee(call)
	if fn == nil {
		return throughValue()
	}
	if fn.Pkg() == nil || fn.Pkg() == r.pass.Pkg || !r.ModulePackage(fn.Pkg()) {
		return false
	}
	r.res.ForeignTools = append(r.res.ForeignTools, ForeignTool{Source: fn, Handler: r.through(reg.handler), Registration: reg.call})
	return true
}

// interfaceRegistration reads `mcp.AddTool(s, t.Definition(), t.Handler())` with t of an
// interface type of the module: every module type that implements it defines a tool in its
// Definition method and makes its handler in its Handler method (forgejo-mcp's ToolImpl).
func (r *recogniser) interfaceRegistration(def *ast.CallExpr, reg registration) (ForeignTool, bool) {
	sel, ok := ast.Unparen(def.Fun).(*ast.SelectorExpr)
	if !ok {
		return ForeignTool{}, false
	}
	s := r.pass.TypesInfo.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal || !types.IsInterface(s.Recv()) {
		return ForeignTool{}, false
	}
	iface, _ := s.Recv().Underlying().(*types.Interface)
	named, _ := types.Unalias(s.Recv()).(*types.Named)
	if iface == nil || named == nil || named.Obj().Pkg() == nil || !r.ModulePackage(named.Obj().Pkg()) {
		return ForeignTool{}, false
	}
	ft := ForeignTool{DefMethod: layerkey.MethodKey(s.Obj().(*types.Func)), Interface: layerkey.InterfaceKeys(iface), Handler: r.through(reg.handler), Registration: reg.call}
	// The handler is a method of the same value: t.Handle (gin-vue-admin's McpTool registry).
	if hsel, ok := ast.Unparen(reg.handler).(*ast.SelectorExpr); ok && types.ExprString(hsel.X) == types.ExprString(sel.X) {
		if hs := r.pass.TypesInfo.Selections[hsel]; hs != nil && hs.Kind() == types.MethodVal {
			ft.HandlerValue = layerkey.MethodKey(hs.Obj().(*types.Func))
		}
	}
	// The handler made by a method of the same value: t.Handler(), t.Handler(ctx, engine).
	if hc, ok := ast.Unparen(reg.handler).(*ast.CallExpr); ok {
		if hsel, ok := ast.Unparen(hc.Fun).(*ast.SelectorExpr); ok && types.ExprString(hsel.X) == types.ExprString(sel.X) {
			if hs := r.pass.TypesInfo.Selections[hsel]; hs != nil && hs.Kind() == types.MethodVal {
				ft.HandlerMethod = layerkey.MethodKey(hs.Obj().(*types.Func))
			}
		}
	}
	return ft, true
}

// linkFieldRegistrations records RegisteredBy on the definitions written in field F of a struct
// literal when a registration reads its definition from field F of a value of that struct.
func (r *recogniser) linkFieldRegistrations() {
	byField := map[*types.Var]*ast.CallExpr{}
	for _, reg := range r.pending {
		sel, _ := ast.Unparen(reg.def).(*ast.SelectorExpr)
		if s, ok := r.pass.TypesInfo.Selections[sel]; ok && reg.call != nil && s.Kind() == types.FieldVal && byField[s.Obj().(*types.Var).Origin()] == nil {
			byField[s.Obj().(*types.Var).Origin()] = reg.call
		}
	}
	for _, n := range r.containers {
		if lit, ok := n.(*ast.CompositeLit); ok && len(byField) > 0 {
			for _, e := range lit.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if f, ok := r.pass.TypesInfo.Uses[astutil.NameIdent(kv.Key)].(*types.Var); ok && byField[f.Origin()] != nil {
						if d := r.resolveDef(kv.Value, mcpmodel.Tool, 0); d != nil && d.Registration == nil && d.RegisteredBy == nil {
							d.RegisteredBy = byField[f.Origin()]
						}
					}
				}
			}
		}
	}
}

// pairsByContents marks registered the pair literals whose handler an AddTools argument the
// literals cannot name leads to (a slice appended with an interface method's results).
func (r *recogniser) pairsByContents(reg registration) {
	c := r.flow.CallAt(reg.call.Lparen)
	if c == nil {
		return
	}
	fns := map[*ssa.Function]bool{}
	for _, f := range r.flow.ContentsOf(c.Call.Args...).Funcs {
		fns[f] = true
	}
	for _, p := range r.pending {
		if p.lit != nil && p.handler != nil && fns[r.flow.Function(r.funcNode(p.handler, 0))] {
			r.markPairRegistered(p.lit, reg.call, reg.registrar)
		}
	}
}

// defsByContents are the definitions of the package a registration's definition argument
// may hold, followed by allocation when the argument names none (memos' `for _, tool :=
// range tools { s.AddTool(tool, h) }` over the tools a function of the package builds and
// returns): each is registered there. An argument that is a parameter of the enclosing
// function is a registrar's, whose callers' definitions are linked through it otherwise.
func (r *recogniser) defsByContents(reg registration) []*mcpmodel.Definition {
	arg := r.defArgument(reg)
	if arg == nil {
		return nil
	}
	built := map[token.Pos]bool{}
	for _, pos := range r.flow.ContentsOf(arg).Built {
		built[pos] = true
	}
	var out []*mcpmodel.Definition
	for _, d := range r.res.Definitions {
		if d.Kind != reg.kind || d.Registration != nil || d.Template || d.Converter || !built[astutil.BuiltAt(d.Node)] {
			continue
		}
		out = append(out, d)
	}
	return out
}

// defArgument is the SSA value of a registration's definition argument, or nil for one that
// is a parameter of the enclosing function (a registrar's, whose callers' definitions are
// linked through it otherwise).
func (r *recogniser) defArgument(reg registration) ssa.Value {
	if reg.call == nil || reg.def == nil {
		return nil
	}
	if v, ok := r.pass.TypesInfo.Uses[astutil.NameIdent(reg.def)].(*types.Var); ok && astutil.IsParam(r.pass.Files, v) {
		return nil
	}
	c := r.flow.CallAt(reg.call.Lparen)
	k := slices.Index(reg.call.Args, reg.def)
	if c == nil || k < 0 || reg.call.Ellipsis.IsValid() {
		return nil
	}
	off := len(c.Call.Args) - len(reg.call.Args) // the receiver of a method call
	if off < 0 || off > 1 {
		return nil
	}
	return c.Call.Args[off+k]
}
