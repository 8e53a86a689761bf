package flow

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow/outside"
	"github.com/mcplint-go/mcplint/internal/astutil"
)

// LeavesProcess marks a function of the module that reaches outside the process on some
// path: it calls one of the standard library's file, network, HTTP, database or subprocess
// operations, a function of a dependency that takes a context (an API client), an interface
// method that takes one, or a function or interface method of the module that leaves the
// process itself. A failure of such a call is an upstream failure, however many of the
// module's own layers (a client interface, a wrapper without a context) stand between.
type LeavesProcess struct{}

func (*LeavesProcess) AFact()         {}
func (*LeavesProcess) String() string { return "leaves the process" }

// LocalContext marks a function of the module that takes a context.Context but does not
// leave the process and uses the context only for its own methods (`patFromCtx(ctx)`, which
// reads a value from it): taking a context does not make a call of it an upstream call.
type LocalContext struct{}

func (*LocalContext) AFact()         {}
func (*LocalContext) String() string { return "uses its context locally" }

// computeLeaves works out which of the package's functions leave the process, to a fixed
// point over the package's own calls, and exports the fact for its declared functions and
// methods.
func (r *Result) computeLeaves() {
	r.leaves = map[*ssa.Function]bool{}
	var fns []*ssa.Function
	for _, f := range r.funcs {
		fns = append(fns, f)
	}
	for changed := true; changed; {
		changed = false
		for _, f := range fns {
			if !r.leaves[f] && r.callsOut(f) {
				r.leaves[f] = true
				changed = true
			}
		}
	}
	for f := range r.leaves {
		if obj, ok := f.Object().(*types.Func); ok && obj.Pkg() == r.pass.Pkg {
			r.pass.ExportObjectFact(obj, &LeavesProcess{})
		}
	}
	// The greatest fixed point: every function that does not leave and takes a context is
	// local until one of its contexts goes somewhere other than its own methods or a
	// context parameter of a function still local.
	r.localCtx = map[*ssa.Function]bool{}
	for _, f := range fns {
		if !r.leaves[f] && outside.TakesContext(f.Signature) {
			r.localCtx[f] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, f := range fns {
			if r.localCtx[f] && !r.contextOnlyLocal(f) {
				delete(r.localCtx, f)
				changed = true
			}
		}
	}
	for f := range r.localCtx {
		if obj, ok := f.Object().(*types.Func); ok && obj.Pkg() == r.pass.Pkg {
			r.pass.ExportObjectFact(obj, &LocalContext{})
		}
	}
}

// contextOnlyLocal reports whether f uses each context.Context it takes only as the receiver
// of its own methods (Value, Err, Done, Deadline), or hands it to a function that does.
func (r *Result) contextOnlyLocal(f *ssa.Function) bool {
	for _, p := range f.Params {
		if !astutil.IsContext(p.Type()) {
			continue
		}
		for _, ref := range *p.Referrers() {
			switch x := ref.(type) {
			case *ssa.DebugRef:
			case *ssa.Call:
				if x.Call.IsInvoke() && x.Call.Value == p {
					continue
				}
				callee := x.Call.StaticCallee()
				if callee == nil || x.Call.Value == p {
					return false
				}
				if callee.Origin() != nil {
					callee = callee.Origin()
				}
				obj, _ := callee.Object().(*types.Func)
				if !r.localCtx[callee] && (obj == nil || obj.Pkg() == r.pass.Pkg || !r.pass.ImportObjectFact(obj, new(LocalContext))) {
					return false
				}
			default:
				return false
			}
		}
	}
	return true
}

// contextLeaves reports whether a call of fn, which takes a context, may leave the process
// for that reason: unless fn is of the module and uses the context only locally.
func (r *Result) contextLeaves(fn *types.Func) bool {
	if !outside.TakesContext(fn.Signature()) {
		return false
	}
	if fn.Pkg() == r.pass.Pkg {
		f := r.pkg.Prog.FuncValue(fn.Origin())
		return f == nil || !r.localCtx[f]
	}
	return !r.pass.ImportObjectFact(fn, new(LocalContext))
}

// callsOut reports whether a call of f leaves the process, as the package knows so far.
func (r *Result) callsOut(f *ssa.Function) bool {
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			c := call.Common()
			if c.IsInvoke() {
				if outside.TakesContext(c.Signature()) || r.implementationLeaves(c.Method) {
					return true
				}
				continue
			}
			// A static callee, or the one function a package variable holds.
			callee := r.calledFunction(call)
			if callee == nil {
				continue // a function value: where it goes is not known here
			}
			if callee.Origin() != nil {
				callee = callee.Origin()
			}
			if r.leaves[callee] || c.StaticCallee() == nil && outside.TakesContext(c.Signature()) {
				return true
			}
			obj, ok := callee.Object().(*types.Func)
			if !ok {
				continue
			}
			if obj.Pkg() == r.pass.Pkg {
				// A bound method value's wrapper runs the method.
				if f := r.pkg.Prog.FuncValue(obj.Origin()); f != nil && r.leaves[f] {
					return true
				}
				continue
			}
			if r.leavesElsewhere(obj) {
				return true
			}
		}
	}
	return false
}

