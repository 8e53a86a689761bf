// Package inputs follows a function's input (values it did not build, such as a request's
// arguments) on SSA and finds the operations on them that panic on some input: a single-value
// type assertion to a concrete type, and a constant index into a slice in a function that
// tests no length. Like the rest of the flow engine it knows nothing about MCP: callers say
// which fields, methods and parameters are input.
package inputs

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
)

// recoversItself reports whether fn defers a function that calls recover: its panics never
// reach the SDK.
func RecoversItself(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			d, ok := instr.(*ssa.Defer)
			if !ok {
				continue
			}
			if callee, ok := d.Call.Value.(*ssa.Function); ok && callsBuiltinRecover(callee) {
				return true
			}
			if mc, ok := d.Call.Value.(*ssa.MakeClosure); ok {
				if callee, ok := mc.Fn.(*ssa.Function); ok && callsBuiltinRecover(callee) {
					return true
				}
			}
		}
	}
	return false
}

func callsBuiltinRecover(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				if bi, ok := c.Call.Value.(*ssa.Builtin); ok && bi.Name() == "recover" {
					return true
				}
			}
		}
	}
	return false
}

// Kind is what kind of operation panics.
type Kind int

const (
	// Assertion: a single-value type assertion to a concrete type.
	Assertion Kind = iota + 1
	// Index: a constant index into a slice, in a function that tests no length.
	Index
)

// A Site is one operation that panics on some input: the instruction and its position (the
// assertion's or the index's opening parenthesis or bracket).
type Site struct {
	Kind  Kind
	Instr ssa.Instruction
	Pos   token.Pos
}

// Sources say which values of a function are input: the loads of fields Field accepts, the
// results of calls of methods Method accepts (both "raw" input: asserting them to a map is not
// reported), and Params, whose values are input through and through.
type Sources struct {
	Field  func(*types.Var) bool
	Method func(*types.Func) bool
	Params []*ssa.Parameter
}

// Panics follows input from fn's sources through map reads, assertions, ranges, fields,
// locals, closures, json.Unmarshal and calls of functions of fn's package, and returns the
// operations on it that panic on some input, in the order found.
func Panics(fn *ssa.Function, src Sources) []Site {
	t := &taint{pkg: fn.Pkg, src: src, tainted: map[ssa.Value]bool{}, params: map[*ssa.Parameter]bool{}, sources: map[ssa.Value]bool{}}
	for _, p := range src.Params {
		t.add(p)
	}
	t.seedSources(fn)
	t.run()
	return t.sites
}

// taint follows input values through a function and the functions of its package.
type taint struct {
	src     Sources
	pkg     *ssa.Package
	tainted map[ssa.Value]bool
	work    []ssa.Value
	params  map[*ssa.Parameter]bool
	// sources are the raw input values themselves (Field and Method): their callers know
	// their dynamic type, so only what is read out of them is followed for assertions.
	sources map[ssa.Value]bool
	sites   []Site
	// lengthTested are functions that call len on an input value: their constant
	// indexes are taken to be guarded.
	lengthTested map[*ssa.Function]bool
}

func (t *taint) add(v ssa.Value) {
	if v == nil || t.tainted[v] {
		return
	}
	t.tainted[v] = true
	t.work = append(t.work, v)
}

// source marks a raw input value.
func (t *taint) source(v ssa.Value) {
	t.sources[v] = true
	t.add(v)
}

// keepRaw marks to as a raw input value when from is one: the same value converted, merged
// or kept in a local.
func (t *taint) keepRaw(from, to ssa.Value) {
	if t.sources[from] {
		t.sources[to] = true
	}
}

// seedSources marks the raw input values read in fn and the functions nested in it.
func (t *taint) seedSources(fn *ssa.Function) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.FieldAddr:
				if t.src.Field != nil && t.src.Field(structField(x.X.Type(), x.Field)) {
					for _, ref := range *x.Referrers() {
						if load, ok := ref.(*ssa.UnOp); ok && load.Op == token.MUL {
							t.source(load)
						}
					}
				}
			case *ssa.Field:
				if t.src.Field != nil && t.src.Field(structField(x.X.Type(), x.Field)) {
					t.source(x)
				}
			case *ssa.Call:
				if callee := x.Call.StaticCallee(); callee != nil {
					if obj, ok := callee.Object().(*types.Func); ok && t.src.Method != nil && t.src.Method(obj) {
						t.source(x)
					}
				}
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		t.seedSources(anon)
	}
}

// structField is field i of the struct t or *t points to.
func structField(t types.Type, i int) *types.Var {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if s, ok := t.Underlying().(*types.Struct); ok && i < s.NumFields() {
		return s.Field(i)
	}
	return nil
}

