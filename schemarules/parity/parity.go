// Package parity is the format-parity engine of the schema rules: statically, which leaves of
// a tool's output (as typewalk lists them) reach the text its content shows. The rules
// (schemarules' format-parity and format-parity-unchecked) find where an output is rendered
// and ask the engine; the engine knows nothing of rules.
//
// It asks the flow engine (package flow, on SSA). The output's parts are the SSA values that
// hold part of it: the output value and the values given to its fields where it is made,
// then, forwards, every field, element, map value, load, conversion and phi of a part. The
// content's backward slice (slice.Slice: its data, the locals and builders written into it,
// the branches that decide those writes and which way a phi goes) stops at the parts; each
// use of a part inside the slice is classified: a read of a leaf shows it; a whole-value use
// (json.Marshal, fmt, copied into another value, appended) shows everything below; a count
// (len, cap) shows nothing; a function or closure of the package gets the part as a
// parameter and every use in its body counts; code outside the package makes the leaves
// below the part Unchecked rather than Missing, unless the part is made of plain leaves
// (strings.Join of a []string shows them).
//
// It reads the flow engine and typewalk. It must not import a rule family, the rule
// framework, the registry or the driver; internal/layers' test pins it.
package parity

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/flow/slice"
	"github.com/mcplint-go/mcplint/mcpdefs/typewalk"
)

// Result is what the engine found for one rendering.
type Result struct {
	// Missing are the leaves the rendering does not show.
	Missing []*typewalk.Leaf
	// Unchecked holds why some leaves could not be followed ("" when all could).
	Unchecked string
}

// Engine answers for one rendering: make one per rendering, give it the output (Output) and
// the content (Run), then read Result.
type Engine struct {
	fl   *flow.Result
	walk *typewalk.Result
	// names maps a struct field (its origin) to its JSON property name.
	names map[*types.Var]string
	// parts maps the values that hold part of the output to the output paths they hold.
	parts map[ssa.Value][]typewalk.Path
	dirty []ssa.Value
	// variadic marks variadic parameters of helpers given output values: indexing them
	// yields the values passed, not their elements.
	variadic map[ssa.Value]bool
	// reads are covering reads: a leaf at or above one of them, or below a whole read, is
	// shown.
	reads, wholes, unknown []typewalk.Path
	reason                 string
	helpers                map[string]bool
	depth                  int
	maxPath                int
}

// maxParts bounds the parts of one rendering on huge functions.
const maxParts = 4096

// NewEngine makes the engine that renders a package's values, from its flow and type-walk
// results.
func NewEngine(fl *flow.Result, walk *typewalk.Result) *Engine {
	e := &Engine{fl: fl, walk: walk, names: map[*types.Var]string{}, parts: map[ssa.Value][]typewalk.Path{},
		variadic: map[ssa.Value]bool{}, helpers: map[string]bool{}}
	for _, f := range walk.Fields {
		if f.Var != nil {
			e.names[f.Var] = f.Name
		}
	}
	for _, l := range walk.Leaves {
		e.maxPath = max(e.maxPath, len(l.Path)+1)
	}
	return e
}

// Output marks v as the output value: v itself, what it was loaded from, the operands of the
// phis and interfaces it is, and (forwards, in Run) the values stored into its fields.
func (e *Engine) Output(v ssa.Value) { e.output(v, 0) }

func (e *Engine) output(v ssa.Value, depth int) {
	if v == nil || depth > 8 {
		return
	}
	if _, isConst := v.(*ssa.Const); isConst {
		return
	}
	if !e.add(v, nil) {
		return
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if isLoad(x) {
			e.output(x.X, depth+1)
		}
	case *ssa.MakeInterface:
		e.output(x.X, depth+1)
	case *ssa.ChangeType:
		e.output(x.X, depth+1)
	case *ssa.Phi:
		for _, ed := range x.Edges {
			e.output(ed, depth+1)
		}
	}
}

// add records that v holds path p; false when it already did.
func (e *Engine) add(v ssa.Value, p typewalk.Path) bool {
	if v == nil || len(p) > e.maxPath || len(e.parts) > maxParts {
		return false
	}
	if _, isConst := v.(*ssa.Const); isConst {
		return false
	}
	for _, q := range e.parts[v] {
		if pathEqual(p, q) {
			return false
		}
	}
	e.parts[v] = append(e.parts[v], p)
	e.dirty = append(e.dirty, v)
	return true
}

