package adapters

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/adapters/wraps"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Mapping, Wrap, AdapterFact and OwnResultFact are the plain data an adapter's mapping
// crosses packages as (package wraps).
type (
	Mapping             = wraps.Mapping
	Wrap                = wraps.Wrap
	AdapterFact         = wraps.AdapterFact
	ReturnedAdapterFact = wraps.ReturnedAdapterFact
	OwnResultFact       = wraps.OwnResultFact
)

// OwnResults are the own result types this package's adapters convert and those other
// packages' facts record, with each one's error field.
func (r *Finder) OwnResults() map[*types.TypeName]string {
	out := map[*types.TypeName]string{}
	if r.pass.AllObjectFacts != nil {
		for _, of := range r.pass.AllObjectFacts() {
			if f, ok := of.Fact.(*OwnResultFact); ok {
				if tn, ok := of.Object.(*types.TypeName); ok {
					out[tn] = f.ErrorField
				}
			}
		}
	}
	for tn, field := range r.ownResults {
		out[tn] = field
	}
	return out
}

func (r *Finder) addParamWrap(fn *types.Func, w Wrap) {
	addWrap(r.paramWraps, fn.Origin(), w)
}

// addWrap records w under key unless a wrap of the same parameter and method is there: the
// first mapping found for a parameter stands.
func addWrap[K comparable](wraps map[K][]Wrap, key K, w Wrap) {
	if !slices.ContainsFunc(wraps[key], func(old Wrap) bool { return old.Param == w.Param && old.Method == w.Method }) {
		wraps[key] = append(wraps[key], w)
	}
}

// Exporting reports whether this package's adapters are recorded as facts: packages of the
// module being checked, not the SDKs or other dependencies.
func (r *Finder) Exporting() bool {
	return flow.InModule(r.pass.Module, r.pass.Pkg) && !sdkapi.KnownPackage(r.pass.Pkg.Path()) && r.pass.ExportObjectFact != nil
}

// exportFacts records this package's adapters as facts.
func (r *Finder) exportFacts() {
	if !r.Exporting() {
		return
	}
	export := func(obj types.Object, ws []Wrap) {
		if obj.Pkg() == r.pass.Pkg && len(ws) > 0 {
			r.pass.ExportObjectFact(obj, &AdapterFact{Wraps: ws})
		}
	}
	for fn, ws := range r.paramWraps {
		export(fn, ws)
	}
	for v, ws := range r.heldWraps {
		export(v, ws)
	}
	for fn, ws := range r.resultWraps {
		if fn.Pkg() == r.pass.Pkg {
			r.pass.ExportObjectFact(fn, &ReturnedAdapterFact{Wraps: ws})
		}
	}
	for f, m := range r.fieldWraps {
		export(f, []Wrap{{Param: -1, Mapping: m}})
	}
	for im, m := range r.ifaceWraps {
		export(im, []Wrap{{Param: -1, Mapping: m}})
	}
	for tn, m := range r.convWraps {
		export(tn, []Wrap{{Param: -1, Mapping: m}})
	}
	for tn, field := range r.ownResults {
		if tn.Pkg() == r.pass.Pkg {
			r.pass.ExportObjectFact(tn, &OwnResultFact{ErrorField: field})
		}
	}
}

// importedWraps returns the wraps a fact records for obj (an object of another package).
func (r *Finder) importedWraps(obj types.Object) []Wrap {
	if obj == nil || obj.Pkg() == nil || obj.Pkg() == r.pass.Pkg || r.pass.ImportObjectFact == nil {
		return nil
	}
	var f AdapterFact
	if !r.pass.ImportObjectFact(obj, &f) {
		return nil
	}
	return f.Wraps
}

func (r *Finder) wrapsOf(fn *types.Func) []Wrap {
	if fn == nil {
		return nil
	}
	if ws := r.paramWraps[fn.Origin()]; ws != nil {
		return ws
	}
	return r.importedWraps(fn.Origin())
}

// returnedWraps are the wraps of the adapter closure fn returns (ReturnedAdapterFact).
func (r *Finder) returnedWraps(fn *types.Func) []Wrap {
	if fn == nil {
		return nil
	}
	if ws := r.resultWraps[fn]; ws != nil {
		return ws
	}
	var f ReturnedAdapterFact
	if fn.Pkg() == nil || fn.Pkg() == r.pass.Pkg || r.pass.ImportObjectFact == nil || !r.pass.ImportObjectFact(fn, &f) {
		return nil
	}
	return f.Wraps
}

