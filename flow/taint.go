package flow

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Taint asks where a value's text came from: it walks the value's definitions backwards,
// through phis, conversions, string concatenation, the calls Carries admits, locals and their
// stores, and stops at the first value Source names. Unlike Origins it is field-sensitive: a
// field read from a local struct is made only of what was stored into that field, so
// `cfg.BaseURL` does not carry `cfg.Token`.
type Taint struct {
	// Source says whether v is a source, and how to name it.
	Source func(v ssa.Value) (string, bool)
	// Carries returns the operands whose text result i of call carries (fmt.Sprintf: its
	// arguments; an HTTP request's error: the request), i being -1 for a call with one
	// result; nil when the result carries none.
	Carries func(call *ssa.Call, result int) []ssa.Value
}

// Tainted is a source Find found: the value, its name, and the values the walk went through
// from the value asked about to the source (both included).
type Tainted struct {
	Source ssa.Value
	Name   string
	Chain  []ssa.Value
}

// Find returns the first source v's text is made of, or nil.
func (t *Taint) Find(v ssa.Value) *Tainted {
	w := &taintWalk{t: t, seen: map[ssa.Value]bool{}}
	w.walk(v, 0)
	return w.found
}

type taintWalk struct {
	t     *Taint
	seen  map[ssa.Value]bool
	stack []ssa.Value
	found *Tainted
}

func (w *taintWalk) walk(v ssa.Value, depth int) {
	if v == nil || w.found != nil || w.seen[v] || len(w.seen) > maxOrigins || depth > 4*maxDepth {
		return
	}
	w.seen[v] = true
	w.stack = append(w.stack, v)
	defer func() { w.stack = w.stack[:len(w.stack)-1] }()
	if name, ok := w.t.Source(v); ok {
		w.found = &Tainted{Source: v, Name: name, Chain: append([]ssa.Value(nil), w.stack...)}
		return
	}
	if x := sameText(v); x != nil {
		w.walk(x, depth+1)
		return
	}
	switch x := v.(type) {
	case *ssa.Phi:
		for _, e := range x.Edges {
			w.walk(e, depth+1)
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			w.load(x.X, depth+1)
		}
	case *ssa.BinOp:
		if x.Op == token.ADD {
			w.walk(x.X, depth+1)
			w.walk(x.Y, depth+1)
		}
	case *ssa.Field:
		w.fieldOf(x.X, depth+1)
	case *ssa.Alloc:
		// A local as a whole (the array behind a variadic call's arguments, a struct whose
		// address is given to a call that prints it): what is stored into it, its elements
		// and its fields.
		w.stores(x, depth+1)
		w.elementStores(x, depth+1)
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.Call:
			w.call(t, x.Index, depth+1)
		case *ssa.TypeAssert:
			if x.Index == 0 {
				w.walk(t.X, depth+1)
			}
		case *ssa.Lookup:
			if x.Index == 0 {
				w.walk(t.X, depth+1)
			}
		case *ssa.Next:
			// A range over a map or a string: its keys and values are the map's.
			if r, ok := t.Iter.(*ssa.Range); ok && x.Index > 0 {
				w.walk(r.X, depth+1)
			}
		}
	case *ssa.Call:
		w.call(x, -1, depth+1)
	case *ssa.FreeVar:
		// A value a closure captured: what the function that made the closure bound
		// (`token := os.Getenv(...)` in a handler factory).
		for _, b := range Bindings(x) {
			w.walk(b, depth+1)
		}
	}
	// Parameters, globals, constants, closures, maps, channels: not followed.
}

func (w *taintWalk) call(c *ssa.Call, result, depth int) {
	if b, ok := c.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
		for _, a := range c.Call.Args {
			w.walk(a, depth)
		}
		return
	}
	if w.t.Carries == nil {
		return
	}
	for _, a := range w.t.Carries(c, result) {
		w.walk(a, depth)
	}
}

// load walks what a load through addr can give.
func (w *taintWalk) load(addr ssa.Value, depth int) {
	switch a := addr.(type) {
	case *ssa.Alloc:
		w.stores(a, depth)
		if isAggregate(a.Type()) {
			w.elementStores(a, depth)
		}
	case *ssa.FieldAddr:
		w.fieldOf(a.X, depth)
		w.sameField(a, depth)
	case *ssa.IndexAddr:
		w.walk(a.X, depth)
		w.stores(a, depth)
	case *ssa.FreeVar:
		// A variable a closure captured by reference: its cell in the function that made
		// the closure.
		for _, b := range Bindings(a) {
			w.load(b, depth)
		}
	}
	// Globals are not followed.
}

// fieldOf walks the struct a field is read from when it was made by a call the walk may go
// through (the URL of the request http.NewRequest built): a field of a parameter or of a
// local is made only of what was stored into that field (sameField).
func (w *taintWalk) fieldOf(base ssa.Value, depth int) {
	if CallOf(base) != nil {
		w.walk(base, depth)
	}
}

// sameField walks the values stored into the same field of the same base as fa.
func (w *taintWalk) sameField(fa *ssa.FieldAddr, depth int) {
	refs := fa.X.Referrers()
	if refs == nil {
		return
	}
	for _, ref := range *refs {
		if other, ok := ref.(*ssa.FieldAddr); ok && other.Field == fa.Field {
			w.stores(other, depth)
		}
	}
}

// stores walks the values stored through addr.
func (w *taintWalk) stores(addr ssa.Value, depth int) {
	for _, v := range Stored(addr) {
		w.walk(v, depth)
	}
}

// isAggregate reports whether ptr points to a struct or an array, read whole by a load.
func isAggregate(ptr types.Type) bool {
	p, ok := ptr.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	switch p.Elem().Underlying().(type) {
	case *types.Struct, *types.Array:
		return true
	}
	return false
}

// elementStores walks the values stored into the elements or fields of a local.
func (w *taintWalk) elementStores(a *ssa.Alloc, depth int) {
	refs := a.Referrers()
	if refs == nil {
		return
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.IndexAddr:
			w.stores(r, depth)
		case *ssa.FieldAddr:
			w.stores(r, depth)
		}
	}
}
