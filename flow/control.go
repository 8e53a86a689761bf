package flow

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// Condition is a branch condition and the way a path takes it.
type Condition struct {
	If    *ssa.If
	Value ssa.Value
	// Taken is true when the path goes the way the condition holds.
	Taken bool
}

// Controlling returns the branches that decide whether b runs: those b is control-dependent
// on (b runs on every path through the way taken, and not on every path through the
// branch), and, where such a branch's block does nothing but compute its condition (the
// second test of `a && b`), the branches that decide that block. So `if bad { return E }`
// controls the return of E, a negated guard (`if ok { return R }; return E`) controls E
// through its false way, and an earlier `if other { return X }` that b merely follows does
// not.
func Controlling(b *ssa.BasicBlock) []Condition {
	var out []Condition
	seen := map[*ssa.BasicBlock]bool{}
	var collect func(x *ssa.BasicBlock)
	collect = func(x *ssa.BasicBlock) {
		for d := x; d != nil; d = d.Idom() {
			if !postDominates(x, d) {
				continue
			}
			for _, p := range d.Preds {
				if len(p.Instrs) == 0 || d.Dominates(p) || seen[p] {
					continue // a loop's back edge, or a branch already counted
				}
				ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
				if !ok || p.Succs[0] == p.Succs[1] || postDominates(x, p) {
					continue
				}
				seen[p] = true
				out = append(out, Condition{If: ifi, Value: ifi.Cond, Taken: d == p.Succs[0]})
				if conditionOnly(p) {
					collect(p)
				}
			}
		}
	}
	collect(b)
	return out
}

// conditionOnly reports whether a block does nothing but compute the condition it branches
// on: no call, no store, no phi.
func conditionOnly(b *ssa.BasicBlock) bool {
	for _, instr := range b.Instrs {
		switch instr.(type) {
		case *ssa.If, *ssa.BinOp, *ssa.UnOp, *ssa.Field, *ssa.FieldAddr, *ssa.Index, *ssa.IndexAddr,
			*ssa.Lookup, *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface, *ssa.Extract, *ssa.TypeAssert, *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// postDominates reports whether every path from x to the end of the function passes
// through b.
func postDominates(b, x *ssa.BasicBlock) bool {
	if b == x {
		return true
	}
	seen := map[*ssa.BasicBlock]bool{b: true}
	stack := []*ssa.BasicBlock{x}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n] {
			continue
		}
		seen[n] = true
		if len(n.Succs) == 0 {
			return false // an exit reached without b
		}
		stack = append(stack, n.Succs...)
	}
	return true
}

// InHand returns the errors the path knows to be non-nil: those a branch it took tested.
func (p *Path) InHand() []ssa.Value {
	if p == nil || p.st == nil {
		return nil
	}
	var out []ssa.Value
	for v, n := range p.st.facts {
		if n == NonNil && isError(v.Type()) {
			out = append(out, v)
		}
	}
	return out
}

// DecidedOtherwise reports whether a branch taken after the errors in hand arose decides that
// b runs where something else than their nil test holds: another condition (`if tenant == ""
// { return errors.New("tenant not configured") }`, `if !allowed(p)`, a call that does not
// read the failure: the new error reports that), or what the
// failure is (os.IsNotExist(err), a 404 status of it, errors.Is: the classified failure is
// translated on purpose, and its text says what happened). Where the test does not hold
// (`if errors.Is(err, errNotFound) { return nil }; return errors.New("lookup failed")`, `if
// !os.IsNotExist(err) {...}`), b builds the generic failure, and dropping the cause there is
// the mistake.
func DecidedOtherwise(b *ssa.BasicBlock, inHand []ssa.Value) bool {
	for _, cond := range Controlling(b) {
		after := false
		for _, v := range inHand {
			if vb := CallOf(Core(v)).Block(); vb != nil && vb.Dominates(cond.If.Block()) {
				after = true
			}
		}
		if !after {
			continue // a branch the failure merely happened inside of
		}
		if !IsNilTestOf(cond.Value, inHand) && (holdsOn(cond) || !dependsOnAny(cond.Value, inHand)) {
			return true
		}
	}
	return classifiedBefore(inHand)
}

// classifiedBefore reports whether one of the failures in hand arose only where another was
// classified first (`if _, ok := err.(*AcceptedError); ok { _, getErr := get(); ... }`): what
// happens in that case, the second failure included, is answered on purpose.
func classifiedBefore(inHand []ssa.Value) bool {
	for _, v := range inHand {
		call := CallOf(Core(v))
		if call == nil {
			continue
		}
		for _, cond := range Controlling(call.Block()) {
			for _, u := range inHand {
				if u == v || IsNilTestOf(cond.Value, []ssa.Value{u}) || !DependsOn(cond.Value, Core(u)) {
					continue
				}
				if holdsOn(cond) {
					if _, isCmp := cond.Value.(*ssa.BinOp); !isCmp {
						return true
					}
				}
			}
		}
	}
	return false
}

// holdsOn reports whether the block cond controls runs where cond's test, read without its
// negations, holds. A classification (os.IsNotExist(err), errors.Is) holds on one side only;
// a comparison (`tenant == ""`, `ctx.Err() != nil`, a status code) decides either way: each
// side is a case the new error can name.
func holdsOn(cond Condition) bool {
	holds, v := cond.Taken, cond.Value
	for {
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op == token.NOT {
				holds, v = !holds, x.X
				continue
			}
		case *ssa.BinOp:
			return true
		}
		return holds
	}
}

// IsNilTestOf reports whether cond compares one of vals with nil, and nothing else.
func IsNilTestOf(cond ssa.Value, vals []ssa.Value) bool {
	bin, ok := cond.(*ssa.BinOp)
	if !ok || (bin.Op != token.EQL && bin.Op != token.NEQ) {
		return false
	}
	x := NilTested(bin)
	for _, v := range vals {
		if x != nil && Core(x) == Core(v) {
			return true
		}
	}
	return false
}

// dependsOnAny reports whether cond is computed from one of the failures: a test of what
// the failure is (os.IsNotExist(err)) rather than another condition
// (`!allowed(parent)`), which decides either way.
func dependsOnAny(cond ssa.Value, inHand []ssa.Value) bool {
	for _, v := range inHand {
		if DependsOn(cond, v) || DependsOn(cond, Core(v)) {
			return true
		}
	}
	return false
}