// single returns the one mapping of a field, method or type fact.
func single(ws []Wrap) (Mapping, bool) {
	if len(ws) != 1 {
		return Mapping{}, false
	}
	return ws[0].Mapping, true
}

// applyWraps recognises the functions the module's adapters (this package's and, through
// facts, other packages') are given: arguments of adapter calls, implementations of
// interface methods adapters call, values converted to func types whose method an adapter
// calls, and functions written to fields adapters call.
func (r *Finder) ApplyWraps() {
	r.storedParams()
	r.forwardedParams()
	r.implementations()
	for _, c := range r.Containers() {
		call, ok := c.(*ast.CallExpr)
		if !ok {
			continue
		}
		if tv, ok := r.pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
			if m, ok := r.conversionWrap(tv.Type); ok {
				r.give(call.Args[0], m, 0)
			}
			continue
		}
		fn := r.Callee(call)
		if v, ok := r.pass.TypesInfo.Uses[astutil.NameIdent(call.Fun)].(*types.Var); ok && fn == nil && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
			// An adapter called through a package variable that holds it: `var wrap =
			// (&adapters{}).wrap`, `var wrap = newWrap()`.
			fn = r.flow.CalleeOf(r.flow.CallAt(call.Lparen))
		}
		ws := r.wrapsOf(fn)
		if v, ok := r.pass.TypesInfo.Uses[astutil.NameIdent(call.Fun)].(*types.Var); ok && fn == nil {
			// An adapter that is a closure a package variable holds (`var wrap = newWrap()`).
			ws = r.heldWraps[v]
			if ws == nil {
				ws = r.importedWraps(v)
			}
			if ws == nil {
				ws = r.returnedWraps(r.flow.FactoryOf(v))
			}
		}
		for _, w := range ws {
			if w.Param < 0 || w.Param >= len(call.Args) {
				continue
			}
			arg := call.Args[w.Param]
			if w.Method != "" {
				r.giveImplementation(fn, call, arg, w)
				continue
			}
			r.give(arg, w.Mapping, 0)
		}
	}
	r.fieldWrites()
	r.exportFacts()
}

// forwardedParams makes a function of this package an adapter of its own parameter when it
// hands that parameter unchanged to an adapter's wrapped parameter (giantswarm's
// registerPrometheusTools passes its handler to withDynamicPrometheusClient): what its callers
// give for the parameter is wrapped the same way. Chains of such helpers are followed a few
// levels.
func (r *Finder) forwardedParams() {
	for round := 0; round < 3; round++ {
		changed := false
		for fn, decl := range r.Decls {
			if decl.Body == nil {
				continue
			}
			params := fn.Signature().Params()
			ast.Inspect(decl.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				for _, w := range r.wrapsOf(r.Callee(call)) {
					if w.Method != "" || w.Param < 0 || w.Param >= len(call.Args) {
						continue
					}
					id, ok := ast.Unparen(call.Args[w.Param]).(*ast.Ident)
					if !ok {
						continue
					}
					v, _ := r.pass.TypesInfo.Uses[id].(*types.Var)
					if i := indexOf(params, v); i >= 0 && !slices.ContainsFunc(r.paramWraps[fn.Origin()], func(old Wrap) bool { return old.Param == i && old.Method == "" }) {
						r.addParamWrap(fn, Wrap{Param: i, Mapping: w.Mapping})
						changed = true
					}
				}
				return true
			})
		}
		if !changed {
			return
		}
	}
}

// storedParams makes a constructor of this package an adapter of its own parameter when it
// stores that parameter unchanged in a field an adapter calls (razorpay's
// mcpgo.NewTool(name, description, params, handler) returning &impl{handler: handler}):
// what its callers give for the parameter is wrapped as the field is.
func (r *Finder) storedParams() {
	for fn, decl := range r.Decls {
		if decl.Body == nil {
			continue
		}
		params := fn.Signature().Params()
		r.eachFieldWrite(decl.Body, func(f *types.Var, val ast.Expr) {
			id, ok := ast.Unparen(val).(*ast.Ident)
			if !ok {
				return
			}
			v, _ := r.pass.TypesInfo.Uses[id].(*types.Var)
			i := indexOf(params, v)
			if i < 0 {
				return
			}
			if m, ok := r.fieldMapping(f); ok {
				m.Via = mcpmodel.ShapeField
				r.addParamWrap(fn, Wrap{Param: i, Mapping: m})
			}
		})
	}
}

