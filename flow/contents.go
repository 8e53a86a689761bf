package flow

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Contents answers which functions a value may hold or lead to, by allocation rather than by
// type: a handler table, a struct literal, a map literal, a closure's captured variables, a
// wrapper's arguments. Two tables of the same element type are told apart, which a call graph
// keyed by types (cha, vta) cannot do; the server a table is registered on then decides the
// wire of exactly the functions in it.

// Contents is what a value may lead to: the functions whose values it holds (directly, in a
// field, element or captured variable, or as arguments of the calls that built it), and the
// concrete types converted to an interface on the way (their methods may run).
type Contents struct {
	Funcs []*ssa.Function
	Types []types.Type
	// Built are the positions of the allocations (a composite literal's brace) and calls
	// (their left parenthesis) the value may have been built by: where a definition literal
	// or constructor registered through a table or a helper's results was written.
	Built []token.Pos
	// Foreign are the functions of other packages whose results, and their package variables
	// whose values, the value may hold (sqlite-mcp's `range qt.GetTools()`, rod-mcp's
	// `tools.TextTools`): what they hold is judged in their own package.
	Foreign []types.Object
}

// maxContentSteps bounds one Contents walk: a value built by a long chain of the package's
// own calls is cut short rather than walked for long.
const maxContentSteps = 4096

// contentWalk is one walk's state.
type contentWalk struct {
	r       *Result
	seen    map[ssa.Value]bool
	addrs   map[ssa.Value]bool
	funcs   map[*ssa.Function]bool
	types   map[types.Type]bool
	built   map[token.Pos]bool
	foreign map[types.Object]bool
	out     Contents
	steps   int
	calls   map[*ssa.Function][]*ssa.Call
}

// ContentsOf is what vs may lead to, followed within the package: through phis, loads and
// the stores into what is loaded (locals, package variables, slice and map literals), fields
// and elements, conversions, closures' bindings, the package's calls of a function's
// parameters, and the arguments and results of calls.
func (r *Result) ContentsOf(vs ...ssa.Value) Contents {
	if r == nil || r.pkg == nil {
		return Contents{}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	w := &contentWalk{r: r, seen: map[ssa.Value]bool{}, addrs: map[ssa.Value]bool{}, funcs: map[*ssa.Function]bool{}, types: map[types.Type]bool{}, built: map[token.Pos]bool{}}
	for _, v := range vs {
		w.value(v)
	}
	return w.out
}

// Exported is the contents of the exported package variables' values and the exported
// functions' and methods' results that keep admits: what another package that reads the variable or calls the function may get
// (sqlite-mcp's GetTools returning what the unexported executeQueryTool builds, rod-mcp's
// TextTools and TextToolHandlers).
func (r *Result) Exported(keep func(types.Object) bool) map[types.Object]Contents {
	out := map[types.Object]Contents{}
	if r == nil || r.pkg == nil {
		return out
	}
	for _, m := range r.pkg.Members {
		if g, ok := m.(*ssa.Global); ok && g.Object() != nil && g.Object().Exported() && keep(g.Object()) {
			out[g.Object()] = r.ContentsOf(g)
		}
	}
	for _, f := range r.funcs {
		fn, ok := f.Object().(*types.Func)
		if !ok || !fn.Exported() || f.Signature.Results().Len() == 0 || !keep(fn) {
			continue
		}
		var results []ssa.Value
		for ret := range Returns(f) {
			results = append(results, ret.Results...)
		}
		out[fn] = r.ContentsOf(results...)
	}
	return out
}

func (w *contentWalk) budget() bool {
	w.steps++
	return w.steps <= maxContentSteps
}

func (w *contentWalk) addBuilt(pos token.Pos) {
	if pos.IsValid() && !w.built[pos] {
		w.built[pos] = true
		w.out.Built = append(w.out.Built, pos)
	}
}

func (w *contentWalk) addForeign(obj types.Object) {
	if obj == nil || obj.Pkg() == nil || obj.Pkg() == w.r.pkg.Pkg || w.foreign[obj] {
		return
	}
	if w.foreign == nil {
		w.foreign = map[types.Object]bool{}
	}
	w.foreign[obj] = true
	w.out.Foreign = append(w.out.Foreign, obj)
}

func (w *contentWalk) addFunc(f *ssa.Function) {
	if f != nil && !w.funcs[f] {
		w.funcs[f] = true
		w.out.Funcs = append(w.out.Funcs, f)
	}
}

// value follows v back to what it was built from.
func (w *contentWalk) value(v ssa.Value) {
	if v == nil || w.seen[v] || !w.budget() {
		return
	}
	w.seen[v] = true
	switch x := v.(type) {
	case *ssa.Function:
		w.addFunc(x)
	case *ssa.MakeClosure:
		f, _ := x.Fn.(*ssa.Function)
		w.addFunc(f)
		for _, b := range x.Bindings {
			w.value(b)
		}
	case *ssa.MakeInterface:
		if t := x.X.Type(); !types.IsInterface(t) && !w.types[t] {
			w.types[t] = true
			w.out.Types = append(w.out.Types, t)
		}
		w.value(x.X)
	case *ssa.ChangeType:
		w.value(x.X)
	case *ssa.Convert:
		w.value(x.X)
	case *ssa.ChangeInterface:
		w.value(x.X)
	case *ssa.TypeAssert:
		w.value(x.X)
	case *ssa.SliceToArrayPointer:
		w.value(x.X)
	case *ssa.Slice:
		w.addr(x)
		w.value(x.X)
	case *ssa.Phi:
		for _, e := range x.Edges {
			w.value(e)
		}
	case *ssa.Extract:
		w.value(x.Tuple)
	case *ssa.Field:
		w.value(x.X)
	case *ssa.Index:
		w.value(x.X)
	case *ssa.Lookup:
		w.value(x.X)
	case *ssa.Next:
		w.value(x.Iter)
	case *ssa.Range:
		w.value(x.X)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			w.addr(x.X)
		}
	case *ssa.Alloc:
		w.addBuilt(x.Pos())
		w.addr(x)
	case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.MakeMap, *ssa.MakeSlice, *ssa.Global:
		w.addr(x)
	case *ssa.Parameter:
		w.parameter(x)
	case *ssa.FreeVar:
		w.freeVar(x)
	case *ssa.Call:
		// A wrapper's or constructor's result may hold its arguments; a function of the
		// package's own may return what it builds.
		w.addBuilt(x.Pos())
		produced := false
		for _, a := range x.Call.Args {
			w.value(a)
			produced = w.producedBy(a, x.Type()) || produced
		}
		callees := w.r.implementations(x)
		if f := calleeFunction(x); f != nil {
			callees = append(callees, f)
		} else if !x.Call.IsInvoke() {
			// A call of a function value: the functions it may hold (a table's
			// `tool.Func()`), found by a walk of their own.
			held := &contentWalk{r: w.r, seen: map[ssa.Value]bool{}, addrs: map[ssa.Value]bool{}, funcs: map[*ssa.Function]bool{}, types: map[types.Type]bool{}, built: map[token.Pos]bool{}, steps: w.steps}
			held.value(x.Call.Value)
			w.steps = held.steps
			callees = append(callees, held.out.Funcs...)
		}
		for _, f := range callees {
			if f.Pkg != w.r.pkg {
				if !produced {
					w.addForeign(f.Object())
				}
				continue
			}
			for ret := range Returns(f) {
				for _, res := range ret.Results {
					w.value(res)
				}
			}
		}
	}
}

