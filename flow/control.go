package flow

import (
	"go/token"
	"slices"

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

// Exclusive reports whether at most one of two instructions runs in one call of their
// function: they are in one function, and neither's block reaches the other's (an if and its
// else, two cases of a switch without fallthrough). Two instructions of a loop's body may
// both run, one on each turn.
func Exclusive(a, b ssa.Instruction) bool {
	if a.Parent() != b.Parent() || a.Block() == b.Block() {
		return false
	}
	return !reaches(a.Block(), b.Block()) && !reaches(b.Block(), a.Block())
}

// reaches reports whether a way leads from the end of from to to.
func reaches(from, to *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := slices.Clone(from.Succs)
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if b == to {
			return true
		}
		if !seen[b] {
			seen[b] = true
			work = append(work, b.Succs...)
		}
	}
	return false
}
