package flow

import (
	"go/token"
	"go/types"
	"iter"

	"golang.org/x/tools/go/ssa"
)

// A helper is often called through a package variable: `var check = (&h{}).check` (a method
// value), `var check = newChecker()` (a factory's closure). The call is dynamic, but the
// variable holds one function for the whole run when the package stores to it once and never
// takes its address; the engine then follows that function as if the call were static.

// calledFunction is the function call runs: its static callee, else the one function the
// package variable it calls through always holds.
func (r *Result) calledFunction(call *ssa.Call) *ssa.Function {
	if f := calleeFunction(call); f != nil {
		return f
	}
	if call.Call.IsInvoke() || r.pkg == nil {
		return nil
	}
	return r.heldFunction(call.Call.Value, 0)
}

// CalledVar is the package variable call calls the function of (`records.Find(…)` where
// `var Find = newFind()`), or nil for a call of anything else.
func CalledVar(call *ssa.Call) *types.Var {
	if call == nil || call.Call.IsInvoke() {
		return nil
	}
	if g := loadedGlobal(call.Call.Value); g != nil {
		v, _ := g.Object().(*types.Var)
		return v
	}
	return nil
}

// CalleeOf is the function call runs, as Callee, also through a package variable that holds
// one function.
func (r *Result) CalleeOf(call *ssa.Call) *types.Func {
	return funcObject(r.Called(call))
}

// Called is the function call runs, as calledFunction, for the rules.
func (r *Result) Called(call *ssa.Call) *ssa.Function {
	if r == nil || call == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.calledFunction(call)
}