// run propagates the taint and collects the sites.
func (t *taint) run() {
	t.lengthTested = map[*ssa.Function]bool{}
	var indexes []ssa.Instruction
	for len(t.work) > 0 {
		v := t.work[len(t.work)-1]
		t.work = t.work[:len(t.work)-1]
		for _, ref := range flow.Referrers(v) {
			switch x := ref.(type) {
			case *ssa.Lookup:
				if x.X == v {
					t.add(x)
				}
			case *ssa.TypeAssert:
				if !x.CommaOk && !t.sources[x.X] {
					t.assertion(x)
				}
				t.add(x)
			case *ssa.Extract:
				t.add(x)
			case *ssa.Range:
				t.add(x)
			case *ssa.Next:
				t.add(x)
			case *ssa.Index:
				if x.X == v {
					indexes = append(indexes, x)
					t.add(x)
				}
			case *ssa.IndexAddr:
				if x.X == v {
					indexes = append(indexes, x)
					t.add(x)
				}
			case *ssa.UnOp:
				if x.Op == token.MUL {
					t.keepRaw(v, x)
					t.add(x)
				}
			case *ssa.Field:
				t.add(x)
			case *ssa.FieldAddr:
				t.add(x)
			case *ssa.Phi, *ssa.ChangeType, *ssa.ChangeInterface, *ssa.MakeInterface:
				t.keepRaw(v, x.(ssa.Value))
				t.add(x.(ssa.Value))
			case *ssa.Slice:
				t.add(x)
			case *ssa.Store:
				if x.Val == v {
					t.keepRaw(v, x.Addr)
					t.add(x.Addr)
				}
			case *ssa.Call:
				t.call(x, v)
			case *ssa.MakeClosure:
				// A literal that captures the value reads it through its free variable.
				for _, fv := range flow.BoundTo(x, v) {
					t.keepRaw(v, fv)
					t.add(fv)
				}
			}
		}
	}
	for _, instr := range indexes {
		t.index(instr)
	}
}

// call follows v into a call: json.Unmarshal(v, &m) makes m input, len(v) marks the
// function as testing a length, and a function of the package receives v as a parameter.
func (t *taint) call(c *ssa.Call, v ssa.Value) {
	if bi, ok := c.Call.Value.(*ssa.Builtin); ok {
		if bi.Name() == "len" {
			t.lengthTested[c.Parent()] = true
		}
		return
	}
	callee := c.Call.StaticCallee()
	if callee == nil {
		return
	}
	if flow.CallsFunc(c, "encoding/json", "Unmarshal") && len(c.Call.Args) == 2 && c.Call.Args[0] == v {
		target := c.Call.Args[1]
		if mi, ok := target.(*ssa.MakeInterface); ok {
			target = mi.X
		}
		t.add(target)
		return
	}
	if callee.Pkg != t.pkg || len(callee.Blocks) == 0 {
		return
	}
	for i, a := range c.Call.Args {
		if a == v && i < len(callee.Params) && !t.params[callee.Params[i]] {
			t.params[callee.Params[i]] = true
			t.add(callee.Params[i])
		}
	}
}

// assertion records a single-value type assertion of input to a concrete type.
func (t *taint) assertion(x *ssa.TypeAssert) {
	if _, isIface := x.AssertedType.Underlying().(*types.Interface); isIface {
		return
	}
	if checkedInLoop(x) {
		return
	}
	t.sites = append(t.sites, Site{Assertion, x, x.Pos()})
}

// checkedInLoop reports whether x, m["k"].(T) with a constant key, follows a loop over a
// constant list of keys holding "k" that tests each with the two-value form,
// `for _, p := range []string{"k", ...} { if v, ok := m[p].(T); !ok ... }` (aks-mcp's
// required-parameter checks): past it, the assertion cannot fail.
func checkedInLoop(x *ssa.TypeAssert) bool {
	look, ok := x.X.(*ssa.Lookup)
	if !ok {
		return false
	}
	key, ok := look.Index.(*ssa.Const)
	if !ok || key.Value == nil || key.Value.Kind() != constant.String {
		return false
	}
	for _, b := range x.Parent().Blocks {
		for _, instr := range b.Instrs {
			y, ok := instr.(*ssa.TypeAssert)
			if !ok || !y.CommaOk || y.Pos() >= x.Pos() || !types.Identical(y.AssertedType, x.AssertedType) {
				continue
			}
			if l, ok := y.X.(*ssa.Lookup); ok && sameMap(l.X, look.X) && slices.Contains(constantKeys(l.Index), constant.StringVal(key.Value)) {
				return true
			}
		}
	}
	return false
}

// sameMap reports whether a and b are the same map: one value, or reads of the same field of
// one value (r.Args twice).
func sameMap(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	switch x := a.(type) {
	case *ssa.Field:
		y, ok := b.(*ssa.Field)
		return ok && x.X == y.X && x.Field == y.Field
	case *ssa.UnOp:
		y, ok := b.(*ssa.UnOp)
		if !ok || x.Op != token.MUL || y.Op != token.MUL {
			return false
		}
		fx, okx := x.X.(*ssa.FieldAddr)
		fy, oky := y.X.(*ssa.FieldAddr)
		return okx && oky && fx.X == fy.X && fx.Field == fy.Field
	}
	return false
}

// constantKeys returns the strings of the constant list v ranges over, when v is an element
// read from a slice or array literal of string constants.
func constantKeys(v ssa.Value) []string {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	addr, ok := load.X.(*ssa.IndexAddr)
	if !ok {
		return nil
	}
	base := addr.X
	if sl, ok := base.(*ssa.Slice); ok {
		base = sl.X
	}
	alloc, ok := base.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var keys []string
	for _, ref := range *alloc.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, r := range *ia.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == ia {
				if c, ok := st.Val.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
					keys = append(keys, constant.StringVal(c.Value))
				}
			}
		}
	}
	return keys
}

// index records a constant index into a slice of input in a function that tests no length.
func (t *taint) index(instr ssa.Instruction) {
	var x, idx ssa.Value
	var pos token.Pos
	switch in := instr.(type) {
	case *ssa.Index:
		x, idx, pos = in.X, in.Index, in.Pos()
	case *ssa.IndexAddr:
		x, idx, pos = in.X, in.Index, in.Pos()
	}
	if _, ok := idx.(*ssa.Const); !ok || pos == token.NoPos || t.lengthTested[instr.Parent()] {
		return
	}
	if _, isSlice := x.Type().Underlying().(*types.Slice); !isSlice {
		return
	}
	t.sites = append(t.sites, Site{Index, instr, pos})
}
