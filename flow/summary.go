package flow

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow/errs"
)

// Summary is what a function returns, path by path: the distinct shapes of its returns.
// Callers take one shape per path through the call, so `res, err := f()` followed by
// `return res, err` is judged by f's own pairs of result and error.
type Summary struct {
	Shapes []Shape
	// Complete is false when the function has more shapes than the engine keeps, or a return
	// it could not follow: callers then use only what every shape agrees on.
	Complete bool
}

// Shape is one combination of results a function returns.
type Shape struct {
	// Nil is the nilness of each result.
	Nil []Nilness
	// Types is, for an interface result, the concrete type that flows in (types.TypeString
	// with full package paths), or "" when unknown.
	Types []string
	// TypedNil marks results that hold a nil pointer in a non-nil interface.
	TypedNil []bool
	// Param is, for each nil result, the index of a parameter (receiver first) that the
	// path knows is nil, or -1: `if e == nil { return nil }` is nil only for a nil argument.
	Param []int
	// At is where the first return of this shape is written ("file.go:line"), for a caller
	// in another package that names the line to change; "" when unknown.
	At string
	// Carries is, for each non-nil error result, the index of an error parameter (receiver
	// first) the result is made of (returned as is, or wrapped: `return nil, fmt.Errorf("...:
	// %w", err)`), or -1: the function hands on a failure its caller had. Nil when no result
	// carries one.
	Carries []int
	// Ret and RetAt are, when a result carries a parameter, the position of the return and
	// where it is ("file:line:col" in full), for a caller that reports the mistake where it is
	// written; a caller in another package checks its file set places Ret at RetAt.
	Ret   token.Pos
	RetAt string
}

// CarriedParam is the parameter result i of the shape hands on, or -1.
func (sh Shape) CarriedParam(i int) int {
	if i < 0 || i >= len(sh.Carries) {
		return -1
	}
	return sh.Carries[i]
}

func (*Summary) AFact() {}

func (s *Summary) String() string {
	var parts []string
	for _, sh := range s.Shapes {
		var rs []string
		for i, n := range sh.Nil {
			r := n.String()
			if sh.Types[i] != "" {
				r += ":" + sh.Types[i]
			}
			if sh.TypedNil[i] {
				r += "(typed nil)"
			}
			rs = append(rs, r)
		}
		parts = append(parts, "("+strings.Join(rs, ", ")+")")
	}
	c := ""
	if !s.Complete {
		c = " incomplete"
	}
	return fmt.Sprintf("flow%s %s", c, strings.Join(parts, " "))
}

func (sh Shape) nilAt(i int) Nilness {
	if i < 0 || i >= len(sh.Nil) {
		return Unknown
	}
	return sh.Nil[i]
}

// agree is the nilness of result i that every shape agrees on.
func (s *Summary) agree(i int) Nilness {
	if len(s.Shapes) == 0 || !s.Complete {
		return Unknown
	}
	out := s.Shapes[0].nilAt(i)
	for _, sh := range s.Shapes[1:] {
		if sh.nilAt(i) != out {
			return Unknown
		}
	}
	return out
}

// agreeType is the concrete type of result i that every non-nil shape agrees on.
func (s *Summary) agreeType(i int) (string, bool) {
	if !s.Complete {
		return "", false
	}
	name := ""
	for _, sh := range s.Shapes {
		if sh.nilAt(i) == Nil || i >= len(sh.Types) {
			continue
		}
		if sh.Types[i] == "" || (name != "" && sh.Types[i] != name) {
			return "", false
		}
		name = sh.Types[i]
	}
	return name, name != ""
}

// NonNilTypes returns the concrete types result i holds on the shapes where it is not nil,
// and whether every such shape names one.
func (s *Summary) NonNilTypes(i int) (names []string, all bool) {
	if s == nil || !s.Complete {
		return nil, false
	}
	all = true
	seen := map[string]bool{}
	for _, sh := range s.Shapes {
		if sh.nilAt(i) == Nil {
			continue
		}
		if i >= len(sh.Types) || sh.Types[i] == "" {
			all = false
			continue
		}
		if !seen[sh.Types[i]] {
			seen[sh.Types[i]] = true
			names = append(names, sh.Types[i])
		}
	}
	return names, all
}

// CanBeNil reports whether some shape returns nil (or a typed nil) in result i.
func (s *Summary) CanBeNil(i int) bool {
	if s == nil {
		return false
	}
	for _, sh := range s.Shapes {
		if sh.nilAt(i) == Nil {
			return true
		}
	}
	return false
}

