// Package slice computes backward program slices of one function on the flow engine's SSA:
// the instructions whose effects may reach a set of values (format-parity asks which values a
// tool's text is made of). It imports the engine for what a call is given and which branch
// decides a block; the engine does not import it.
package slice

import (
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
)

// Slice is a backward program slice of one function: the instructions whose effects may
// reach the seeds. It follows
//   - data: each instruction's operands (a call's arguments only where Args admits it);
//   - memory: a load reaches what was stored through its address; a local (an Alloc) is
//     made of what is stored into it, its fields and elements, of the calls given its
//     address (fmt.Fprintf(&b, ...), b.WriteString(...), json.Unmarshal(data, &v)), and of the
//     calls of closures that capture it;
//   - control: the branches that decide whether a write (a store, a call given a local)
//     runs, and which way a phi takes its value.
//
// The walk does not go into the definition of a value Stop names: the caller sees where such
// a value is used (Uses), not how it was made. Calls are not entered: what a callee does with
// an argument is the caller's question (Called, CalleeOf).
type Slice struct {
	// Stop names values whose definitions are not followed; nil follows all.
	Stop func(ssa.Value) bool
	// Args reports whether a call's result is made of its arguments (len and cap are not:
	// a count shows none of the values); nil admits every call.
	Args func(*ssa.Call) bool

	in   map[ssa.Instruction]bool
	seen map[ssa.Value]bool
	// controlled marks the blocks whose deciding branches are in the slice already.
	controlled map[*ssa.BasicBlock]bool
	work       []ssa.Value
}

// maxSlice bounds a slice on huge functions: past it, the slice is what was found so far.
const maxSlice = 4096

// From computes the slice of seeds: a set of instructions (In, Uses).
func (s *Slice) From(seeds ...ssa.Value) {
	s.in, s.seen, s.controlled = map[ssa.Instruction]bool{}, map[ssa.Value]bool{}, map[*ssa.BasicBlock]bool{}
	s.work = append(s.work[:0], seeds...)
	for len(s.work) > 0 && len(s.in) < maxSlice {
		v := s.work[len(s.work)-1]
		s.work = s.work[:len(s.work)-1]
		s.value(v)
	}
}

// In reports whether instr is in the slice.
func (s *Slice) In(instr ssa.Instruction) bool { return s.in[instr] }

// Uses returns the instructions of the slice that use v as an operand and are made of it: a
// call whose arguments Args does not admit (len(v)) is in the slice but does not use v.
func (s *Slice) Uses(v ssa.Value) []ssa.Instruction {
	var out []ssa.Instruction
	if refs := v.Referrers(); refs != nil {
		for _, ref := range *refs {
			if !s.in[ref] {
				continue
			}
			if call, ok := ref.(*ssa.Call); ok && call.Call.Value != v && s.Args != nil && !s.Args(call) {
				continue
			}
			out = append(out, ref)
		}
	}
	return out
}

func (s *Slice) push(v ssa.Value) {
	if v != nil && !s.seen[v] {
		s.work = append(s.work, v)
	}
}

func (s *Slice) value(v ssa.Value) {
	if s.seen[v] {
		return
	}
	s.seen[v] = true
	if s.Stop != nil && s.Stop(v) {
		return
	}
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return // parameters, free variables, globals, constants, functions
	}
	s.add(instr)
	switch x := v.(type) {
	case *ssa.Alloc:
		s.local(x)
		return
	case *ssa.FieldAddr, *ssa.IndexAddr:
		s.writes(v)
	case *ssa.Phi:
		for i, e := range x.Edges {
			s.push(e)
			s.decides(x.Block().Preds[i])
		}
		return
	case *ssa.MakeSlice, *ssa.Slice:
		// Filled by index: rows[i] = x.
		if refs := v.Referrers(); refs != nil {
			for _, ref := range *refs {
				if ia, ok := ref.(*ssa.IndexAddr); ok && ia.X == v {
					s.writes(ia)
				}
			}
		}
	case *ssa.MakeMap:
		if refs := x.Referrers(); refs != nil {
			for _, ref := range *refs {
				if mu, ok := ref.(*ssa.MapUpdate); ok {
					s.writer(mu)
					s.push(mu.Key)
					s.push(mu.Value)
				}
			}
		}
	case *ssa.Call:
		if s.Args != nil && !s.Args(x) {
			s.push(x.Call.Value)
			return
		}
	}
	s.operands(instr)
}

// add puts instr into the slice.
func (s *Slice) add(instr ssa.Instruction) {
	s.in[instr] = true
}

// operands walks instr's operands.
func (s *Slice) operands(instr ssa.Instruction) {
	var ops [8]*ssa.Value
	for _, op := range instr.Operands(ops[:0]) {
		if *op != nil {
			s.push(*op)
		}
	}
}

// local walks what a local is made of: the stores into it and into its fields and elements,
// the calls given its address, and the closures that capture it.
func (s *Slice) local(a *ssa.Alloc) {
	s.writes(a)
	if refs := a.Referrers(); refs != nil {
		for _, ref := range *refs {
			switch r := ref.(type) {
			case *ssa.FieldAddr:
				s.writes(r)
			case *ssa.IndexAddr:
				s.writes(r)
			case *ssa.MakeClosure:
				s.closure(r)
			}
		}
	}
}

// writes walks the stores through addr and the calls given it, with the branches that decide
// whether they run.
func (s *Slice) writes(addr ssa.Value) {
	for _, st := range storesTo(addr) {
		s.writer(st)
		s.push(st.Val)
	}
	for _, call := range flow.CallsGiven(addr) {
		s.writer(call)
		s.value(call)
	}
}

// closure walks a closure that captures a local: what its calls are given may be written
// into the local.
func (s *Slice) closure(mc *ssa.MakeClosure) {
	s.add(mc)
	s.operands(mc)
	if refs := mc.Referrers(); refs != nil {
		for _, ref := range *refs {
			if call, ok := ref.(*ssa.Call); ok && call.Call.Value == ssa.Value(mc) {
				s.writer(call)
				s.value(call)
			}
		}
	}
}

// writer adds a write to the slice with the branches that decide whether it runs.
func (s *Slice) writer(instr ssa.Instruction) {
	s.add(instr)
	s.control(instr.Block())
}

// decides adds the branches that decide whether a phi takes its value from the edge out of
// pred: pred's own branch and those that decide whether pred runs.
func (s *Slice) decides(pred *ssa.BasicBlock) {
	if n := len(pred.Instrs); n > 0 {
		if ifi, ok := pred.Instrs[n-1].(*ssa.If); ok {
			s.branch(ifi)
		}
	}
	s.control(pred)
}

func (s *Slice) control(b *ssa.BasicBlock) {
	if b == nil || s.controlled[b] {
		return
	}
	s.controlled[b] = true
	for _, c := range flow.Controlling(b) {
		s.branch(c.If)
	}
}

func (s *Slice) branch(ifi *ssa.If) {
	if s.in[ifi] {
		return
	}
	s.add(ifi)
	s.push(ifi.Cond)
}

// storesTo returns the stores through addr.
func storesTo(addr ssa.Value) []*ssa.Store {
	var out []*ssa.Store
	if refs := addr.Referrers(); refs != nil {
		for _, ref := range *refs {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == addr {
				out = append(out, st)
			}
		}
	}
	return out
}
