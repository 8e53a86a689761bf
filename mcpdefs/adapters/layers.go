package adapters

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/layerkey"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

// A layer is what a package cannot see alone: a handler that hands the tool's arguments to a
// function value (a map or slice element, a table's field, an interface method), whose
// possible callees are declared anywhere in the module. The package records each such call
// as a LayerSite with what the handler does with the callee's error (its Mapping), and every
// function whose value it takes (ValueFuncs) and every method set it declares (MethodSets);
// a driver that sees the whole module answers "which functions can this call run?" as CHA
// does for function values: every module function whose value is taken with the call's
// signature, or every method of a module type that implements the call's interface. It then
// hands those functions' positions back to recognition (mcpdefs.Options.Layered), which
// checks them as handlers with the site's mapping.

// LayerSite is one call of a function value that recognition in this package does not
// follow.
type LayerSite struct {
	// Pos is the call's left parenthesis.
	Pos token.Pos
	// Key is where the function value called comes from: "field S.F" (a field of struct
	// type S), "global P.V" (a package variable), "named T" (a value of the named func type
	// T), "func SIG" (any other value of signature SIG, see SignatureKey); or "method NAME
	// SIG" for a method NAME of an interface. A site can run the module functions whose
	// values are taken with the same key (ValueFunc.Keys).
	Key string
	// Interface lists, for a method key, every method of the interface as "NAME SIG": a type
	// implements it when it has them all.
	Interface []string
	Mapping   Mapping
	// Callee and CalleePkg are, for the key "decl", the function of another package of the
	// module the handler delegates to (returns the results of), and its package's path.
	Callee    token.Pos
	CalleePkg string
}

// ValueFunc is a function of the module whose value this package takes (a map or slice
// element, a field, an argument, a variable): Pos is its declaration's name, or the literal.
// Keys say where the value goes: "func SIG" always, and "named T" when it is converted to the
// named func type T, "field S.F" when it is stored in field F of struct type S, "global P.V"
// when stored in package variable V.
type ValueFunc struct {
	Pos  token.Pos
	Keys []string
	// Pkg is the path of the package that declares it.
	Pkg string
}

// MethodSet is a named type of this package with its methods (those of its pointer), each
// "NAME SIG" with the position of the method's name.
type MethodSet struct {
	Methods map[string]MethodAt
}

// MethodAt is where a method is declared: its name, and its package's path.
type MethodAt struct {
	Pos token.Pos
	Pkg string
}

// layerSite describes c, an unfollowed call of handler h, as a site the module graph may
// resolve; ok is false when what h does with the callee's error cannot be told (reason).
func (r *Finder) layerSite(h *mcpmodel.Handler, c *ssa.Call, call *ast.CallExpr) (site LayerSite, reason string, ok bool) {
	site.Pos = call.Lparen
	via := mcpmodel.ShapeField
	if c.Call.IsInvoke() {
		via = mcpmodel.ShapeInterface
		m := c.Call.Method
		site.Key = "method " + layerkey.MethodKey(m)
		iface, _ := c.Call.Value.Type().Underlying().(*types.Interface)
		if iface == nil {
			return site, "", false
		}
		site.Interface = layerkey.InterfaceKeys(iface)
	} else {
		site.Key = layerkey.ValueKey(c.Call.Value)
	}
	for _, w := range r.wholeCalls(h) {
		if w == c {
			site.Mapping = mappingOf(h, mcpmodel.ShapePassThrough)
			return site, "", true
		}
	}
	m, reason := r.mapping(h, call, via)
	if reason != "" {
		return site, reason, false
	}
	site.Mapping = m
	return site, "", true
}

// valueFuncs records the module functions whose values the package's code takes (an operand
// that is not the callee of a static call: stored in a map, slice or field, passed, assigned,
// a closure made), and the method sets of the module types it converts to an interface.
func (r *Finder) valueFuncs() {
	seenType := map[types.Type]bool{}
	record := func(fn *ssa.Function, use ssa.Instruction) {
		pos, pkg := fn.Pos(), r.pass.Pkg.Path()
		if obj := fn.Object(); obj != nil {
			if f, ok := obj.(*types.Func); ok {
				if f.Pkg() == nil || !r.ModulePackage(f.Pkg()) {
					return
				}
				pos, pkg = f.Origin().Pos(), f.Pkg().Path()
			}
		} else if fn.Syntax() == nil {
			return
		}
		keys := map[string]bool{"func " + layerkey.SignatureKey(fn.Signature): true}
		layerkey.Destinations(use, keys, 0)
		r.values = append(r.values, ValueFunc{Pos: pos, Keys: slices.Sorted(maps.Keys(keys)), Pkg: pkg})
	}
	funcs := r.flow.Functions()
	if pkg := r.flow.Package(); pkg != nil {
		if init := pkg.Func("init"); init != nil {
			// Package variables' initialisers (a table of handlers) run in init.
			funcs = append(funcs, init)
		}
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if mi, ok := instr.(*ssa.MakeInterface); ok {
					r.methodSet(mi.X.Type(), seenType)
				}
				if mc, ok := instr.(*ssa.MakeClosure); ok {
					for _, ref := range *mc.Referrers() {
						record(mc.Fn.(*ssa.Function), ref)
					}
					if len(*mc.Referrers()) == 0 {
						record(mc.Fn.(*ssa.Function), nil)
					}
					continue
				}
				var static ssa.Value
				if c, ok := instr.(ssa.CallInstruction); ok && !c.Common().IsInvoke() {
					static = c.Common().Value
				}
				for _, op := range instr.Operands(nil) {
					if f, ok := (*op).(*ssa.Function); ok && *op != static {
						record(f, instr)
					}
				}
			}
		}
	}
}