func pathEqual(a, b typewalk.Path) bool { return len(a) == len(b) && a.HasPrefix(b) }

// derive follows the parts forwards to the values made of them: fields, elements, map
// values, loads, conversions, phis, ranges, and values stored into a part's address.
func (e *Engine) derive() {
	for len(e.dirty) > 0 {
		v := e.dirty[len(e.dirty)-1]
		e.dirty = e.dirty[:len(e.dirty)-1]
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, p := range e.parts[v] {
			for _, ref := range *refs {
				e.deriveOne(v, p, ref)
			}
		}
	}
}

func (e *Engine) deriveOne(v ssa.Value, p typewalk.Path, ref ssa.Instruction) {
	switch r := ref.(type) {
	case *ssa.Field:
		if q, ok := e.field(r.X.Type(), r.Field, p); ok {
			e.add(r, q)
		}
	case *ssa.FieldAddr:
		if q, ok := e.field(r.X.Type(), r.Field, p); ok {
			e.add(r, q)
		}
	case *ssa.Index:
		if r.X == v {
			e.add(r, e.element(v, p))
		}
	case *ssa.IndexAddr:
		if r.X == v {
			e.add(r, e.element(v, p))
		}
	case *ssa.Lookup:
		if r.X == v {
			e.add(r, e.element(v, p))
		}
	case *ssa.UnOp:
		if isLoad(r) {
			e.add(r, p)
		}
	case *ssa.Slice:
		if r.X == v {
			e.add(r, p)
		}
	case *ssa.MakeInterface, *ssa.ChangeType, *ssa.ChangeInterface, *ssa.Convert, *ssa.SliceToArrayPointer, *ssa.Phi:
		e.add(r.(ssa.Value), p)
	case *ssa.TypeAssert:
		e.add(r, p)
	case *ssa.Extract:
		// v, ok := x.(T), v, ok := m[k]: the value.
		if r.Index == 0 {
			e.add(r, p)
		}
	case *ssa.Range:
		e.add(r, p)
	case *ssa.Next:
		// for k, v := range m: v is a map value (a rune of a string is the string's leaf).
		rng, _ := r.Iter.(*ssa.Range)
		if rng == nil || rng.X.Referrers() == nil {
			return
		}
		q := e.element(rng.X, p)
		if refs := r.Referrers(); refs != nil {
			for _, x := range *refs {
				if ex, ok := x.(*ssa.Extract); ok && ex.Index == 2 {
					e.add(ex, q)
				}
			}
		}
	case *ssa.Store:
		switch {
		case r.Addr == v:
			// out.Count = n: n holds the output's count.
			e.add(r.Val, p)
		case r.Val == v:
			// A local given the value whole (a parameter spilled to the stack, x := out
			// where x's fields are taken) is the value.
			if _, ok := r.Addr.(*ssa.Alloc); ok {
				e.add(r.Addr, p)
			}
		}
	}
}

// field is the path of field i of the struct base (or *base) holds, at p: an embedded field
// is promoted into the same object; a field outside the schema (unexported, json:"-") has
// none.
func (e *Engine) field(base types.Type, i int, p typewalk.Path) (typewalk.Path, bool) {
	t := base.Underlying()
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem().Underlying()
	}
	st, ok := t.(*types.Struct)
	if !ok || i >= st.NumFields() {
		return nil, false
	}
	f := st.Field(i)
	if f.Anonymous() {
		return p, true
	}
	name, ok := e.names[f.Origin()]
	if !ok {
		return nil, false
	}
	return p.With(typewalk.Step{Kind: typewalk.Property, Name: name}), true
}

// element is the path of an element of the container x, at p.
func (e *Engine) element(x ssa.Value, p typewalk.Path) typewalk.Path {
	if e.variadic[x] {
		return p
	}
	t := x.Type().Underlying()
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem().Underlying()
	}
	switch t.(type) {
	case *types.Slice, *types.Array:
		return p.With(typewalk.Step{Kind: typewalk.Items})
	case *types.Map:
		return p.With(typewalk.Step{Kind: typewalk.Values})
	}
	// A byte or rune of a string: still the same leaf.
	return p
}