// ShapeAt is where the callee writes the return of the shape path p took through call
// ("file.go:line"), or "" when the path took none or it is unknown.
func (p *Path) ShapeAt(call *ssa.Call) string {
	sh, _ := p.ShapeOf(call)
	return sh.At
}

// ShapeOf is the shape of call's summary the path took through call, when it is known.
func (p *Path) ShapeOf(call *ssa.Call) (Shape, bool) {
	if p == nil || p.st == nil || call == nil {
		return Shape{}, false
	}
	r := p.st.fi.r
	r.mu.Lock()
	defer r.mu.Unlock()
	return p.st.shapeOf(call)
}

// shapeOf is ShapeOf for a caller that holds the engine's lock.
func (s *state) shapeOf(call *ssa.Call) (Shape, bool) {
	k, ok := s.shape[call]
	sum, _ := s.fi.r.summaryOfCall(call)
	if !ok && sum != nil && len(sum.Shapes) == 1 {
		k, ok = 0, true // one shape: the call is not split
	}
	if !ok || sum == nil || k < 0 || k >= len(sum.Shapes) {
		return Shape{}, false
	}
	return sum.Shapes[k], true
}

// paramAt is the parameter result i returns unchanged, or -1.
func (sh Shape) paramAt(i int) int {
	if i < 0 || i >= len(sh.Param) {
		return -1
	}
	return sh.Param[i]
}

// SummaryOf returns the summary of fn: the package's own function, or an imported fact.
func (r *Result) SummaryOf(fn *types.Func) *Summary {
	if r == nil || fn == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	fn = fn.Origin()
	if r.pkg != nil && fn.Pkg() == r.pass.Pkg {
		if f := r.pkg.Prog.FuncValue(fn); f != nil {
			return r.summaryOf(f)
		}
		return nil
	}
	var s Summary
	if fn.Pkg() != r.pass.Pkg && r.pass.ImportObjectFact(fn, &s) {
		return &s
	}
	return nil
}

// SummaryOfCall returns the summary of the function call runs: a function of the module, the
// one function a package variable holds (of this package, or of another as a fact on the
// variable); nil when there is none.
func (r *Result) SummaryOfCall(call *ssa.Call) *Summary {
	if r == nil || call == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	s, _ := r.summaryOfCall(call)
	return s
}

// summaryOfCall returns the summary of the function call statically calls (nil when there
// is none) and that function.
func (r *Result) summaryOfCall(call *ssa.Call) (*Summary, *types.Func) {
	callee := r.calledFunction(call)
	if callee == nil {
		// A call through another package's variable that holds one function: its summary
		// is a fact on the variable.
		if g := loadedGlobal(call.Call.Value); g != nil && !call.Call.IsInvoke() && g.Object() != nil && g.Object().Pkg() != r.pass.Pkg {
			var s Summary
			if r.pass.ImportObjectFact(g.Object(), &s) {
				return &s, nil
			}
		}
		return nil, nil
	}
	obj := funcObject(callee)
	if r.pkg != nil && (callee.Pkg == r.pkg || (callee.Pkg == nil && obj != nil && obj.Pkg() == r.pass.Pkg)) {
		// The package's own function, or a bound method wrapper of its own method.
		return r.summaryOf(callee), obj
	}
	if obj == nil {
		return nil, nil
	}
	var s Summary
	if r.pass.ImportObjectFact(obj, &s) {
		return &s, obj
	}
	return nil, obj
}

// nilParam is, for a nil result o on path p, the index of a parameter of fn the path knows
// is nil, or -1.
func nilParam(fn *ssa.Function, p Path, o Outcome) int {
	if o.Nil != Nil || p.st == nil {
		return -1
	}
	for i, q := range fn.Params {
		if nillable(q.Type()) && p.st.nilness(q, 0) == Nil {
			return i
		}
	}
	return -1
}

