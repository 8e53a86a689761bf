package manifest

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
)

// envUse is how the code uses each read it makes (an os.Getenv or os.LookupEnv call).
type envUse struct {
	// required: a test of the value alone (`v == ""`, `len(v) == 0`, `!ok` of LookupEnv)
	// whose empty side never rejoins the code that carries on: every way from it returns an
	// error, calls log.Fatal*, os.Exit or panics.
	required map[*ast.CallExpr]bool
	// optional: tested, and some test lets the code carry on without it (`if v != "" {
	// return v }` falls through to a default), or tests it together with another condition
	// (required only when another variable is set).
	optional map[*ast.CallExpr]bool
	// fallbackFor maps a read made only when another variable is empty, and merged into it,
	// to that variable.
	fallbackFor map[*ast.CallExpr]string
}

// classifyReads finds, on the flow engine's SSA, which of reads the code cannot start
// without, which it tolerates missing, and which stand in for another variable. Each read is
// judged by the tests of the values that hold it: one function may require a variable that
// another reads with a default.
func classifyReads(info *types.Info, fl *flow.Result, reads []*ast.CallExpr) envUse {
	use := envUse{required: map[*ast.CallExpr]bool{}, optional: map[*ast.CallExpr]bool{}, fallbackFor: map[*ast.CallExpr]string{}}
	if len(reads) == 0 {
		return use
	}
	e := &envFlow{held: map[ssa.Value][]*ast.CallExpr{}, calls: map[*ssa.Call]*ast.CallExpr{}, loads: map[ssa.Value][]ssa.Value{}}
	for instr := range fl.Instructions() {
		if load, ok := instr.(*ssa.UnOp); ok && load.Op == token.MUL {
			if g, ok := load.X.(*ssa.Global); ok {
				e.loads[g] = append(e.loads[g], load)
			}
		}
	}
	for _, read := range reads {
		if c := fl.CallAt(read.Lparen); c != nil {
			e.calls[c] = read
			e.hold(c, read)
		}
	}
	var fns []*ssa.Function
	for v := range e.held {
		if fn := v.Parent(); fn != nil && !slices.Contains(fns, fn) {
			fns = append(fns, fn)
		}
	}
	slices.SortFunc(fns, func(a, b *ssa.Function) int { return int(a.Pos() - b.Pos()) })
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			test, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
			if !ok {
				continue
			}
			tested, whenEmpty := e.tested(test.Cond)
			if len(tested) == 0 {
				continue
			}
			empty := b.Succs[1]
			if whenEmpty {
				empty = b.Succs[0]
			}
			alone := !combined(b)
			if fb := e.fallback(empty, tested); fb != nil && whenEmpty && alone {
				for _, read := range tested {
					if read != fb && use.fallbackFor[read] == "" {
						use.fallbackFor[fb] = envReadName(info, read)
					}
				}
				continue
			}
			for _, read := range tested {
				if alone && mustFail(empty) {
					use.required[read] = true
				} else {
					use.optional[read] = true
				}
			}
		}
	}
	return use
}

// envFlow follows the values of environment reads.
type envFlow struct {
	// held are the values that may hold each read: the call (LookupEnv's value and ok), the
	// phis it merges into, what loads of a variable it is stored into give, and the free
	// variables of the closures that capture it.
	held  map[ssa.Value][]*ast.CallExpr
	calls map[*ssa.Call]*ast.CallExpr
	loads map[ssa.Value][]ssa.Value // loads of each package variable
}

func (e *envFlow) hold(v ssa.Value, read *ast.CallExpr) {
	if slices.Contains(e.held[v], read) {
		return
	}
	e.held[v] = append(e.held[v], read)
	for _, ref := range flow.Referrers(v) {
		switch r := ref.(type) {
		case *ssa.Extract: // LookupEnv's value and ok
			e.hold(r, read)
		case *ssa.Phi:
			e.hold(r, read)
		case *ssa.Store:
			if r.Val == v {
				e.holdLoads(r.Addr, read)
			}
		case *ssa.MakeClosure:
			for _, fv := range flow.BoundTo(r, v) {
				e.hold(fv, read)
			}
		}
	}
}

// holdLoads marks what loads through addr give: a local kept in memory or a package variable.
func (e *envFlow) holdLoads(addr ssa.Value, read *ast.CallExpr) {
	for _, load := range e.loads[addr] {
		e.hold(load, read)
	}
	for _, ref := range flow.Referrers(addr) {
		switch r := ref.(type) {
		case *ssa.UnOp:
			if r.Op == token.MUL && r.X == addr {
				e.hold(r, read)
			}
		case *ssa.MakeClosure:
			for _, fv := range flow.BoundTo(r, addr) {
				e.holdLoads(fv, read)
			}
		}
	}
}