// overrides applies the adapters that hand a function's results to the SDK unchanged
// (Mapping.Override) to the functions given to them, before pass-through adapters take those
// functions' semantics as their template.
func (r *Finder) Overrides() {
	for _, c := range r.Containers() {
		call, ok := c.(*ast.CallExpr)
		if !ok {
			continue
		}
		for _, w := range r.wrapsOf(r.Callee(call)) {
			if w.Override && w.Method == "" && w.Param >= 0 && w.Param < len(call.Args) {
				r.give(call.Args[w.Param], w.Mapping, 0)
			}
		}
	}
}

// conversionWrap returns the mapping of a func type whose method an adapter calls.
func (r *Finder) conversionWrap(t types.Type) (Mapping, bool) {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return Mapping{}, false
	}
	tn := named.Origin().Obj()
	if m, ok := r.convWraps[tn]; ok {
		return m, true
	}
	return single(r.importedWraps(tn))
}

// giveImplementation handles a value given to an adapter that calls one of its interface
// methods: a concrete type of this package has its method recognised here; one whose package
// sees the interface had it recognised there (implementations); any other is out of reach.
func (r *Finder) giveImplementation(adapter *types.Func, call *ast.CallExpr, arg ast.Expr, w Wrap) {
	t := r.pass.TypesInfo.TypeOf(arg)
	if t == nil || types.IsInterface(t) {
		return // the implementations are recognised where they are declared
	}
	ptr, isPtr := t.(*types.Pointer)
	if isPtr {
		t = ptr.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return
	}
	obj, _, _ := types.LookupFieldOrMethod(named, true, named.Obj().Pkg(), w.Method)
	m, _ := obj.(*types.Func)
	if m == nil {
		return
	}
	if decl := r.Decls[m.Origin()]; decl != nil {
		if _, isFunc := named.Underlying().(*types.Signature); isFunc && r.callsReceiver(decl) {
			r.give(arg, w.Mapping, 0) // HandlerFunc(f): f is the handler
			return
		}
		r.bindDecl(decl, m, w.Mapping)
		return
	}
	iface := r.adapterInterface(adapter, w)
	if iface != nil && m.Pkg() != nil && astutil.FindPackage(m.Pkg(), iface.Pkg().Path()) != nil {
		return
	}
	r.AddUnmapped(mcpmodel.Unmapped{Adapter: adapter, Call: call,
		Reason: fmt.Sprintf("the wrapped method %s is declared in %s, which does not import the adapter's interface", m.Name(), m.Pkg().Path()), SDK: w.SDK})
}

// adapterInterface is the named interface type of the adapter parameter w wraps, or nil.
func (r *Finder) adapterInterface(adapter *types.Func, w Wrap) *types.TypeName {
	params := adapter.Signature().Params()
	if w.Param >= params.Len() {
		return nil
	}
	if named, ok := types.Unalias(params.At(w.Param).Type()).(*types.Named); ok {
		return named.Obj()
	}
	return nil
}

// implementations recognises the methods of this package's types that implement an
// interface method an adapter calls (this package's adapters, or others' through facts). A
// func type whose method only calls its receiver (aks-mcp's ResourceHandlerFunc) is not
// itself a handler: the functions converted to it are.
func (r *Finder) implementations() {
	ifaces := map[*types.Func]Mapping{}
	for im, m := range r.ifaceWraps {
		ifaces[im] = m
	}
	if r.pass.AllObjectFacts != nil {
		for _, of := range r.pass.AllObjectFacts() {
			im, ok := of.Object.(*types.Func)
			f, isAdapter := of.Fact.(*AdapterFact)
			if !ok || !isAdapter || im.Signature().Recv() == nil || !types.IsInterface(im.Signature().Recv().Type()) {
				continue
			}
			if m, ok := single(f.Wraps); ok {
				ifaces[im] = m
			}
		}
	}
	if len(ifaces) == 0 {
		return
	}
	scope := r.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || types.IsInterface(named) || named.TypeParams().Len() > 0 {
			continue
		}
		for im, m := range ifaces {
			iface, _ := im.Signature().Recv().Type().Underlying().(*types.Interface)
			if iface == nil || !(types.Implements(named, iface) || types.Implements(types.NewPointer(named), iface)) {
				continue
			}
			obj, _, _ := types.LookupFieldOrMethod(named, true, r.pass.Pkg, im.Name())
			meth, _ := obj.(*types.Func)
			if meth == nil || r.Decls[meth] == nil {
				continue
			}
			decl := r.Decls[meth]
			if _, isFunc := named.Underlying().(*types.Signature); isFunc && r.callsReceiver(decl) {
				m.Via = mcpmodel.ShapeInterface
				r.convWraps[tn] = m
				continue
			}
			m.Via = mcpmodel.ShapeInterface
			r.bindDecl(decl, meth, m)
		}
	}
}

