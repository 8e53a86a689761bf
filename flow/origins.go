package flow

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// Origins walks v's definitions backwards, through locals and their stores, struct fields,
// indexing and map lookups (to the container and the key), conversions, string building and
// phis, and returns the values it cannot see
// through: parameters, free variables, globals, constants and calls. through decides, for
// each call met, whether its result comes from its arguments (fmt.Sprintf, strings.ToLower,
// a decoding call that fills a local): then the walk goes on into the arguments and the
// receiver, and the call is not a leaf. A local whose address is given to a call (json's
// Unmarshal(data, &v)) takes its origins from that call.
func Origins(v ssa.Value, through func(*ssa.Call) bool) []ssa.Value {
	return OriginsUntil(v, through, nil)
}

// OriginsUntil is Origins that also stops at every value (or local's address) stop names,
// and returns it as a leaf: the walk asks "is v made of one of these?" without losing which
// result of a call it came through (`err` of `resp, err := http.Get(u)`, not `resp`).
func OriginsUntil(v ssa.Value, through func(*ssa.Call) bool, stop func(ssa.Value) bool) []ssa.Value {
	w := &originWalk{through: through, stop: stop}
	w.Backward = Backward{Visit: w.visit, Bounded: true}
	w.Walk(v)
	return w.leaves
}

// originWalk is the backward walk's visitor that keeps the values it cannot see through.
type originWalk struct {
	Backward
	through func(*ssa.Call) bool
	stop    func(ssa.Value) bool
	leaves  []ssa.Value
}

// stopped reports whether v is a value the caller stops at, and makes it a leaf.
func (w *originWalk) stopped(v ssa.Value) bool {
	if w.stop != nil && w.stop(v) {
		w.leaf(v)
		return true
	}
	return false
}

func (w *originWalk) leaf(v ssa.Value) { w.leaves = append(w.leaves, v) }

// visit walks what v is made of, or keeps it as a leaf.
func (w *originWalk) visit(v ssa.Value) {
	if w.stopped(v) {
		return
	}
	switch x := v.(type) {
	case *ssa.Lookup:
		// An element of a map or string: made of the container and the key
		// (`allowed[state]`).
		w.Walk(x.X)
		w.Walk(x.Index)
		return
	case *ssa.Index:
		w.Walk(x.X)
		w.Walk(x.Index)
		return
	}
	if w.Through(v) {
		return
	}
	switch x := v.(type) {
	case *ssa.Parameter, *ssa.FreeVar, *ssa.Global, *ssa.Const, *ssa.Function, *ssa.Builtin:
		w.leaf(v)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			w.address(x.X)
		} else {
			w.Walk(x.X)
		}
	case *ssa.BinOp:
		w.Walk(x.X)
		w.Walk(x.Y)
	case *ssa.Field:
		w.Walk(x.X)
	case *ssa.Extract:
		w.Walk(x.Tuple)
	case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Alloc:
		w.address(v)
	case *ssa.Call:
		if w.through != nil && w.through(x) {
			for _, a := range x.Call.Args {
				w.Walk(a)
			}
			if x.Call.IsInvoke() {
				w.Walk(x.Call.Value)
			}
			return
		}
		w.leaf(v)
	case *ssa.MakeClosure:
		for _, b := range x.Bindings {
			w.Walk(b)
		}
	default:
		// Maps, slices and channels made here, ranges, selects: their contents are not
		// followed; the value itself is the leaf.
		w.leaf(v)
	}
}

// address walks what a load from addr can give: the base a field or element address is
// taken from, and every value stored through the address (or given to a call that receives
// it) in the function.
func (w *originWalk) address(addr ssa.Value) {
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		w.Walk(a.X)
		w.stores(addr)
		return
	case *ssa.IndexAddr:
		w.Walk(a.X)
		w.stores(addr)
		return
	case *ssa.Alloc:
		w.Mark(addr)
		if w.stopped(addr) {
			return
		}
		w.stores(addr)
		for part := range Parts(a) {
			w.stores(part)
		}
		return
	}
	w.Walk(addr)
}

// stores walks the values stored through addr, and the arguments of calls addr is given to.
func (w *originWalk) stores(addr ssa.Value) {
	w.WalkStored(addr)
	for _, call := range CallsGiven(addr) {
		w.filledBy(call, addr)
	}
}

// filledBy walks what call, given addr, stores through it: json.Unmarshal(data, &v) makes v
// of its other arguments. Only calls through admits are followed.
func (w *originWalk) filledBy(call *ssa.Call, addr ssa.Value) {
	if w.through == nil || !w.through(call) {
		// A method called on the value, or a call that only reads through the address: what
		// it may store is not followed.
		return
	}
	for _, arg := range call.Call.Args {
		if !isAddressOf(arg, addr) {
			w.Walk(arg)
		}
	}
}