func isLoad(u *ssa.UnOp) bool { return u.Op == token.MUL }

// Run follows the content of one rendering in fn (the sinks) backwards and records the uses
// of the output it meets.
func (e *Engine) Run(fn *ssa.Function, sinks []ssa.Value) {
	e.derive()
	s := &slice.Slice{
		// A phi may hold a part on some ways in and other text on others: its ways are
		// followed.
		Stop: func(v ssa.Value) bool {
			_, phi := v.(*ssa.Phi)
			return len(e.parts[v]) > 0 && !phi
		},
		Args: func(c *ssa.Call) bool { return !isCount(c) },
	}
	s.From(sinks...)
	var uses []use
	for _, v := range sinks {
		if paths := e.parts[v]; len(paths) > 0 {
			// The text is the output's value itself.
			e.covering(paths)
			e.whole(paths)
		}
	}
	for v, paths := range e.parts {
		if parent(v) != fn {
			continue
		}
		for _, u := range s.Uses(v) {
			uses = append(uses, use{v, paths, u})
		}
	}
	e.classify(uses)
}

// helper follows output paths into a function of the package that receives them in param:
// every use of the parameter in its body counts.
func (e *Engine) helper(fn *ssa.Function, param ssa.Value, paths []typewalk.Path, variadic bool) {
	if fn == nil || param == nil || len(fn.Blocks) == 0 {
		return
	}
	key := fmt.Sprintf("%p/%p", fn, param)
	for _, q := range paths {
		key += "/" + q.String()
	}
	if e.helpers[key] || e.depth > 4 {
		return
	}
	e.helpers[key] = true
	e.depth++
	defer func() { e.depth-- }()
	if variadic {
		e.variadic[param] = true
	}
	for _, p := range paths {
		e.add(param, p)
	}
	e.derive()
	var uses []use
	for v, paths := range e.parts {
		if parent(v) != fn {
			continue
		}
		if refs := v.Referrers(); refs != nil {
			for _, u := range *refs {
				uses = append(uses, use{v, paths, u})
			}
		}
	}
	e.classify(uses)
}

// parent is the function a value belongs to.
func parent(v ssa.Value) *ssa.Function {
	switch x := v.(type) {
	case ssa.Instruction:
		return x.Parent()
	case *ssa.Parameter:
		return x.Parent()
	case *ssa.FreeVar:
		return x.Parent()
	}
	return nil
}

// use is one use of a part of the output.
type use struct {
	v     ssa.Value
	paths []typewalk.Path
	at    ssa.Instruction
}

// classify records uses in the order of the source, so that the first reason given is the
// first in the code.
func (e *Engine) classify(uses []use) {
	slices.SortStableFunc(uses, func(a, b use) int { return int(a.at.Pos()) - int(b.at.Pos()) })
	for _, u := range uses {
		e.use(u.v, u.paths, u.at)
	}
}

func (e *Engine) covering(paths []typewalk.Path) {
	for _, p := range paths {
		if e.isLeafPath(p) {
			e.reads = append(e.reads, p)
		}
	}
}

func (e *Engine) whole(paths []typewalk.Path) { e.wholes = append(e.wholes, paths...) }

// opaque records paths handed to code the engine cannot see: plain leaves are shown (any
// function shows a string it is given), anything else is unknown.
func (e *Engine) opaque(paths []typewalk.Path, why string) {
	simple := true
	for _, p := range paths {
		if !e.isLeafPath(p) && !e.isScalars(p) {
			simple = false
		}
	}
	if simple {
		e.covering(paths)
		e.whole(paths)
		return
	}
	e.unknown = append(e.unknown, paths...)
	if e.reason == "" {
		e.reason = why
	}
}