// methodSet records the methods of t when it is (a pointer to) a named type of the module.
func (r *Finder) methodSet(t types.Type, seen map[types.Type]bool) {
	if seen[t] {
		return
	}
	seen[t] = true
	base := t
	if p, ok := t.(*types.Pointer); ok {
		base = p.Elem()
	}
	named, ok := types.Unalias(base).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || !r.ModulePackage(named.Obj().Pkg()) || types.IsInterface(named) {
		return
	}
	ms := types.NewMethodSet(t)
	if ms.Len() == 0 {
		return
	}
	set := MethodSet{Methods: map[string]MethodAt{}}
	for i := 0; i < ms.Len(); i++ {
		f := ms.At(i).Obj().(*types.Func)
		if f.Pkg() == nil || !r.ModulePackage(f.Pkg()) {
			continue
		}
		set.Methods[f.Name()+" "+layerkey.SignatureKey(f.Signature())] = MethodAt{Pos: f.Origin().Pos(), Pkg: f.Pkg().Path()}
	}
	r.methodSets = append(r.methodSets, set)
}

// BindLayered recognises as handlers the functions of this package that the module graph
// found behind other packages' layer sites: layered maps the position of a function's name
// (a declaration) or of its func keyword (a literal), as "file:line:col", to the site's
// mapping.
func (r *Finder) BindLayered(layered map[string]Mapping) {
	if len(layered) == 0 {
		return
	}
	at := func(p token.Pos) (Mapping, bool) {
		m, ok := layered[r.pass.Fset.PositionFor(p, false).String()]
		return m, ok
	}
	// In source order: a helper two handlers share is reported at the first (a map's order
	// would make the run's findings vary).
	decls := slices.SortedFunc(maps.Keys(r.Decls), func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, fn := range decls {
		decl := r.Decls[fn]
		if m, ok := at(decl.Name.Pos()); ok && decl.Body != nil {
			r.bind(decl, decl.Type, decl.Body, fn.Signature(), decl.Name.Name, m)
		}
	}
	for _, f := range r.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.FuncLit); ok {
				if m, ok := at(lit.Pos()); ok {
					if sig, ok := r.pass.TypesInfo.TypeOf(lit).(*types.Signature); ok {
						r.bind(lit, lit.Type, lit.Body, sig, "", m)
					}
				}
			}
			return true
		})
	}
}

// judgedBySummary reports whether the delegate call c of handler h (SSA function fn) is left
// to the callee's summary: it returns the SDK's result and takes neither the request nor the
// typed input (records.Find(ctx, id)). Its package cannot know it reaches a client, and the
// handler, which may pass its results on only on some paths (`if denied != nil { return
// denied, err }`), reports what it passes on; checking it as a handler would report it twice,
// or report what no client gets.
func (r *Finder) judgedBySummary(h *mcpmodel.Handler, fn *ssa.Function, c *ssa.Call) bool {
	if h.ResultIndex < 0 || !types.Identical(c.Call.Signature().Results().At(h.ResultIndex).Type(), h.Sig.Results().At(h.ResultIndex).Type()) {
		return false
	}
	for _, a := range c.Call.Args {
		if p, ok := flow.Core(a).(*ssa.Parameter); ok && p.Parent() == fn && (h.Request != nil && p.Object() == h.Request || h.Input != nil && p.Object() == h.Input) {
			return false
		}
	}
	return true
}

// delegateSites records the calls by which tool handler h returns, on some path, the results
// of a function of another package of the module whose signature is no SDK handler's
// (middleware-labs' `return tools.HandleListAlerts(s, ctx, req)`): that package was analysed
// first and could not know the function is a handler. The module graph resolves such a site
// to the function itself.
func (r *Finder) delegateSites(h *mcpmodel.Handler) {
	fn := r.flow.Function(h.Node)
	if fn == nil {
		return
	}
	n := h.Sig.Results().Len()
	done := map[*ssa.Call]bool{}
	for _, p := range r.flow.Paths(fn) {
		if len(p.Results) != n || n == 0 {
			continue
		}
		c, _ := flow.Extracted(p.Results[0].Value)
		if c == nil || done[c] || !flow.ReturnsWhole(p, c) || c.Call.Signature().Results().Len() != n {
			continue
		}
		done[c] = true
		callee := c.Call.StaticCallee()
		if callee == nil {
			continue
		}
		f, ok := callee.Object().(*types.Func)
		if !ok || f.Pkg() == nil || f.Pkg() == r.pass.Pkg || !r.ModulePackage(f.Pkg()) || r.HandlerShape(f.Signature()) {
			continue
		}
		call := flow.CallExprAt(h.Node, c.Pos())
		m := mappingOf(h, mcpmodel.ShapeDelegate)
		if call == nil || r.judgedBySummary(h, fn, c) && !astutil.ReturnedWhole(h.Node, call) {
			continue
		}
		// Returned as written (`return client.HandleResult(v, err)`): the function is checked
		// as the handler, and a mistake in it reported there, once.
		m.CallerJudges = r.judgedBySummary(h, fn, c)
		m.UpstreamArgs = r.flow.UpstreamArgs(c)
		r.sites = append(r.sites, LayerSite{Pos: call.Lparen, Key: "decl", Mapping: m, Callee: f.Origin().Pos(), CalleePkg: f.Pkg().Path()})
		r.AddUnmapped(mcpmodel.Unmapped{Adapter: r.writtenIn(h), Call: call, SDK: h.SDK, Site: true,
			Reason: "the handler returns the results of " + f.Pkg().Name() + "." + f.Name() + ", which only a run over the whole module checks"})
	}
}