// leavesElsewhere judges a function of another package: the standard library's I/O, a
// dependency's call that takes a context (its request builders aside), or a function of the
// module marked by the fact.
func (r *Result) leavesElsewhere(fn *types.Func) bool {
	if outside.BuildsRequest(fn) {
		return false
	}
	if outside.StdlibIO(fn) || r.contextLeaves(fn) {
		return true
	}
	return r.pass.ImportObjectFact(fn, new(LeavesProcess))
}

// implementationLeaves reports whether some implementation of the interface method m that
// the package can see leaves the process: a method of a type of this package, or a method
// of another package of the module marked by the fact. Implementations in packages this one
// does not import are not seen.
func (r *Result) implementationLeaves(m *types.Func) bool {
	recv := m.Signature().Recv()
	if recv == nil {
		return false
	}
	iface, ok := recv.Type().Underlying().(*types.Interface)
	if !ok {
		return false
	}
	if r.implLeaves == nil {
		r.implLeaves = map[*types.Func]bool{}
	}
	if v, ok := r.implLeaves[m]; ok {
		return v
	}
	r.implLeaves[m] = false // recursion through the same method answers no
	found := false
	implements := func(named types.Type) bool {
		return types.Implements(named, iface) || types.Implements(types.NewPointer(named), iface)
	}
	// This package's types.
	scope := r.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || found {
			continue
		}
		if _, isIface := tn.Type().Underlying().(*types.Interface); isIface || !implements(tn.Type()) {
			continue
		}
		sel := r.pkg.Prog.MethodSets.MethodSet(types.NewPointer(tn.Type())).Lookup(m.Pkg(), m.Name())
		if sel == nil {
			continue
		}
		if fn := r.pkg.Prog.MethodValue(sel); fn != nil && (r.leaves[fn] || fn.Pkg != r.pkg && fn.Object() != nil && r.leavesElsewhere(fn.Object().(*types.Func))) {
			found = true
		}
	}
	// The module's other packages, through their facts.
	if !found {
		for _, f := range r.pass.AllObjectFacts() {
			fn, ok := f.Object.(*types.Func)
			if _, leaves := f.Fact.(*LeavesProcess); !ok || !leaves || fn.Name() != m.Name() || fn.Signature().Recv() == nil {
				continue
			}
			t := fn.Signature().Recv().Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if implements(t) {
				found = true
				break
			}
		}
	}
	r.implLeaves[m] = found
	return found
}

// LeavesProcess reports whether a call of fn reaches outside the process: fn is one of the
// standard library's I/O operations, a dependency's function that takes a context, a function
// of the module that leaves the process on some path, or an interface method one of whose
// implementations in the module does.
func (r *Result) LeavesProcess(fn *types.Func) bool {
	if r == nil || fn == nil || r.pkg == nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	fn = fn.Origin()
	if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return outside.TakesContext(fn.Signature()) || r.implementationLeaves(fn)
	}
	if fn.Pkg() == r.pass.Pkg {
		f := r.pkg.Prog.FuncValue(fn)
		return f != nil && r.leaves[f]
	}
	return r.leavesElsewhere(fn)
}

// CallLeaves reports whether call reaches outside the process: it takes a context.Context (a
// request builder aside), it is one of the standard library's I/O operations, or the function
// or interface method it calls leaves the process (LeavesProcess). An argument parser's or a
// formatter's call does not.
func (r *Result) CallLeaves(call *ssa.Call) bool {
	if call == nil {
		return false
	}
	if call.Call.IsInvoke() {
		return outside.TakesContext(call.Call.Signature()) || r.LeavesProcess(call.Call.Method)
	}
	fn := Callee(call)
	if fn == nil {
		// The one function a package variable holds: a method value, or a factory's closure.
		return r.heldLeaves(call)
	}
	if fn.Pkg() == nil || outside.BuildsRequest(fn) {
		return false
	}
	return r.contextLeaves(fn) || outside.StdlibIO(fn) || r.LeavesProcess(fn)
}

// heldLeaves reports whether the function a call through a package variable runs leaves the
// process.
func (r *Result) heldLeaves(call *ssa.Call) bool {
	if r == nil || r.pkg == nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	f := r.calledFunction(call)
	if f == nil {
		return false
	}
	if f.Origin() != nil {
		f = f.Origin()
	}
	obj, _ := f.Object().(*types.Func)
	if obj != nil && obj.Pkg() == r.pass.Pkg {
		// A bound method value's wrapper runs the method.
		if g := r.pkg.Prog.FuncValue(obj.Origin()); g != nil {
			f = g
		}
	}
	ctxLeaves := outside.TakesContext(call.Call.Signature()) && !r.localCtx[f] // a closure
	if obj != nil {
		ctxLeaves = r.contextLeaves(obj)
	}
	if ctxLeaves || r.leaves[f] {
		return true
	}
	if obj == nil || obj.Pkg() == r.pass.Pkg {
		return false
	}
	return r.leavesElsewhere(obj)
}

// UpstreamArgs are the indices of call's arguments (receiver first) that hold, wherever the
// call runs, the error of a call that leaves the process: a function given them hands on an
// upstream failure when it returns one.
func (r *Result) UpstreamArgs(call *ssa.Call) []int {
	var out []int
	for i, a := range call.Call.Args {
		if !isError(a.Type()) {
			continue
		}
		for _, o := range Origins(a, wrapsError) { // fmt.Errorf("…: %v", err) carries err
			if r.CallLeaves(CallOf(o)) {
				out = append(out, i)
				break
			}
		}
	}
	return out
}
