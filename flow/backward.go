package flow

import (
	"iter"

	"golang.org/x/tools/go/ssa"
)

// Backward is the one walk from a value back to what it is made of. Origins, Taint and the
// contract rules' error summaries are its visitors: Visit says what a value is made of by
// walking on into those values (Walk), and the walk visits each value once, keeps the chain
// of values from the first one walked, and ends when the visitor has found what it looks for
// (Stop).
type Backward struct {
	// Visit is called once for each value walked, with the value last in Chain.
	Visit func(v ssa.Value)
	// Bounded gives up on chains longer than 96 values and after 512 values, where a huge
	// function makes an exhaustive answer not worth its time.
	Bounded bool
	seen    map[ssa.Value]bool
	chain   []ssa.Value
	done    bool
}

// maxOrigins bounds a Bounded walk on huge functions.
const maxOrigins = 512

// Walk visits v, unless it was visited before or the walk is over.
func (b *Backward) Walk(v ssa.Value) {
	if b.seen == nil {
		b.seen = map[ssa.Value]bool{}
	}
	if v == nil || b.done || b.seen[v] || b.Bounded && (len(b.seen) > maxOrigins || len(b.chain) > 4*maxDepth) {
		return
	}
	b.seen[v] = true
	b.chain = append(b.chain, v)
	b.Visit(v)
	b.chain = b.chain[:len(b.chain)-1]
}

// Mark counts v as visited without visiting it, and reports whether it was already.
func (b *Backward) Mark(v ssa.Value) (before bool) {
	if b.seen == nil {
		b.seen = map[ssa.Value]bool{}
	}
	before = b.seen[v]
	b.seen[v] = true
	return before
}

// Forget lets a later Walk visit v again: a value the visitor followed only in part here.
func (b *Backward) Forget(v ssa.Value) { delete(b.seen, v) }

// Stop ends the walk: no value is visited after it.
func (b *Backward) Stop() { b.done = true }

// Chain is the values walked through from the first one to the one being visited.
func (b *Backward) Chain() []ssa.Value { return b.chain }

// Through walks on into what v is made of when v is made of it whole, and reports whether it
// was: a conversion, a change of type or interface, an assertion, a slice or an element of
// one (sameText), or a phi's edges. Both Origins and Taint go through these alike.
func (b *Backward) Through(v ssa.Value) bool {
	if x := sameText(v); x != nil {
		b.Walk(x)
		return true
	}
	if phi, ok := v.(*ssa.Phi); ok {
		for _, e := range phi.Edges {
			b.Walk(e)
		}
		return true
	}
	return false
}

// WalkStored walks the values stored through addr.
func (b *Backward) WalkStored(addr ssa.Value) {
	for _, v := range Stored(addr) {
		b.Walk(v)
	}
}

// Parts are the addresses of a local's fields and elements, which stores into the local go
// through.
func Parts(a *ssa.Alloc) iter.Seq[ssa.Value] {
	return func(yield func(ssa.Value) bool) {
		for _, ref := range Referrers(a) {
			switch r := ref.(type) {
			case *ssa.FieldAddr:
				if !yield(r) {
					return
				}
			case *ssa.IndexAddr:
				if !yield(r) {
					return
				}
			}
		}
	}
}