// producedBy follows the results of a function of the package handed to a call whose result
// has that function's result type: a cache's or a lazy value's `Get(func() []mcp.Tool {...})`
// returns what the function builds (cloud-native-mcp-server's toolsCache), so what the call
// returns is judged by the function, not by the callee of another package. It reports whether
// arg is such a function.
func (w *contentWalk) producedBy(arg ssa.Value, want types.Type) bool {
	var f *ssa.Function
	switch a := arg.(type) {
	case *ssa.MakeClosure:
		f, _ = a.Fn.(*ssa.Function)
	case *ssa.Function:
		f = a
	}
	if f == nil || f.Pkg != w.r.pkg || f.Signature.Results().Len() != 1 || !types.Identical(f.Signature.Results().At(0).Type(), want) {
		return false
	}
	for ret := range Returns(f) {
		w.value(ret.Results[0])
	}
	return true
}

// addr follows what is stored into the memory a, or through it: stores to it and to its
// fields and elements, a map's updates, a loaded slice's or map's elements, and for a field or
// element the stores of its whole struct or array. A package variable's uses are anywhere in
// the package (globalUses), since SSA keeps no referrers for globals.
func (w *contentWalk) addr(a ssa.Value) {
	if a == nil || w.addrs[a] || !w.budget() {
		return
	}
	w.addrs[a] = true
	var refs []ssa.Instruction
	switch x := a.(type) {
	case *ssa.FieldAddr:
		w.addr(x.X)
	case *ssa.IndexAddr:
		w.addr(x.X)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			w.addr(x.X)
		}
	case *ssa.Global:
		if x.Pkg != w.r.pkg {
			w.addForeign(x.Object())
			return
		}
		refs = w.globalUses()[x]
	case *ssa.Extract, *ssa.Call, *ssa.Phi, *ssa.Parameter, *ssa.FreeVar:
		// A slice or map a call returned or a caller gave: what it was built from.
		w.value(a)
	}
	if rs := a.Referrers(); rs != nil {
		refs = *rs
	}
	for _, ref := range refs {
		switch u := ref.(type) {
		case *ssa.Store:
			if u.Addr == a {
				w.value(u.Val)
			}
		case *ssa.MapUpdate:
			if u.Map == a {
				w.value(u.Value)
			}
		case *ssa.UnOp:
			if u.Op == token.MUL {
				w.addr(u)
			}
		case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Slice:
			w.addr(u.(ssa.Value))
		}
	}
}