// carriedParams is, for each result of path p through fn, the error parameter a non-nil error
// result is made of, or -1, and the return that hands it on: p's own, or that of a function of
// the package whose shape on the path hands on what fn gave it (`return answerImpl(v, err)`).
// any is false when no result carries a parameter.
func (r *Result) carriedParams(fn *ssa.Function, p Path) (out []int, ret token.Pos, any bool) {
	ret = p.Return.Pos()
	for i, o := range p.Results {
		out = append(out, -1)
		if o.Nil == Nil || !isError(fn.Signature.Results().At(i).Type()) {
			continue
		}
		v := p.Results[i].Value
		for depth := 0; depth < maxDepth && out[i] < 0; depth++ {
			var next ssa.Value
			for _, leaf := range Origins(v, wrapsError) {
				if q, ok := leaf.(*ssa.Parameter); ok && isError(q.Type()) {
					if k := slices.Index(fn.Params, q); k >= 0 {
						out[i], any = k, true
						break
					}
				}
				// A call whose shape on this path hands on one of its arguments.
				c, k := Extracted(leaf)
				if _, whole := leaf.(*ssa.Call); whole && c.Call.Signature().Results().Len() > 1 {
					// Origins gives a call of several results as the call itself: the error
					// is its last error result.
					k = lastErrorResult(c.Call.Signature())
				}
				if c != nil && k >= 0 && next == nil {
					if sh, ok := p.st.shapeOf(c); ok {
						if j := sh.CarriedParam(k); j >= 0 && j < len(c.Call.Args) {
							next = c.Call.Args[j]
							if sh.Ret.IsValid() {
								ret = sh.Ret
							}
						}
					}
				}
			}
			if out[i] >= 0 || next == nil {
				break
			}
			v = next
		}
	}
	if any && !ret.IsValid() {
		// A wrapper the compiler made (a bound method value's) has no return of its own: the
		// return is the one of the method it calls.
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(*ssa.Call); ok {
					if sh, ok := p.st.shapeOf(c); ok && sh.Ret.IsValid() {
						ret = sh.Ret
					}
				}
			}
		}
	}
	return out, ret, any
}

// lastErrorResult is the index of sig's last result of an error type, or -1.
func lastErrorResult(sig *types.Signature) int {
	for i := sig.Results().Len() - 1; i >= 0; i-- {
		if isError(sig.Results().At(i).Type()) {
			return i
		}
	}
	return -1
}

// wrapsError reports whether a call's result is made of the errors it is given.
func wrapsError(c *ssa.Call) bool { return errs.Wraps(Callee(c)) }

// maxSummaryBlocks bounds the functions the engine summarises.
const maxSummaryBlocks = 200

// summaryOf computes fn's summary from its paths, once.
func (r *Result) summaryOf(fn *ssa.Function) *Summary {
	if s, ok := r.sums[fn]; ok {
		return s
	}
	if r.inProgress[fn] || len(fn.Blocks) == 0 {
		return nil
	}
	if len(fn.Blocks) > maxSummaryBlocks {
		// A huge function's paths cost more than its summary is worth (gopls has functions of
		// thousands of blocks): callers see an incomplete summary and use nothing of it.
		s := &Summary{}
		r.sums[fn] = s
		return s
	}
	r.inProgress[fn] = true
	defer delete(r.inProgress, fn)
	sum := &Summary{Complete: true}
	seen := map[string]bool{}
	for _, p := range r.computePaths(fn) {
		sh := Shape{}
		for _, o := range p.Results {
			sh.Nil = append(sh.Nil, o.Nil)
			sh.Types = append(sh.Types, o.DynamicName)
			sh.TypedNil = append(sh.TypedNil, o.TypedNil)
			sh.Param = append(sh.Param, nilParam(fn, p, o))
		}
		carries, ret, any := r.carriedParams(fn, p)
		if any {
			sh.Carries = carries
		}
		key := fmt.Sprint(sh)
		if seen[key] {
			continue
		}
		seen[key] = true
		if pos := p.Return.Pos(); pos.IsValid() {
			at := r.pass.Fset.Position(pos)
			sh.At = filepath.Base(at.Filename) + ":" + strconv.Itoa(at.Line)
		}
		if sh.Carries != nil && ret.IsValid() {
			sh.Ret, sh.RetAt = ret, r.pass.Fset.Position(ret).String()
		}
		if len(sum.Shapes) == maxShapes {
			sum.Complete = false
			break
		}
		sum.Shapes = append(sum.Shapes, sh)
	}
	r.sums[fn] = sum
	return sum
}

// ReturnPaths computes every path to every return of fn without keeping them, for a caller
// that reads each function once (a summary of its own); complete is false when fn is too
// large to follow and no paths are given.
func (r *Result) ReturnPaths(fn *ssa.Function) (paths []Path, complete bool) {
	if r == nil || fn == nil || len(fn.Blocks) == 0 {
		return nil, false
	}
	if len(fn.Blocks) > maxSummaryBlocks {
		return nil, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.computePaths(fn), true
}

// loadedGlobal is the package variable v is loaded from, or nil.
func loadedGlobal(v ssa.Value) *ssa.Global {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	g, _ := ld.X.(*ssa.Global)
	return g
}