// callsReceiver reports whether a method of a func type only calls its receiver:
// func (f HandlerFunc) Handle(ctx, p) (string, error) { return f(ctx, p) }.
func (r *Finder) callsReceiver(decl *ast.FuncDecl) bool {
	if decl.Body == nil || len(decl.Body.List) != 1 || decl.Recv == nil || len(decl.Recv.List) != 1 || len(decl.Recv.List[0].Names) != 1 {
		return false
	}
	ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	return ok && r.pass.TypesInfo.Uses[id] != nil && r.pass.TypesInfo.Uses[id] == r.pass.TypesInfo.Defs[decl.Recv.List[0].Names[0]]
}

// give recognises the functions e denotes as wrapped with m: a literal, a function or method
// of this package (a method value too), the closures a factory of this package returns, a
// variable assigned one of these, the elements of a map or slice literal a range variable or
// an index expression takes its value from, and the functions written to a field selected
// from a struct (slices of tool/handler pairs).
func (r *Finder) give(e ast.Expr, m Mapping, depth int) {
	if e == nil || depth > mcpmodel.MaxDepth {
		return
	}
	info := r.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		sig, _ := info.TypeOf(x).(*types.Signature)
		if sig != nil {
			r.bind(x, x.Type, x.Body, sig, "", m)
		}
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() {
			if len(x.Args) == 1 {
				r.give(x.Args[0], m, depth+1) // HandlerFunc(f)
			}
			return
		}
		// A factory of this package: the closures it returns are what is wrapped.
		fn := r.Callee(x)
		if fn == nil || r.Decls[fn] == nil {
			return
		}
		for _, ret := range r.Returns[r.Decls[fn]] {
			if len(ret.Results) == 1 {
				r.give(ret.Results[0], m, depth+1)
			}
		}
	case *ast.IndexExpr, *ast.IndexListExpr:
		var base ast.Expr
		if ix, ok := x.(*ast.IndexExpr); ok {
			base = ix.X
		} else {
			base = x.(*ast.IndexListExpr).X
		}
		if r.IsInstance(base) {
			r.give(base, m, depth+1) // handle[Out]: an instantiation
			return
		}
		r.giveElements(base, m, depth+1) // handlers["name"]
	case *ast.Ident, *ast.SelectorExpr:
		if sel, ok := x.(*ast.SelectorExpr); ok {
			if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
				if f, ok := s.Obj().(*types.Var); ok {
					r.fieldGiven[f.Origin()] = m
				}
				return
			}
		}
		switch obj := info.Uses[astutil.NameIdent(x)].(type) {
		case *types.Func:
			if decl := r.Decls[obj.Origin()]; decl != nil {
				r.bindDecl(decl, obj, m)
			} else if f := obj.Origin(); f.Pkg() != nil && f.Pkg() != r.pass.Pkg && r.ModulePackage(f.Pkg()) {
				// Declared in a package analysed before this one: the module graph binds it
				// there (see LayerSite).
				r.sites = append(r.sites, LayerSite{Pos: x.Pos(), Key: "decl", Mapping: m, Callee: f.Pos(), CalleePkg: f.Pkg().Path()})
			}
		case *types.Var:
			if rx := r.rangeValue(obj); rx != nil {
				r.giveElements(rx, m, depth+1)
				return
			}
			if v := r.SingleAssignment(x); v != nil {
				r.give(v, m, depth+1)
			}
		}
	}
}

// giveElements gives the values of the map or slice literal e resolves to.
func (r *Finder) giveElements(e ast.Expr, m Mapping, depth int) {
	lit := r.ResolveLit(e, depth)
	if lit == nil {
		return
	}
	switch r.pass.TypesInfo.TypeOf(lit).Underlying().(type) {
	case *types.Map, *types.Slice, *types.Array:
	default:
		return
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			elt = kv.Value
		}
		r.give(elt, m, depth+1)
	}
}

// rangeValue returns what v ranges over when v is the value variable of a range statement.
func (r *Finder) rangeValue(v *types.Var) ast.Expr {
	if r.rangeOf == nil {
		r.rangeOf = map[types.Object]ast.Expr{}
		for _, f := range r.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if rs, ok := n.(*ast.RangeStmt); ok && rs.Value != nil {
					if id, ok := rs.Value.(*ast.Ident); ok {
						if o := r.pass.TypesInfo.Defs[id]; o != nil {
							r.rangeOf[o] = rs.X
						}
					}
				}
				return true
			})
		}
	}
	return r.rangeOf[v]
}