// HeldBy is the one function the package variable g of the package holds for the whole run,
// or nil: the engine exports facts about it on the variable, for calls through it from other
// packages.
func (r *Result) HeldBy(g *ssa.Global) *ssa.Function {
	if r == nil || r.pkg == nil || g.Pkg != r.pkg {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.globalHolds(g, 1)
}

// ExportedHeld yields the exported variables of the package that hold one function for the
// whole run (HeldBy), with that function: other packages call through them, so facts about
// the function belong on the variable.
func (r *Result) ExportedHeld() iter.Seq2[*types.Var, *ssa.Function] {
	return func(yield func(*types.Var, *ssa.Function) bool) {
		pkg := r.Package()
		if pkg == nil {
			return
		}
		for _, m := range pkg.Members {
			g, ok := m.(*ssa.Global)
			if !ok || g.Object() == nil || !g.Object().Exported() {
				continue
			}
			v, _ := g.Object().(*types.Var)
			if fn := r.HeldBy(g); fn != nil && !yield(v, fn) {
				return
			}
		}
	}
}

// globalHolds is the one function the package's variable g holds when the package stores to
// it once, or nil; depth is the walk's depth at the stored value.
func (r *Result) globalHolds(g *ssa.Global, depth int) *ssa.Function {
	stored := r.storedOnce()[g]
	if stored == nil {
		return nil
	}
	return r.heldFunction(stored, depth)
}

// FactoryOf is the function of another package whose result the package variable v holds
// when the package stores to it once: `var wrap = other.NewWrap()`, or through factories of
// the package whose one return is what another returns (`var wrap = newWrap()` where
// newWrap returns other.NewWrap()); nil otherwise.
func (r *Result) FactoryOf(v *types.Var) *types.Func {
	if r == nil || r.pkg == nil || v == nil {
		return nil
	}
	g, _ := r.pkg.Members[v.Name()].(*ssa.Global)
	if g == nil || g.Object() != v {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	stored := r.storedOnce()[g]
	for depth := 0; depth < maxDepth; depth++ {
		call, ok := stored.(*ssa.Call)
		if !ok {
			return nil
		}
		f := calleeFunction(call)
		if f == nil {
			return nil
		}
		if !r.ownFunction(f) {
			return funcObject(f)
		}
		stored = nil
		for ret := range Returns(f) {
			if len(ret.Results) != 1 || stored != nil {
				return nil
			}
			stored = ret.Results[0]
		}
	}
	return nil
}

// StoredOnce reports whether the package stores to its function-typed variable g exactly
// once and never takes its address otherwise: g holds one function for the whole run, even
// where the engine cannot name it (a closure a factory of another package returns).
func (r *Result) StoredOnce(g *ssa.Global) bool {
	if r == nil || r.pkg == nil || g.Pkg != r.pkg {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.storedOnce()[g] != nil
}

// heldFunction is the one function v holds: a function, a closure, a method value, a load
// of a package variable stored once, or the result of a factory whose every return is the
// same function.
func (r *Result) heldFunction(v ssa.Value, depth int) *ssa.Function {
	if depth > maxDepth {
		return nil
	}
	switch x := v.(type) {
	case *ssa.Function:
		return x
	case *ssa.MakeClosure:
		f, _ := x.Fn.(*ssa.Function)
		return f
	case *ssa.ChangeType:
		return r.heldFunction(x.X, depth+1) // HandlerFunc(f): the same function
	case *ssa.UnOp:
		g, ok := x.X.(*ssa.Global)
		if !ok || x.Op != token.MUL || g.Pkg != r.pkg {
			return nil
		}
		return r.globalHolds(g, depth+1)
	case *ssa.Call:
		// A factory, called directly or through a variable that holds it.
		f := calleeFunction(x)
		if f == nil && !x.Call.IsInvoke() {
			f = r.heldFunction(x.Call.Value, depth+1)
		}
		if f == nil || !r.ownFunction(f) || len(f.Blocks) == 0 || r.inProgress[f] {
			return nil
		}
		r.inProgress[f] = true
		defer delete(r.inProgress, f)
		var held *ssa.Function
		for ret := range Returns(f) {
			if len(ret.Results) != 1 {
				return nil
			}
			h := r.heldFunction(ret.Results[0], depth+1)
			if h == nil || (held != nil && h != held) {
				return nil
			}
			held = h
		}
		return held
	}
	return nil
}

// storedOnce maps each package variable of function type that the package stores to exactly
// once, and whose address it never takes otherwise, to the stored value; nil for the others.
func (r *Result) storedOnce() map[*ssa.Global]ssa.Value {
	if r.stores != nil {
		return r.stores
	}
	r.stores = map[*ssa.Global]ssa.Value{}
	for instr := range r.Instructions() {
		r.noteGlobalUses(instr)
	}
	return r.stores
}

// noteGlobalUses records instr's stores to, and other uses of, the package's function-typed
// variables.
func (r *Result) noteGlobalUses(instr ssa.Instruction) {
	var ops [8]*ssa.Value
	for _, op := range instr.Operands(ops[:0]) {
		g, ok := (*op).(*ssa.Global)
		if !ok || g.Pkg != r.pkg {
			continue
		}
		if _, isFunc := g.Type().(*types.Pointer).Elem().Underlying().(*types.Signature); !isFunc {
			continue
		}
		switch x := instr.(type) {
		case *ssa.UnOp:
			if x.Op == token.MUL {
				continue // a load
			}
		case *ssa.Store:
			if x.Addr == g {
				if _, again := r.stores[g]; again {
					r.stores[g] = nil
				} else {
					r.stores[g] = x.Val
				}
				continue
			}
		}
		r.stores[g] = nil // its address escapes: anything may be stored
	}
}

// ownFunction reports whether f is a function of the package, or a wrapper of one of its
// methods (a method value's bound function).
func (r *Result) ownFunction(f *ssa.Function) bool {
	if f.Pkg == r.pkg {
		return true
	}
	obj := f.Object()
	return f.Pkg == nil && obj != nil && obj.Pkg() == r.pass.Pkg
}

// FunctionOf is the one function v holds (see heldFunction): a function, a closure, a method
// value, a package variable stored once, the result of a factory whose every return is the
// same function; nil otherwise.
func (r *Result) FunctionOf(v ssa.Value) *ssa.Function {
	if r == nil || r.pkg == nil || v == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.heldFunction(v, 0)
}

// CallAt returns the call whose left parenthesis is at lparen, in whichever function of the
// package it is written (a literal's calls are the literal's), or nil.
func (r *Result) CallAt(lparen token.Pos) *ssa.Call {
	if r == nil || r.pkg == nil {
		return nil
	}
	var best *ssa.Function
	for syn, f := range r.funcs {
		if syn.Pos() <= lparen && lparen < syn.End() && (best == nil || syn.Pos() > best.Syntax().Pos()) {
			best = f
		}
	}
	if best == nil {
		// Package-level initialisers are init's.
		best = r.pkg.Func("init")
	}
	c, _ := CallIn(best, lparen)
	return c
}
