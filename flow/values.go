package flow

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// The small questions about one SSA value that the engine and the rules both ask.

// CallOf returns the call a value is the result of: the call itself, or the call a result is
// extracted from; nil otherwise.
func CallOf(v ssa.Value) *ssa.Call {
	switch x := v.(type) {
	case *ssa.Call:
		return x
	case *ssa.Extract:
		c, _ := x.Tuple.(*ssa.Call)
		return c
	}
	return nil
}

// Callee is the function or method call statically calls, as declared (the origin of an
// instance of a generic function); nil for a call of a function value or an interface method.
func Callee(call *ssa.Call) *types.Func {
	return funcObject(calleeFunction(call))
}

// funcObject is the declared function or method of fn; nil for a nil fn or one with no
// declaration (a literal, a wrapper).
func funcObject(fn *ssa.Function) *types.Func {
	if fn == nil {
		return nil
	}
	obj, _ := fn.Object().(*types.Func)
	return obj
}

// calleeFunction is Callee's SSA function (the origin of a generic instance).
func calleeFunction(call *ssa.Call) *ssa.Function {
	callee := call.Call.StaticCallee()
	if callee == nil {
		return nil
	}
	if o := callee.Origin(); o != nil {
		callee = o
	}
	return callee
}

// Core looks through the conversions that keep an interface value the same value
// (ChangeInterface, ChangeType): an error converted to a wider interface is the same error.
func Core(v ssa.Value) ssa.Value {
	for range maxDepth {
		switch x := v.(type) {
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return v
		}
	}
	return v
}

// NilTested returns x of a branch condition that tests x against nil: `x != nil`,
// `x == nil`, their negations, errors.Is(x, target) and errors.As(x, &t) (true only for a
// non-nil x); nil for any other condition.
func NilTested(cond ssa.Value) ssa.Value {
	switch c := cond.(type) {
	case *ssa.BinOp:
		if c.Op != token.EQL && c.Op != token.NEQ {
			return nil
		}
		if isNilConst(c.Y) {
			return c.X
		}
		if isNilConst(c.X) {
			return c.Y
		}
	case *ssa.UnOp:
		if c.Op == token.NOT {
			return NilTested(c.X)
		}
	case *ssa.Call:
		if isErrorsTest(c) {
			return c.Call.Args[0]
		}
	}
	return nil
}

// isErrorsTest reports whether call is errors.Is(x, target) or errors.As(x, &t).
func isErrorsTest(call *ssa.Call) bool {
	return (CallsFunc(call, "errors", "Is") || CallsFunc(call, "errors", "As")) && len(call.Call.Args) == 2
}

// CallsFunc reports whether call statically calls the package-level function path.name (not
// a method).
func CallsFunc(call *ssa.Call, path, name string) bool {
	fn := Callee(call)
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == path && fn.Name() == name && fn.Signature().Recv() == nil
}

// sameText returns the operand a value keeps the contents of (a conversion, a change of
// type or interface, a type assertion, a slice or an element of it, a map lookup), or nil.
// Both backward walks, Origins and Taint, look through these alike.
func sameText(v ssa.Value) ssa.Value {
	switch x := v.(type) {
	case *ssa.Convert:
		return x.X
	case *ssa.ChangeType:
		return x.X
	case *ssa.ChangeInterface:
		return x.X
	case *ssa.MakeInterface:
		return x.X
	case *ssa.SliceToArrayPointer:
		return x.X
	case *ssa.TypeAssert:
		return x.X
	case *ssa.Slice:
		return x.X
	case *ssa.Index:
		return x.X
	case *ssa.Lookup:
		return x.X
	}
	return nil
}

// Every reports whether vs holds a value and pred admits each one: a φ, or a local's stores,
// is something when every way in is.
func Every(vs []ssa.Value, pred func(ssa.Value) bool) bool {
	for _, v := range vs {
		if !pred(v) {
			return false
		}
	}
	return len(vs) > 0
}