// fieldWrites recognises the functions written to fields whose functions an adapter calls,
// in keyed and positional composite literals of this package.
func (r *Finder) fieldWrites() {
	for _, file := range r.pass.Files {
		r.eachFieldWrite(file, func(f *types.Var, val ast.Expr) {
			if m, ok := r.fieldMapping(f); ok {
				if m.Via != mcpmodel.ShapePassThrough && m.Via != mcpmodel.ShapeDelegate {
					m.Via = mcpmodel.ShapeField
				}
				r.give(val, m, 0)
			}
		})
	}
}

// fieldMapping is the mapping of the adapters that call field f: this package's, one given
// to the field here, or another package's fact.
func (r *Finder) fieldMapping(f *types.Var) (Mapping, bool) {
	f = f.Origin()
	if m, ok := r.fieldWraps[f]; ok {
		return m, true
	}
	if m, ok := r.fieldGiven[f]; ok {
		return m, true
	}
	return single(r.importedWraps(f))
}

// eachFieldWrite calls write for each field value of the struct composite literals in root.
func (r *Finder) eachFieldWrite(root ast.Node, write func(f *types.Var, val ast.Expr)) {
	info := r.pass.TypesInfo
	ast.Inspect(root, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		t := info.TypeOf(lit)
		if t == nil {
			return true
		}
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return true
		}
		for i, elt := range lit.Elts {
			var f *types.Var
			val := elt
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				id, _ := kv.Key.(*ast.Ident)
				if id == nil {
					continue
				}
				f, _ = info.Uses[id].(*types.Var)
				val = kv.Value
			} else if i < st.NumFields() {
				f = st.Field(i)
			}
			if f != nil && f.IsField() {
				write(f, val)
			}
		}
		return true
	})
}

// bindDecl recognises a declared function or method as wrapped with m.
func (r *Finder) bindDecl(decl *ast.FuncDecl, fn *types.Func, m Mapping) {
	r.bind(decl, decl.Type, decl.Body, fn.Signature(), decl.Name.Name, m)
}

// bind recognises a function as a handler with m: with the SDK handler's semantics when the
// adapter passes its results through, with the adapter's error mapping when it converts.
func (r *Finder) bind(node ast.Node, ftype *ast.FuncType, body *ast.BlockStmt, sig *types.Signature, name string, m Mapping) {
	if old := r.HandlerOf(node); old != nil && m.ArgsRead && m.InputArg != sig.Params().Len()-1 {
		untype(old)
		return
	}
	if old := r.HandlerOf(node); old != nil && m.Override && old.Kind == m.Kind && old.SDK == m.SDK && old.Shape == mcpmodel.ShapeSDK {
		old.Flavour, old.Errors = m.Flavour, m.Errors
		return
	}
	if old := r.HandlerOf(node); old != nil && old.Kind == m.Kind && old.SDK == m.SDK && old.Shape == mcpmodel.ShapeSDK && old.Errors == mcpmodel.ProtocolError && m.Errors == mcpmodel.ToolError && len(m.Except) == 0 {
		// An SDK-typed handler handed to an adapter that turns its errors into tool results
		// (container-use's wrapTool calls tool.Handler and answers an error with
		// NewToolResultError): on that path its errors reach the model.
		old.ErrorsConverted = true
		return
	}
	if sig == nil || body == nil || r.HandlerOf(node) != nil {
		return
	}
	if m.Via == mcpmodel.ShapePassThrough || m.Via == mcpmodel.ShapeDelegate {
		r.adapted(node, ftype, body, sig, name, m)
		return
	}
	r.wrapped(node, ftype, body, sig, name, m)
}

// exceptTypes resolves the type names of a mapping's exceptions among the packages this one
// can see.
func (r *Finder) exceptTypes(names []string) []types.Type {
	var out []types.Type
	for _, s := range names {
		ptr := strings.HasPrefix(s, "*")
		s = strings.TrimPrefix(s, "*")
		dot := strings.LastIndex(s, ".")
		if dot < 0 {
			continue
		}
		path, name := s[:dot], s[dot+1:]
		pkg := astutil.FindPackage(r.pass.Pkg, path)
		if pkg == nil {
			continue
		}
		tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		t := tn.Type()
		if ptr {
			t = types.NewPointer(t)
		}
		out = append(out, t)
	}
	return out
}
