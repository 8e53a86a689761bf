package flow

import (
	"go/token"
	"go/types"
	"iter"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Questions about the values of one call and the closures around it, asked by recognition's
// adapters: which result of which call a value is, which parameter a closure's captured
// variable holds, whether a path returns a call's results whole.

// BoundParam is the index among the declared parameters of lit's enclosing function of the
// parameter that v, a variable lit captures, is bound to; -1 when v is anything else (or a
// parameter the enclosing function assigns again).
func BoundParam(lit *ssa.Function, v ssa.Value) int {
	// A captured parameter is a free variable holding its value, or (the usual form) the
	// address of the cell the enclosing function stores the parameter in, loaded here.
	byRef := false
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		v, byRef = ld.X, true
	}
	fv, ok := v.(*ssa.FreeVar)
	parent := lit.Parent()
	if !ok || parent == nil {
		return -1
	}
	k := slices.Index(lit.FreeVars, fv)
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok || mc.Fn != lit || k >= len(mc.Bindings) {
				continue
			}
			bound := mc.Bindings[k]
			if byRef {
				stored := Stored(bound)
				if len(stored) != 1 {
					return -1
				}
				bound = stored[0]
			}
			p, ok := bound.(*ssa.Parameter)
			if !ok {
				return -1
			}
			i := slices.Index(parent.Params, p)
			if parent.Signature.Recv() != nil {
				i--
			}
			return i
		}
	}
	return -1
}

// Guarded reports whether the return of path p runs only after a test of call's results
// against nil (`if res, err := f(); res != nil || err != nil { return res, err }`): then the
// handler passes f's results on only in the shapes the test admits, and f, whose (nil, nil)
// means "go on", is not a delegate.
func Guarded(p Path, call *ssa.Call) bool {
	for _, c := range Controlling(p.Return.Block()) {
		if tested, _ := Extracted(NilTested(c.Value)); tested == call {
			return true
		}
	}
	return false
}

// ReturnsWhole reports whether path p returns call's results unchanged and in order.
func ReturnsWhole(p Path, call *ssa.Call) bool {
	for i, o := range p.Results {
		if c, j := Extracted(o.Value); c != call || j != i {
			return false
		}
	}
	return true
}

// Extracted is the call v is a result of, and which result; nil when it is none.
func Extracted(v ssa.Value) (*ssa.Call, int) {
	switch x := Core(v).(type) {
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			return c, x.Index
		}
	case *ssa.Call:
		return x, 0
	}
	return nil, -1
}

// ResultOf is the position among call's results of v: one of them, or one given to a
// func(T) T of the handler's own on the way (a decorator, github-mcp-server's
// attachIFC(result)); -1 otherwise.
func ResultOf(v ssa.Value, call *ssa.Call) int {
	c, i := Extracted(v)
	if c == call {
		return i
	}
	if c == nil || c.Call.IsInvoke() || len(c.Call.Args) != 1 {
		return -1
	}
	sig := c.Call.Signature()
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 || sig.Variadic() ||
		!types.Identical(sig.Params().At(0).Type(), sig.Results().At(0).Type()) {
		return -1
	}
	if inner, j := Extracted(c.Call.Args[0]); inner == call {
		return j
	}
	return -1
}

// TestsNil reports whether fn branches on v being nil.
func TestsNil(fn *ssa.Function, v ssa.Value) bool {
	for _, b := range fn.Blocks {
		if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && NilTested(ifi.Cond) == v {
			return true
		}
	}
	return false
}

// FirstAndLast are the values of call c's first result (nil when it has one result) and of
// its last (an error's, for a wrapped handler).
func FirstAndLast(c *ssa.Call) (res, errV ssa.Value) {
	tuple, ok := c.Type().(*types.Tuple)
	if !ok {
		return nil, c
	}
	for _, ref := range *c.Referrers() {
		if ex, isEx := ref.(*ssa.Extract); isEx {
			switch ex.Index {
			case 0:
				res = ex
			case tuple.Len() - 1:
				errV = ex
			}
		}
	}
	return res, errV
}

// ErrorsAsTaken is the target type of an `errors.As(errV, &target)` the path took the true
// way of before its return, or nil.
func ErrorsAsTaken(p Path, errV ssa.Value) types.Type {
	for _, c := range Controlling(p.Return.Block()) {
		call, ok := c.Value.(*ssa.Call)
		if !ok || !c.Taken || len(call.Call.Args) != 2 {
			continue
		}
		if !CallsFunc(call, "errors", "As") || Core(call.Call.Args[0]) != errV {
			continue
		}
		if mi, ok := call.Call.Args[1].(*ssa.MakeInterface); ok {
			if ptr, ok := mi.X.Type().Underlying().(*types.Pointer); ok {
				return ptr.Elem()
			}
		}
	}
	return nil
}

// CapturedAs is the free variable of closure mc's function bound to next (its value, or the
// cell the enclosing function keeps it in), or nil.
func CapturedAs(mc *ssa.MakeClosure, next ssa.Value) *ssa.FreeVar {
	lit := mc.Fn.(*ssa.Function)
	for k, b := range mc.Bindings {
		if b == next || slices.Contains(Stored(b), next) {
			return lit.FreeVars[k]
		}
	}
	return nil
}

// Returns yields the return instructions of fn (nil yields none), in block order.
func Returns(fn *ssa.Function) iter.Seq[*ssa.Return] {
	return func(yield func(*ssa.Return) bool) {
		if fn == nil {
			return
		}
		for _, b := range fn.Blocks {
			if len(b.Instrs) == 0 {
				continue
			}
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && !yield(ret) {
				return
			}
		}
	}
}

// ReturnedValues are the values a returned value v can be: through phis, conversions to a
// handler type (HandlerFunc(f)) and the variable a bare return reads.
func ReturnedValues(v ssa.Value, depth int) []ssa.Value {
	if depth > maxDepth {
		return nil
	}
	switch x := v.(type) {
	case *ssa.Phi:
		var out []ssa.Value
		for _, e := range x.Edges {
			out = append(out, ReturnedValues(e, depth+1)...)
		}
		return out
	case *ssa.ChangeType:
		return ReturnedValues(x.X, depth+1)
	case *ssa.UnOp:
		if a, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
			var out []ssa.Value
			for _, st := range Stored(a) {
				out = append(out, ReturnedValues(st, depth+1)...)
			}
			return out
		}
	}
	return []ssa.Value{v}
}