// Stored returns the values stored through addr.
func Stored(addr ssa.Value) []ssa.Value {
	var out []ssa.Value
	if refs := addr.Referrers(); refs != nil {
		for _, ref := range *refs {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == addr {
				out = append(out, st.Val)
			}
		}
	}
	return out
}

// CallsGiven returns the calls addr is given to, directly or as an interface
// (json.Unmarshal(data, &v) takes it as an any): calls that may fill what it points to.
func CallsGiven(addr ssa.Value) []*ssa.Call {
	var out []*ssa.Call
	refs := addr.Referrers()
	if refs == nil {
		return nil
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.Call:
			out = append(out, r)
		case *ssa.MakeInterface:
			if iface := r.Referrers(); iface != nil {
				for _, ref := range *iface {
					if call, ok := ref.(*ssa.Call); ok {
						out = append(out, call)
					}
				}
			}
		}
	}
	return out
}

// isAddressOf reports whether arg is addr or addr made an interface.
func isAddressOf(arg, addr ssa.Value) bool {
	if mi, ok := arg.(*ssa.MakeInterface); ok {
		arg = mi.X
	}
	return arg == addr
}

// IsNilConst reports whether v is the constant nil.
func IsNilConst(v ssa.Value) bool { return isNilConst(v) }

// Arguments returns call's arguments as written: a variadic call's slice is expanded into
// the values stored into its array at each constant index (fmt.Errorf(format, a, b) gives
// format, a, b), each seen through the interface it was made into. nil entries stand for
// elements not found.
func Arguments(call *ssa.Call) []ssa.Value {
	args := call.Call.Args
	sig := call.Call.Signature()
	if !sig.Variadic() || len(args) == 0 {
		return args
	}
	out := append([]ssa.Value(nil), args[:len(args)-1]...)
	slice, ok := args[len(args)-1].(*ssa.Slice)
	if !ok {
		return out // nil: no variadic arguments, or a slice passed with ...
	}
	arr, ok := slice.X.(*ssa.Alloc)
	if !ok {
		return out
	}
	var elems []ssa.Value
	for _, ref := range *arr.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		k, ok := ia.Index.(*ssa.Const)
		if !ok {
			continue
		}
		i := int(k.Int64())
		for len(elems) <= i {
			elems = append(elems, nil)
		}
		for _, v := range Stored(ia) {
			if mi, ok := v.(*ssa.MakeInterface); ok {
				v = mi.X
			}
			elems[i] = v
		}
	}
	return append(out, elems...)
}

// DependsOn reports whether v is computed from target: target is among the operands of v's
// instruction, of theirs, and so on (through calls, field and element reads, phis), up to a
// bound, and into the values stored in a local it reads (the array behind a variadic call's
// arguments, a struct built field by field).
func DependsOn(v, target ssa.Value) bool {
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		if v == target {
			return true
		}
		if v == nil || seen[v] || depth > maxDepth || len(seen) > maxOrigins {
			return false
		}
		seen[v] = true
		if a, ok := v.(*ssa.Alloc); ok {
			for _, st := range storedInto(a) {
				if walk(st, depth+1) {
					return true
				}
			}
			return false
		}
		instr, ok := v.(ssa.Instruction)
		if !ok {
			return false
		}
		var ops [8]*ssa.Value
		for _, op := range instr.Operands(ops[:0]) {
			if *op != nil && walk(*op, depth+1) {
				return true
			}
		}
		return false
	}
	return walk(v, 0)
}

// storedInto returns the values stored into a local, directly or into its fields and
// elements.
func storedInto(a *ssa.Alloc) []ssa.Value {
	out := Stored(a)
	for _, ref := range *a.Referrers() {
		switch r := ref.(type) {
		case *ssa.FieldAddr:
			out = append(out, Stored(r)...)
		case *ssa.IndexAddr:
			out = append(out, Stored(r)...)
		}
	}
	return out
}