// use classifies one use of part v (holding paths) by the instruction at.
func (e *Engine) use(v ssa.Value, paths []typewalk.Path, at ssa.Instruction) {
	switch x := at.(type) {
	case *ssa.Field, *ssa.FieldAddr, *ssa.UnOp, *ssa.Slice, *ssa.MakeInterface, *ssa.ChangeType, *ssa.ChangeInterface,
		*ssa.Convert, *ssa.SliceToArrayPointer, *ssa.Phi, *ssa.TypeAssert, *ssa.Extract, *ssa.Range, *ssa.Next:
		if u, ok := x.(*ssa.UnOp); ok && !isLoad(u) {
			e.covering(paths) // -x, !x
		}
		// Otherwise a part made of v: its own uses count.
	case *ssa.Index:
		if x.X != v {
			e.covering(paths)
		}
	case *ssa.IndexAddr:
		if x.X != v {
			e.covering(paths)
		}
	case *ssa.Lookup:
		if x.X != v {
			e.covering(paths)
		}
	case *ssa.Store:
		if x.Addr == v || len(e.parts[x.Addr]) > 0 {
			return // writing the output, not showing it
		}
		if call, i := variadicCall(x.Addr); call != nil {
			e.call(call, i, paths, true)
			return
		}
		// Copied into another value that flows to the content.
		e.whole(paths)
	case ssa.CallInstruction:
		c := x.Common()
		if c.Value == v {
			if c.IsInvoke() {
				e.opaque(paths, fmt.Sprintf("calls method %s of a value outside this package", c.Method.FullName()))
			} else {
				e.covering(paths)
			}
			return
		}
		for i, a := range c.Args {
			if a == v {
				e.call(x, i, paths, false)
			}
		}
	case *ssa.MakeClosure:
		for _, fv := range flow.BoundTo(x, v) {
			e.helper(fv.Parent(), fv, paths, false)
		}
	case *ssa.MapUpdate, *ssa.Return:
		e.whole(paths)
	default:
		// Compared, tested, sent: the value is read.
		e.covering(paths)
	}
}

// call classifies output paths passed as argument i of a call (variadic: stored into the
// array behind its variadic argument).
func (e *Engine) call(instr ssa.CallInstruction, i int, paths []typewalk.Path, variadic bool) {
	c := instr.Common()
	if b, ok := c.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "len", "cap":
			// A count shows none of the values.
		case "append", "copy":
			e.whole(paths)
		default:
			e.covering(paths)
		}
		return
	}
	if c.IsInvoke() {
		e.opaque(paths, "passes output values to "+c.Method.FullName())
		return
	}
	var callee *ssa.Function
	if call, ok := instr.(*ssa.Call); ok {
		callee = e.fl.Called(call)
	} else if callee = c.StaticCallee(); callee != nil && callee.Origin() != nil {
		callee = callee.Origin()
	}
	obj, _ := calleeObject(callee)
	if obj != nil && obj.Pkg() != nil {
		switch obj.Pkg().Path() {
		case "fmt":
			e.whole(paths)
			return
		case "encoding/json":
			switch obj.Name() {
			case "Marshal", "MarshalIndent", "Encode":
				e.whole(paths)
				return
			}
		}
	}
	// A function or closure of this package: follow the argument into it.
	if callee != nil && callee.Pkg != nil && callee.Pkg == e.fl.Package() && callee.Synthetic == "" && i < len(callee.Params) {
		e.helper(callee, callee.Params[i], paths, variadic)
		return
	}
	switch {
	case obj == nil:
		e.opaque(paths, "passes output values to a function")
	case obj.Signature().Recv() != nil && i == 0:
		e.opaque(paths, fmt.Sprintf("calls method %s of a value outside this package", obj.FullName()))
	default:
		e.opaque(paths, "passes output values to "+obj.FullName())
	}
}

// calleeObject is the declared function of callee, if any.
func calleeObject(callee *ssa.Function) (*types.Func, bool) {
	if callee == nil {
		return nil, false
	}
	if o := callee.Origin(); o != nil {
		callee = o
	}
	obj, ok := callee.Object().(*types.Func)
	return obj, ok
}

// variadicCall finds the call whose variadic argument is the array addr is an element of:
// f(a, b) stores a and b into a new array and passes a slice of it. i is the argument index.
func variadicCall(addr ssa.Value) (ssa.CallInstruction, int) {
	ia, ok := addr.(*ssa.IndexAddr)
	if !ok {
		return nil, -1
	}
	arr, ok := ia.X.(*ssa.Alloc)
	if !ok || arr.Referrers() == nil {
		return nil, -1
	}
	for _, ref := range *arr.Referrers() {
		sl, ok := ref.(*ssa.Slice)
		if !ok || sl.Referrers() == nil {
			continue
		}
		for _, r := range *sl.Referrers() {
			call, ok := r.(ssa.CallInstruction)
			if !ok {
				continue
			}
			for i, a := range call.Common().Args {
				if a == sl {
					return call, i
				}
			}
		}
	}
	return nil, -1
}