// globalUses indexes the instructions of the package that store to, load, or take the address
// of a field or element of each package variable.
func (w *contentWalk) globalUses() map[*ssa.Global][]ssa.Instruction {
	if w.r.globalUses != nil {
		return w.r.globalUses
	}
	w.r.globalUses = map[*ssa.Global][]ssa.Instruction{}
	for instr := range w.r.Instructions() {
		var g *ssa.Global
		switch x := instr.(type) {
		case *ssa.Store:
			g, _ = x.Addr.(*ssa.Global)
		case *ssa.UnOp:
			if x.Op == token.MUL {
				g, _ = x.X.(*ssa.Global)
			}
		case *ssa.FieldAddr:
			g, _ = x.X.(*ssa.Global)
		case *ssa.IndexAddr:
			g, _ = x.X.(*ssa.Global)
		}
		if g != nil {
			w.r.globalUses[g] = append(w.r.globalUses[g], instr)
		}
	}
	return w.r.globalUses
}

// parameter follows p to the arguments the package's static calls of its function pass.
func (w *contentWalk) parameter(p *ssa.Parameter) {
	fn := p.Parent()
	i := slices.Index(fn.Params, p)
	if i < 0 {
		return
	}
	if w.calls == nil {
		w.calls = map[*ssa.Function][]*ssa.Call{}
		for instr := range w.r.Instructions() {
			if c, ok := instr.(*ssa.Call); ok {
				if f := calleeFunction(c); f != nil {
					w.calls[f] = append(w.calls[f], c)
				}
			}
		}
	}
	for _, c := range w.calls[fn] {
		if i < len(c.Call.Args) {
			w.value(c.Call.Args[i])
		}
	}
}

// freeVar follows a closure's captured variable to what each MakeClosure of it binds.
func (w *contentWalk) freeVar(fv *ssa.FreeVar) {
	for _, v := range Bindings(fv) {
		w.value(v)
	}
}

// Bindings are the values the MakeClosure instructions of fv's closure, in the function it is
// written in, bind to fv: what the closure captured (a value, or the cell of a variable).
func Bindings(fv *ssa.FreeVar) []ssa.Value {
	fn := fv.Parent()
	i := slices.Index(fn.FreeVars, fv)
	parent := fn.Parent()
	if i < 0 || parent == nil {
		return nil
	}
	var out []ssa.Value
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn && i < len(mc.Bindings) {
				out = append(out, mc.Bindings[i])
			}
		}
	}
	return out
}

// BoundTo is the free variables of mc's function that v is bound to: how the closure mc makes
// sees v (the inverse of Bindings).
func BoundTo(mc *ssa.MakeClosure, v ssa.Value) []*ssa.FreeVar {
	fn, _ := mc.Fn.(*ssa.Function)
	if fn == nil {
		return nil
	}
	var out []*ssa.FreeVar
	for i, b := range mc.Bindings {
		if b == v && i < len(fn.FreeVars) {
			out = append(out, fn.FreeVars[i])
		}
	}
	return out
}

// Referrers is v's referrers, none when v has no list of them (a constant, a function).
func Referrers(v ssa.Value) []ssa.Instruction {
	if refs := v.Referrers(); refs != nil {
		return *refs
	}
	return nil
}

// implementations are, for a call of an interface method, that method of every type of the
// package whose value or pointer implements the interface (class hierarchy analysis within
// the package: `tool.toMCPServerTool()` on a Tool interface the package implements once).
func (r *Result) implementations(c *ssa.Call) []*ssa.Function {
	if !c.Call.IsInvoke() {
		return nil
	}
	iface, ok := c.Call.Value.Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var out []*ssa.Function
	prog := r.pkg.Prog
	for _, m := range r.pkg.Members {
		t, ok := m.(*ssa.Type)
		if !ok {
			continue
		}
		for _, recv := range []types.Type{t.Type(), types.NewPointer(t.Type())} {
			if !types.Implements(recv, iface) {
				continue
			}
			if sel := prog.MethodSets.MethodSet(recv).Lookup(c.Call.Method.Pkg(), c.Call.Method.Name()); sel != nil {
				if f := prog.MethodValue(sel); f != nil && f.Synthetic == "" {
					out = append(out, f)
				}
				break
			}
		}
	}
	return out
}
