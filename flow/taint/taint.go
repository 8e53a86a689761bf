// Package taint asks where a value's text came from, field by field: a visitor of the flow
// engine's backward walk (flow.Backward) that stops at the first value its caller calls a
// source. Secret-in-model-text's credential analysis asks it. It knows no SDK.
package taint

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
)

// Query asks where a value's text came from: it walks the value's definitions backwards,
// through phis, conversions, string concatenation, the calls Carries admits, locals and their
// stores, and stops at the first value Source names. Unlike Origins it is field-sensitive: a
// field read from a local struct is made only of what was stored into that field, so
// `cfg.BaseURL` does not carry `cfg.Token`.
type Query struct {
	// Source says whether v is a source, and how to name it.
	Source func(v ssa.Value) (string, bool)
	// Carries returns the operands whose text result i of call carries (fmt.Sprintf: its
	// arguments; an HTTP request's error: the request), i being -1 for a call with one
	// result; nil when the result carries none.
	Carries func(call *ssa.Call, result int) []ssa.Value
}

// Found is a source Find found: the value, its name, and the values the walk went through
// from the value asked about to the source (both included).
type Found struct {
	Source ssa.Value
	Name   string
	Chain  []ssa.Value
}

// Find returns the first source v's text is made of, or nil.
func (t *Query) Find(v ssa.Value) *Found {
	w := &taintWalk{t: t}
	w.Backward = flow.Backward{Visit: w.visit, Bounded: true}
	w.Walk(v)
	return w.found
}

// taintWalk is the backward walk's visitor that stops at the first source.
type taintWalk struct {
	flow.Backward
	t     *Query
	found *Found
}

// visit walks what v's text is made of, or ends the walk at a source.
func (w *taintWalk) visit(v ssa.Value) {
	if name, ok := w.t.Source(v); ok {
		w.found = &Found{Source: v, Name: name, Chain: append([]ssa.Value(nil), w.Chain()...)}
		w.Stop()
		return
	}
	if w.Through(v) {
		return
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			w.load(x.X)
		}
	case *ssa.BinOp:
		if x.Op == token.ADD {
			w.Walk(x.X)
			w.Walk(x.Y)
		}
	case *ssa.Field:
		w.fieldOf(x.X)
	case *ssa.Alloc:
		// A local as a whole (the array behind a variadic call's arguments, a struct whose
		// address is given to a call that prints it): what is stored into it, its elements
		// and its fields.
		w.WalkStored(x)
		w.partStores(x)
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.Call:
			w.call(t, x.Index)
		case *ssa.TypeAssert:
			if x.Index == 0 {
				w.Walk(t.X)
			}
		case *ssa.Lookup:
			if x.Index == 0 {
				w.Walk(t.X)
			}
		case *ssa.Next:
			// A range over a map or a string: its keys and values are the map's.
			if r, ok := t.Iter.(*ssa.Range); ok && x.Index > 0 {
				w.Walk(r.X)
			}
		}
	case *ssa.Call:
		w.call(x, -1)
	case *ssa.FreeVar:
		// A value a closure captured: what the function that made the closure bound
		// (`token := os.Getenv(...)` in a handler factory).
		for _, b := range flow.Bindings(x) {
			w.Walk(b)
		}
	}
	// Parameters, globals, constants, closures, maps, channels: not followed.
}

func (w *taintWalk) call(c *ssa.Call, result int) {
	if b, ok := c.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
		for _, a := range c.Call.Args {
			w.Walk(a)
		}
		return
	}
	if w.t.Carries == nil {
		return
	}
	for _, a := range w.t.Carries(c, result) {
		w.Walk(a)
	}
}

// load walks what a load through addr can give.
func (w *taintWalk) load(addr ssa.Value) {
	switch a := addr.(type) {
	case *ssa.Alloc:
		w.WalkStored(a)
		if isAggregate(a.Type()) {
			w.partStores(a)
		}
	case *ssa.FieldAddr:
		w.fieldOf(a.X)
		w.sameField(a)
	case *ssa.IndexAddr:
		w.Walk(a.X)
		w.WalkStored(a)
	case *ssa.FreeVar:
		// A variable a closure captured by reference: its cell in the function that made
		// the closure.
		for _, b := range flow.Bindings(a) {
			w.load(b)
		}
	}
	// Globals are not followed.
}

// fieldOf walks the struct a field is read from when it was made by a call the walk may go
// through (the URL of the request http.NewRequest built): a field of a parameter or of a
// local is made only of what was stored into that field (sameField).
func (w *taintWalk) fieldOf(base ssa.Value) {
	if flow.CallOf(base) != nil {
		w.Walk(base)
	}
}

// sameField walks the values stored into the same field of the same base as fa.
func (w *taintWalk) sameField(fa *ssa.FieldAddr) {
	refs := fa.X.Referrers()
	if refs == nil {
		return
	}
	for _, ref := range *refs {
		if other, ok := ref.(*ssa.FieldAddr); ok && other.Field == fa.Field {
			w.WalkStored(other)
		}
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

// partStores walks the values stored into the fields and elements of a local.
func (w *taintWalk) partStores(a *ssa.Alloc) {
	for part := range flow.Parts(a) {
		w.WalkStored(part)
	}
}