func isCount(c *ssa.Call) bool {
	b, ok := c.Call.Value.(*ssa.Builtin)
	return ok && (b.Name() == "len" || b.Name() == "cap")
}

// Result decides each leaf.
func (e *Engine) Result() Result {
	var out Result
	out.Unchecked = e.reason
leaves:
	for _, l := range e.walk.Leaves {
		for _, u := range e.unknown {
			if l.Path.HasPrefix(u) {
				continue leaves
			}
		}
		for _, w := range e.wholes {
			if l.Path.HasPrefix(w) {
				continue leaves
			}
		}
		if e.shown(l.Path) || e.restates(l.Path) {
			continue
		}
		out.Missing = append(out.Missing, l)
	}
	return out
}

// shown reports whether a covering read shows the leaf at p.
func (e *Engine) shown(p typewalk.Path) bool {
	for _, r := range e.reads {
		if r.HasPrefix(p) || p.HasPrefix(r) && e.isLeafPath(r) {
			return true
		}
	}
	for _, w := range e.wholes {
		if p.HasPrefix(w) {
			return true
		}
	}
	return false
}

// restates reports whether the leaf at p only restates what the rendering shows: every value
// written there is text formatted (fmt.Sprintf, +) from constants and values that hold leaves
// the rendering shows (`Message: fmt.Sprintf("workflow %q deleted", name)` beside a text that
// names the workflow). A client that reads the text misses nothing of it.
func (e *Engine) restates(p typewalk.Path) bool {
	found := false
	for v, paths := range e.parts {
		if !slices.ContainsFunc(paths, func(q typewalk.Path) bool { return pathEqual(p, q) }) {
			continue
		}
		// The values written through an address of the leaf.
		for _, w := range flow.Stored(v) {
			found = true
			if !e.formattedFromShown(w, 0) {
				return false
			}
		}
	}
	return found
}

// formattedFromShown reports whether v is text made only of constants and of values holding
// leaves the rendering shows.
func (e *Engine) formattedFromShown(v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	operand := func(a ssa.Value) bool {
		if mi, ok := a.(*ssa.MakeInterface); ok {
			a = mi.X
		}
		if _, isConst := a.(*ssa.Const); isConst {
			return true
		}
		if e.formattedFromShown(a, depth+1) {
			return true
		}
		paths := e.parts[a]
		return len(paths) > 0 && !slices.ContainsFunc(paths, func(q typewalk.Path) bool { return !e.shown(q) })
	}
	switch x := v.(type) {
	case *ssa.Phi:
		// A message chosen in an if/else or a switch: every way in must restate.
		return flow.Every(x.Edges, operand)
	case *ssa.BinOp:
		return x.Op == token.ADD && operand(x.X) && operand(x.Y)
	case *ssa.Call:
		if !flow.CallsFunc(x, "fmt", "Sprintf") {
			return false
		}
		args := flow.Arguments(x)
		if len(args) == 0 {
			return false
		}
		for _, a := range args[1:] {
			if a == nil || !operand(a) {
				return false
			}
		}
		return len(args) > 1
	}
	return false
}

// isLeafPath reports whether p is a leaf or below one (so reading it shows the leaf).
func (e *Engine) isLeafPath(p typewalk.Path) bool {
	for _, l := range e.walk.Leaves {
		if p.HasPrefix(l.Path) {
			return true
		}
	}
	return false
}

// isScalars reports whether everything below p is a leaf reached through array items or map
// values only (a []string, a map[string]int): handing such a value to any function shows
// its elements, as strings.Join does.
func (e *Engine) isScalars(p typewalk.Path) bool {
	found := false
	for _, l := range e.walk.Leaves {
		if !l.Path.HasPrefix(p) {
			continue
		}
		found = true
		for _, st := range l.Path[len(p):] {
			if st.Kind == typewalk.Property {
				return false
			}
		}
	}
	return found
}