// tested returns the reads whose emptiness cond tests, and whether it holds when the value
// is empty (`v == ""`, `len(v) == 0`) or when it is set (`v != ""`, `ok`; go/ssa writes `!ok`
// as ok with the branches swapped).
func (e *envFlow) tested(cond ssa.Value) (reads []*ast.CallExpr, whenEmpty bool) {
	switch x := cond.(type) {
	case *ssa.BinOp:
		if x.Op != token.EQL && x.Op != token.NEQ {
			return nil, false
		}
		for _, side := range []ssa.Value{x.X, x.Y} {
			if reads := e.held[side]; reads != nil {
				return reads, x.Op == token.EQL
			}
			if c, ok := side.(*ssa.Call); ok && len(c.Call.Args) == 1 {
				if reads := e.held[c.Call.Args[0]]; reads != nil {
					return reads, x.Op == token.EQL // len(v) == 0
				}
			}
		}
	case *ssa.UnOp:
		if x.Op == token.NOT {
			return e.held[x.X], true
		}
	}
	return e.held[cond], false
}

// fallback is the read made on the empty side that the tested value merges with afterwards:
// `if v == "" { v = os.Getenv("OLD") }`.
func (e *envFlow) fallback(empty *ssa.BasicBlock, tested []*ast.CallExpr) *ast.CallExpr {
	if len(empty.Preds) != 1 {
		return nil
	}
	for _, instr := range empty.Instrs {
		c, ok := instr.(*ssa.Call)
		if !ok || e.calls[c] == nil {
			continue
		}
		for _, v := range append([]ssa.Value{c}, extracts(c)...) {
			for _, ref := range flow.Referrers(v) {
				if phi, ok := ref.(*ssa.Phi); ok && slices.ContainsFunc(phi.Edges, func(edge ssa.Value) bool {
					return edge != v && slices.ContainsFunc(e.held[edge], func(r *ast.CallExpr) bool { return slices.Contains(tested, r) })
				}) {
					return e.calls[c]
				}
			}
		}
	}
	return nil
}

func extracts(c *ssa.Call) []ssa.Value {
	var out []ssa.Value
	for _, ref := range flow.Referrers(c) {
		if x, ok := ref.(*ssa.Extract); ok {
			out = append(out, x)
		}
	}
	return out
}

// combined reports whether the test ending b is one operand of a && or ||: go/ssa writes
// `a && b` as a block that tests a and goes on to a block that only computes and tests b,
// the two tests sharing the way out where the whole condition fails.
func combined(b *ssa.BasicBlock) bool {
	if len(b.Preds) == 1 && conditionOnly(b) {
		if p := b.Preds[0]; len(p.Succs) == 2 && sharesExit(p, b) {
			return true
		}
	}
	for _, s := range b.Succs {
		if len(s.Preds) == 1 && conditionOnly(s) && sharesExit(b, s) {
			return true
		}
	}
	return false
}

// sharesExit reports whether first's test, which goes on to second's, has its other way out
// among second's.
func sharesExit(first, second *ssa.BasicBlock) bool {
	for _, s := range first.Succs {
		if s != second && slices.Contains(second.Succs, s) {
			return true
		}
	}
	return false
}

// conditionOnly reports whether b only computes the condition it ends with.
func conditionOnly(b *ssa.BasicBlock) bool {
	if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); !ok {
		return false
	}
	for _, instr := range b.Instrs[:len(b.Instrs)-1] {
		switch instr.(type) {
		case *ssa.BinOp, *ssa.UnOp, *ssa.Field, *ssa.FieldAddr, *ssa.Extract, *ssa.Index, *ssa.IndexAddr, *ssa.Convert, *ssa.ChangeType, *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// mustFail reports whether every way from the empty side fails before it rejoins the code
// that carries on (leaves the blocks it dominates): a return of a non-nil error, log.Fatal*,
// os.Exit or panic.
func mustFail(empty *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	var fails func(b *ssa.BasicBlock) bool
	fails = func(b *ssa.BasicBlock) bool {
		if !empty.Dominates(b) {
			return false // back where the value was set
		}
		if seen[b] {
			return true // a loop: judged where it exits
		}
		seen[b] = true
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Panic:
				return true
			case *ssa.Call:
				if givesUp(x) {
					return true
				}
			case *ssa.Return:
				return returnsError(x)
			}
		}
		if len(b.Succs) == 0 {
			return false
		}
		for _, s := range b.Succs {
			if !fails(s) {
				return false
			}
		}
		return true
	}
	return fails(empty)
}

// givesUp reports whether call ends the program: os.Exit, log.Fatal*, panic.
func givesUp(call *ssa.Call) bool {
	if b, ok := call.Call.Value.(*ssa.Builtin); ok {
		return b.Name() == "panic"
	}
	fn := flow.Callee(call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	path, name := fn.Pkg().Path(), fn.Name()
	return path == "os" && name == "Exit" || path == "log" && strings.HasPrefix(name, "Fatal")
}

// returnsError reports whether ret's last result is an error that is not nil.
func returnsError(ret *ssa.Return) bool {
	if len(ret.Results) == 0 {
		return false
	}
	last := ret.Results[len(ret.Results)-1]
	if !types.Identical(last.Type(), types.Universe.Lookup("error").Type()) {
		return false
	}
	c, ok := last.(*ssa.Const)
	return !ok || !c.IsNil()
}
