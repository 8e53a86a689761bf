package flow

import (
	"go/token"
	"go/types"
	"maps"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow/errs"
	"github.com/mcplint-go/mcplint/internal/astutil"
)

// Nilness is what the engine knows about whether a value is nil.
type Nilness int8

// What the engine knows of whether a value is nil at a point.
const (
	Unknown Nilness = iota
	Nil
	NonNil
)

func (n Nilness) String() string {
	switch n {
	case Nil:
		return "nil"
	case NonNil:
		return "non-nil"
	}
	return "unknown"
}

// Limits that keep the engine linear in practice: paths per return, summary shapes per
// function, and the depth of value chains followed.
const (
	maxPaths  = 64
	maxSplits = 4 * maxPaths
	maxShapes = 16
	maxDepth  = 24
)

// Outcome is what one result holds on one path.
type Outcome struct {
	// Value is the SSA value returned on the path (the path's phis resolved).
	Value ssa.Value
	Nil   Nilness
	// Dynamic is the concrete type that flows into an interface result on this path, when it
	// is known here; DynamicName is its name (types.TypeString, full package paths), also
	// when it comes from a callee's summary.
	Dynamic     types.Type
	DynamicName string
	// TypedNil: a nil pointer of type Dynamic stored in a non-nil interface.
	TypedNil bool
	// Operand is the concrete value stored in an interface result on this path, when the
	// interface is made in this function.
	Operand ssa.Value
	// Call is the call of a summarised function that produced the value, if any.
	Call *ssa.Call
}

// Path is one path to a return.
type Path struct {
	Return  *ssa.Return
	Results []Outcome
	st      *state
}

// Known reports what the path knows about v: a branch it took tested it, or a callee's
// summary shape fixed it.
func (p *Path) Known(v ssa.Value) Nilness {
	if p == nil || p.st == nil {
		return Unknown
	}
	r := p.st.fi.r
	r.mu.Lock()
	defer r.mu.Unlock()
	return p.st.nilness(v, 0)
}

// state is one partial path: the facts it has learnt, the predecessor it took into each
// block whose phis it resolved, and the summary shape it took for each call it split.
type state struct {
	fi     *funcInfo
	facts  map[ssa.Value]Nilness
	choice map[*ssa.BasicBlock]int
	shape  map[*ssa.Call]int
}

func (s *state) clone() *state {
	return &state{fi: s.fi, facts: maps.Clone(s.facts), choice: maps.Clone(s.choice), shape: maps.Clone(s.shape)}
}

// learn adds facts; false when one contradicts a fact the state has, or a constant (the path
// is infeasible). It compares facts only, never evaluates: evaluating every fact of a block at
// every split made large functions cost minutes.
func (s *state) learn(facts map[ssa.Value]Nilness) bool {
	for v, n := range facts {
		if n == Unknown {
			continue
		}
		old, ok := s.facts[v]
		if !ok {
			old = s.intrinsic(v)
		}
		if old != Unknown && old != n {
			return false
		}
		s.facts[v] = n
	}
	return true
}

// intrinsic is what v is by its own making, without following any other value: a constant,
// an allocation or a conversion into an interface, or a call's result as its callee's
// summary (or the oracle) has it. learn contradicts a branch with it: `err := fmt.Errorf(...);
// if err == nil {...}` never takes the branch.
func (s *state) intrinsic(v ssa.Value) Nilness {
	switch x := v.(type) {
	case *ssa.Const:
		if !nillable(x.Type()) {
			return Unknown
		}
		if x.IsNil() {
			return Nil
		}
		return NonNil
	case *ssa.Alloc, *ssa.MakeClosure, *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeSlice, *ssa.Function,
		*ssa.Global, *ssa.FieldAddr, *ssa.IndexAddr, *ssa.MakeInterface:
		return NonNil
	case *ssa.Call:
		return s.callResult(x, 0)
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return s.callResult(call, x.Index)
		}
	}
	return Unknown
}

// funcInfo is what the engine computes once per function: the facts that hold on entry to
// each block.
type funcInfo struct {
	r     *Result
	fn    *ssa.Function
	entry map[*ssa.BasicBlock]map[ssa.Value]Nilness
	// dead are the blocks no path reaches: a branch on their way contradicts a fact an
	// earlier branch on the same way established.
	dead map[*ssa.BasicBlock]bool
	// paths are the function's paths, once computed.
	paths    []Path
	hasPaths bool
}

func (r *Result) funcInfo(fn *ssa.Function) *funcInfo {
	if fi := r.info[fn]; fi != nil {
		return fi
	}
	fi := &funcInfo{r: r, fn: fn, entry: map[*ssa.BasicBlock]map[ssa.Value]Nilness{}, dead: map[*ssa.BasicBlock]bool{}}
	r.info[fn] = fi
	return fi
}

// entryFacts are the facts that hold whenever b runs: those of its immediate dominator, and
// those of the branch that leads to b when b can only be entered through it. Where that
// branch contradicts a fact of the dominator (a second `if err != nil` where an earlier `if
// err != nil { return }` proved err nil), b is dead: no path runs it.
func (fi *funcInfo) entryFacts(b *ssa.BasicBlock) map[ssa.Value]Nilness {
	if f, ok := fi.entry[b]; ok {
		return f
	}
	fi.entry[b] = map[ssa.Value]Nilness{} // guards the recursion on malformed graphs
	facts := map[ssa.Value]Nilness{}
	if idom := b.Idom(); idom != nil {
		maps.Copy(facts, fi.entryFacts(idom))
		fi.dead[b] = fi.dead[idom]
	}
	if len(b.Preds) == 1 {
		for v, n := range edgeFacts(b.Preds[0], b) {
			if old, ok := facts[v]; ok && old != Unknown && n != Unknown && old != n {
				fi.dead[b] = true
			}
			facts[v] = n
		}
	}
	fi.entry[b] = facts
	return facts
}

// Dead reports whether no path runs b: a branch on every way to it contradicts what an
// earlier branch on that way decided. The values SSA tests are immutable, so a fact a
// dominating branch establishes still holds wherever it dominates.
func (r *Result) Dead(b *ssa.BasicBlock) bool {
	if r == nil || b == nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	fi := r.funcInfo(b.Parent())
	fi.entryFacts(b)
	return fi.dead[b]
}

// edgeFacts are the facts the branch from p to b establishes: p ends in `if c`, and b is the
// successor taken when c is true or false.
func edgeFacts(p, b *ssa.BasicBlock) map[ssa.Value]Nilness {
	ifi, ok := lastIf(p)
	if !ok || p.Succs[0] == p.Succs[1] {
		return nil
	}
	out := map[ssa.Value]Nilness{}
	condFacts(ifi.Cond, b == p.Succs[0], out, 0)
	return out
}

// condFacts records what cond being taken says. A boolean value's fact is its truth (NonNil
// for true, Nil for false), so that two branches on the same condition agree on a path.
func condFacts(cond ssa.Value, taken bool, out map[ssa.Value]Nilness, depth int) {
	if depth > 4 {
		return
	}
	if _, isConst := cond.(*ssa.Const); !isConst {
		out[cond] = truth(taken)
	}
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			condFacts(c.X, !taken, out, depth+1)
		}
	case *ssa.BinOp:
		if c.Op != token.EQL && c.Op != token.NEQ {
			return
		}
		x := c.X
		if isNilConst(x) {
			x = c.Y
		} else if !isNilConst(c.Y) {
			return
		}
		n := Nil
		if (c.Op == token.EQL) != taken {
			n = NonNil
		}
		setFact(out, x, n)
	case *ssa.Extract:
		// v, ok := x.(T): ok means x is not nil.
		if ta, ok := c.Tuple.(*ssa.TypeAssert); ok && c.Index == 1 && taken {
			setFact(out, ta.X, NonNil)
		}
	case *ssa.Call:
		// errors.Is(x, target) and errors.As(x, &t) are true only for a non-nil x (a nil target
		// aside, which nobody writes).
		if taken && isErrorsTest(c) {
			setFact(out, c.Call.Args[0], NonNil)
		}
	}
}

// setFact records n for v and for the values v is a plain conversion of, so that a test of
// err != nil also speaks of the value err was made from.
func setFact(out map[ssa.Value]Nilness, v ssa.Value, n Nilness) {
	out[v] = n
	switch x := v.(type) {
	case *ssa.ChangeInterface:
		out[x.X] = n
	case *ssa.ChangeType:
		out[x.X] = n
	case *ssa.MakeInterface:
		// A nil interface cannot hold anything; a non-nil one may hold a nil pointer.
		if n == Nil {
			out[x.X] = Unknown
		}
	}
}

func truth(b bool) Nilness {
	if b {
		return NonNil
	}
	return Nil
}

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// resolve follows the phis the path chose a predecessor for, and the result slots a
// function with defers returns through.
func (s *state) resolve(v ssa.Value) ssa.Value {
	for range maxDepth {
		switch x := v.(type) {
		case *ssa.Phi:
			i, ok := s.choice[x.Block()]
			if !ok {
				return v
			}
			v = x.Edges[i]
		case *ssa.UnOp:
			stored := storedBefore(x)
			if stored == nil {
				return v
			}
			v = stored
		default:
			return v
		}
	}
	return v
}

// storedBefore is the value last stored, in the same block, into the local that the load ld
// reads: a function with defers stores each result into a slot and loads it after running
// them, and one with a range-over-func loop keeps its results in a slot the loop's yield
// function shares. A local another closure captures (a named result a deferred func may
// change) is not followed; for a slot a yield function shares, only a store with no call
// between it and the load counts (the yield function runs only inside a call).
func storedBefore(ld *ssa.UnOp) ssa.Value {
	alloc, ok := ld.X.(*ssa.Alloc)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	yieldShared := false
	for _, ref := range *alloc.Referrers() {
		if mc, captured := ref.(*ssa.MakeClosure); captured {
			if fn, _ := mc.Fn.(*ssa.Function); fn == nil || fn.Synthetic != "range-over-func yield" {
				return nil
			}
			yieldShared = true
		}
	}
	if alloc.Heap && !yieldShared {
		return nil
	}
	var last ssa.Value
	for _, instr := range ld.Block().Instrs {
		if instr == ld {
			return last
		}
		switch in := instr.(type) {
		case *ssa.Store:
			if in.Addr == alloc {
				last = in.Val
			}
		case *ssa.Call:
			// A call may run a yield function that writes the slot; RunDefers is not a
			// call and keeps the slot as stored.
			if yieldShared {
				last = nil
			}
		}
	}
	return nil
}

// nilness evaluates v on the state's path.
func (s *state) nilness(v ssa.Value, depth int) Nilness {
	if depth > maxDepth || v == nil {
		return Unknown
	}
	if n, ok := s.facts[v]; ok && n != Unknown {
		return n
	}
	if r := s.resolve(v); r != v {
		return s.nilness(r, depth+1)
	}
	switch x := v.(type) {
	case *ssa.Const:
		if x.IsNil() {
			return Nil
		}
		if nillable(x.Type()) {
			return NonNil
		}
		return Unknown
	case *ssa.Alloc, *ssa.MakeClosure, *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeSlice, *ssa.Function,
		*ssa.Global, *ssa.FieldAddr, *ssa.IndexAddr, *ssa.MakeInterface:
		return NonNil
	case *ssa.ChangeInterface:
		return s.nilness(x.X, depth+1)
	case *ssa.ChangeType:
		return s.nilness(x.X, depth+1)
	case *ssa.Phi:
		return s.joinPhi(x, depth, map[*ssa.Phi]bool{})
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return s.carried(call, x.Index, depth)
		}
	case *ssa.Call:
		return s.carried(x, 0, depth)
	}
	return Unknown
}

// carried is callResult, and where the shape the path took returns result i made of an
// error parameter whose nilness decides its own (`func fail(err error) (*Result, error) {
// return nil, err }`), what the path knows of the argument given for it.
func (s *state) carried(call *ssa.Call, i, depth int) Nilness {
	if i == 0 && len(call.Call.Args) > 0 && errs.WrapsNilAsNil(Callee(call)) {
		return s.nilness(call.Call.Args[0], depth+1) // errors.Wrap(err, "…") is nil when err is
	}
	n := s.callResult(call, i)
	if n != Unknown {
		return n
	}
	sum, _ := s.fi.r.summaryOfCall(call)
	if sum == nil {
		return n
	}
	k, ok := s.shape[call]
	if !ok && len(sum.Shapes) == 1 {
		k, ok = 0, true
	}
	if !ok || k < 0 || k >= len(sum.Shapes) {
		return n
	}
	if j := sum.Shapes[k].CarriedParam(i); j >= 0 && j < len(call.Call.Args) {
		return s.nilness(call.Call.Args[j], depth+1)
	}
	return n
}

// joinPhi is the nilness every edge of an unresolved phi agrees on.
func (s *state) joinPhi(phi *ssa.Phi, depth int, seen map[*ssa.Phi]bool) Nilness {
	if seen[phi] {
		return Unknown
	}
	seen[phi] = true
	out := Unknown
	for i, e := range phi.Edges {
		var n Nilness
		if inner, ok := e.(*ssa.Phi); ok {
			if _, chosen := s.choice[inner.Block()]; !chosen {
				n = s.joinPhi(inner, depth+1, seen)
			} else {
				n = s.nilness(e, depth+1)
			}
		} else {
			n = s.nilness(e, depth+1)
		}
		if n == Unknown {
			return Unknown
		}
		if i == 0 {
			out = n
		} else if n != out {
			return Unknown
		}
	}
	return out
}

// callResult is what result i of call is on the path: the shape the path took through the
// callee's summary, what every shape agrees on, or what the oracle says.
func (s *state) callResult(call *ssa.Call, i int) Nilness {
	sum, fn := s.fi.r.summaryOfCall(call)
	if sum != nil {
		if k, ok := s.shape[call]; ok && k >= 0 && k < len(sum.Shapes) {
			return sum.Shapes[k].nilAt(i)
		}
		return sum.agree(i) // no shape, or none the path's facts allow (-1)
	}
	return s.fi.r.external(fn, i)
}

// external is what the standard library and the oracle say about result i of fn.
func (r *Result) external(fn *types.Func, i int) Nilness {
	if fn == nil {
		return Unknown
	}
	if errs.New(fn) {
		return NonNil
	}
	if r.oracle != nil {
		return r.oracle.Returns(fn, i)
	}
	return Unknown
}

// Paths returns every path to every return of fn, at most maxPaths per return: a return
// whose paths are more than that has its last ones merged. The paths are computed once and
// shared: callers must not change them.
func (r *Result) Paths(fn *ssa.Function) []Path {
	if r == nil || fn == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.paths(fn)
}

func (r *Result) paths(fn *ssa.Function) []Path {
	fi := r.funcInfo(fn)
	if !fi.hasPaths {
		fi.paths, fi.hasPaths = r.computePaths(fn), true
	}
	return fi.paths
}

// computePaths enumerates fn's paths without keeping them: a summary needs them once.
func (r *Result) computePaths(fn *ssa.Function) []Path {
	fi := r.funcInfo(fn)
	var out []Path
	for ret := range Returns(fn) {
		out = append(out, fi.pathsTo(ret)...)
	}
	return out
}

func (fi *funcInfo) pathsTo(ret *ssa.Return) []Path {
	start := &state{fi: fi, facts: maps.Clone(fi.entryFacts(ret.Block())), choice: map[*ssa.BasicBlock]int{}, shape: map[*ssa.Call]int{}}
	if fi.dead[ret.Block()] {
		return nil
	}
	work := []*state{start}
	var done []*state
	splits := 0
	for len(work) > 0 {
		s := work[len(work)-1]
		work = work[:len(work)-1]
		// Both the paths and the splits that make them are bounded: a split that proves a way
		// infeasible costs as much as one that keeps it.
		if len(done)+len(work) >= maxPaths || splits >= maxSplits {
			done = append(done, s)
			continue
		}
		splits++
		next, split := s.split(ret.Block(), ret.Results)
		if !split {
			done = append(done, s)
			continue
		}
		work = append(work, next...)
	}
	// Paths in block order of their choices are easier to read in tests; the work list
	// reversed them.
	paths := make([]Path, 0, len(done))
	for i := len(done) - 1; i >= 0; i-- {
		s := done[i]
		p := Path{Return: ret, st: s}
		for _, v := range ret.Results {
			p.Results = append(p.Results, s.outcome(v))
		}
		paths = append(paths, p)
	}
	return paths
}

// split finds the first undecided phi, or call of a summarised function whose results feed
// two or more of the values (`return f()`, `res, err := f(); return res, err`: the results
// go together, so the path takes one of f's shapes) or all of them (`return f(x)`: the
// function's shapes are f's), and returns the feasible states for each of its choices. A call
// that feeds one value of several is not split: which of its shapes it takes depends on its
// arguments, and the path would claim more than it knows.
func (s *state) split(retBlock *ssa.BasicBlock, values []ssa.Value) ([]*state, bool) {
	// A return reached from several branches learns which one it came through first (with
	// its phis, if any): `if res != nil || err != nil { return res, err }` never returns
	// (nil, nil), though nothing is merged.
	if _, chosen := s.choice[retBlock]; !chosen && len(retBlock.Preds) > 1 {
		return s.splitBlock(retBlock), true
	}
	feeds := map[*ssa.Call]int{}
	for _, v := range values {
		if call := CallOf(s.resolve(v)); call != nil {
			feeds[call]++
		}
	}
	seen := map[ssa.Value]bool{}
	var target ssa.Value
	var find func(v ssa.Value, depth int)
	find = func(v ssa.Value, depth int) {
		if target != nil || depth > maxDepth || v == nil || seen[v] {
			return
		}
		seen[v] = true
		v = s.resolve(v)
		if n, ok := s.facts[v]; ok && n != Unknown {
			// Still look through a known value for a typed nil inside it.
			if mi, ok := v.(*ssa.MakeInterface); ok {
				find(mi.X, depth+1)
			}
			return
		}
		switch x := v.(type) {
		case *ssa.Phi:
			target = x
		case *ssa.MakeInterface:
			find(x.X, depth+1)
		case *ssa.ChangeInterface:
			find(x.X, depth+1)
		case *ssa.ChangeType:
			find(x.X, depth+1)
		case *ssa.Extract:
			if call, ok := x.Tuple.(*ssa.Call); ok {
				find(call, depth+1)
			}
		case *ssa.Call:
			if _, chosen := s.shape[x]; chosen || (feeds[x] < 2 && feeds[x] < len(values)) {
				return
			}
			if sum, _ := s.fi.r.summaryOfCall(x); sum != nil && sum.Complete && len(sum.Shapes) > 1 {
				target = x
			}
		}
	}
	for _, v := range values {
		find(v, 0)
	}
	switch t := target.(type) {
	case *ssa.Phi:
		return s.splitBlock(t.Block()), true
	case *ssa.Call:
		return s.splitCall(t), true
	}
	return nil, false
}

// splitBlock returns a state per predecessor of b that the path can have come through,
// each knowing the facts of its way in and resolving b's phis by it.
func (s *state) splitBlock(b *ssa.BasicBlock) []*state {
	var out []*state
	for i, pred := range b.Preds {
		n := s.clone()
		n.choice[b] = i
		// Across a loop's back edge the facts of the body are about an earlier iteration of
		// the same values: they neither hold now nor contradict what holds now.
		backEdge := b.Dominates(pred)
		if !backEdge && (!n.learn(s.fi.entryFacts(pred)) || !n.learn(edgeFacts(pred, b))) {
			continue // the path cannot go this way
		}
		// What the path now knows about the phis of b follows from their edges.
		for _, instr := range b.Instrs {
			p, ok := instr.(*ssa.Phi)
			if !ok {
				break
			}
			if k, known := n.facts[p]; known && k != Unknown {
				if e := n.nilness(p.Edges[i], 0); e != Unknown && e != k {
					n = nil
					break
				}
				n.facts[p.Edges[i]] = k
			}
		}
		if n != nil {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		// Every way in contradicts what is known: keep the path undecided rather than lose it.
		n := s.clone()
		n.choice[b] = 0
		return []*state{n}
	}
	return out
}

func (s *state) splitCall(call *ssa.Call) []*state {
	sum, _ := s.fi.r.summaryOfCall(call)
	var out []*state
	for k, shape := range sum.Shapes {
		n := s.clone()
		n.shape[call] = k
		facts := map[ssa.Value]Nilness{}
		if _, tuple := call.Type().(*types.Tuple); tuple {
			for _, ref := range *call.Referrers() {
				if ex, ok := ref.(*ssa.Extract); ok {
					facts[ex] = shape.nilAt(ex.Index)
				}
			}
		} else {
			facts[call] = shape.nilAt(0)
		}
		// A shape that is nil because a parameter is tells the path that the argument is.
		for i := range shape.Param {
			if p := shape.paramAt(i); p >= 0 && p < len(call.Call.Args) && shape.nilAt(i) == Nil {
				facts[call.Call.Args[p]] = Nil
			}
		}
		// Learn against the facts the path had before the call's shape: a test `err != nil`
		// on the extract contradicts a shape whose error is nil.
		if n.learnShape(facts) {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		n := s.clone()
		n.shape[call] = -1
		return []*state{n}
	}
	return out
}

// learnShape is learn for a call's shape: its facts are about the call's results, which the
// state may already know from branch tests.
func (s *state) learnShape(facts map[ssa.Value]Nilness) bool {
	for v, n := range facts {
		if n == Unknown {
			continue
		}
		if old, ok := s.facts[v]; ok && old != Unknown && old != n {
			return false
		}
		s.facts[v] = n
	}
	return true
}

// outcome evaluates one returned value on the path.
func (s *state) outcome(v ssa.Value) Outcome {
	r := s.resolve(v)
	o := Outcome{Value: r}
	if nillable(v.Type()) {
		o.Nil = s.nilness(v, 0)
	}
	s.dynamic(r, &o, 0)
	return o
}

// dynamic fills in the concrete type in an interface value and whether it is a nil pointer.
func (s *state) dynamic(v ssa.Value, o *Outcome, depth int) {
	if depth > maxDepth {
		return
	}
	v = s.resolve(v)
	switch x := v.(type) {
	case *ssa.MakeInterface:
		o.Dynamic = x.X.Type()
		o.DynamicName = types.TypeString(x.X.Type(), nil)
		if _, ptr := x.X.Type().Underlying().(*types.Pointer); ptr && s.nilness(x.X, depth+1) == Nil {
			o.TypedNil = true
		}
		o.Operand = s.resolve(x.X)
		if call := CallOf(o.Operand); call != nil {
			o.Call = call
			// A helper that returns a nil pointer on some path may do so here, unless the
			// path tested it.
			if _, ptr := x.X.Type().Underlying().(*types.Pointer); ptr && !o.TypedNil && s.nilness(o.Operand, depth+1) == Unknown {
				idx := 0
				if ex, ok := o.Operand.(*ssa.Extract); ok {
					idx = ex.Index
				}
				if sum, _ := s.fi.r.summaryOfCall(call); sum != nil && s.callCanBeNil(call, sum, idx, depth+1) {
					o.TypedNil = true
				}
			}
		}
	case *ssa.ChangeInterface:
		s.dynamic(x.X, o, depth+1)
	case *ssa.ChangeType:
		s.dynamic(x.X, o, depth+1)
	case *ssa.Extract, *ssa.Call:
		call := CallOf(x)
		if call == nil {
			return
		}
		o.Call = call
		idx := 0
		if ex, ok := x.(*ssa.Extract); ok {
			idx = ex.Index
		}
		sum, _ := s.fi.r.summaryOfCall(call)
		if sum == nil {
			return
		}
		if k, ok := s.shape[call]; ok && k >= 0 && k < len(sum.Shapes) {
			sh := sum.Shapes[k]
			if idx < len(sh.Types) {
				o.DynamicName = sh.Types[idx]
				o.TypedNil = sh.TypedNil[idx]
			}
		} else if name, ok := sum.agreeType(idx); ok {
			o.DynamicName = name
		}
	}
}

// callCanBeNil reports whether result i of call can be nil on the path: the shape the path
// took, else any shape. A shape that is nil because a parameter is nil is nil only when
// the caller's argument may be: a pointer that came in non-nil or unknown is not the
// callee's nil (`func annotate(e *E) *E { if e == nil { return nil }; ... }`).
func (s *state) callCanBeNil(call *ssa.Call, sum *Summary, i, depth int) bool {
	nilShape := func(sh Shape) bool {
		if sh.nilAt(i) != Nil {
			return false
		}
		p := sh.paramAt(i)
		return p < 0 || p >= len(call.Call.Args) || s.mayBeNil(call.Call.Args[p], depth)
	}
	if k, ok := s.shape[call]; ok && k >= 0 && k < len(sum.Shapes) {
		return nilShape(sum.Shapes[k])
	}
	for _, sh := range sum.Shapes {
		if nilShape(sh) {
			return true
		}
	}
	return false
}

// mayBeNil reports whether v is nil on the path or, where the path does not decide it, is
// a local that some way here leaves nil (`var e *E; if bad { e = &E{} }`). A parameter, a
// field or a type assertion's pointer is not: its nil would come from elsewhere.
func (s *state) mayBeNil(v ssa.Value, depth int) bool {
	switch s.nilness(v, depth) {
	case Nil:
		return true
	case NonNil:
		return false
	}
	phi, ok := s.resolve(v).(*ssa.Phi)
	if !ok {
		return false
	}
	for _, e := range phi.Edges {
		if s.nilness(e, depth+1) == Nil {
			return true
		}
	}
	return false
}

// InHand returns the values known to be non-nil wherever b runs, of an interface type that
// implements error: the errors a branch around b has in hand.
func (r *Result) InHand(b *ssa.BasicBlock) []ssa.Value {
	if r == nil || b == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	fi := r.funcInfo(b.Parent())
	facts := fi.entryFacts(b)
	if fi.dead[b] {
		return nil
	}
	var out []ssa.Value
	for v, n := range facts {
		if n == NonNil && isError(v.Type()) {
			out = append(out, v)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos() < out[j].Pos() })
	return out
}

// Bound returns the variables that a test taken on every way to b filled from an error:
// the target t of errors.As(x, &t) (its Alloc) and the value of a type switch's case or of
// `v, ok := x.(T)` on an error x (the assertion's first result). InHand has x itself.
func (r *Result) Bound(b *ssa.BasicBlock) []ssa.Value {
	if r == nil || b == nil || r.Dead(b) {
		return nil
	}
	var out []ssa.Value
	for cur := b; cur != nil; cur = cur.Idom() {
		if len(cur.Preds) != 1 {
			continue
		}
		p := cur.Preds[0]
		if ifi, ok := lastIf(p); ok && p.Succs[0] != p.Succs[1] {
			out = append(out, boundBy(ifi.Cond, cur == p.Succs[0], 0)...)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos() < out[j].Pos() })
	return out
}

// boundBy lists what cond being taken fills from an error (see Bound).
func boundBy(cond ssa.Value, taken bool, depth int) []ssa.Value {
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT && depth < 4 {
			return boundBy(c.X, !taken, depth+1)
		}
	case *ssa.Call:
		if taken && CallsFunc(c, "errors", "As") && len(c.Call.Args) == 2 {
			target := c.Call.Args[1]
			if mi, ok := target.(*ssa.MakeInterface); ok {
				target = mi.X
			}
			if t, ok := target.(*ssa.Alloc); ok {
				return []ssa.Value{t}
			}
		}
	case *ssa.Extract:
		ta, ok := c.Tuple.(*ssa.TypeAssert)
		if !ok || c.Index != 1 || !taken || !isError(ta.X.Type()) {
			return nil
		}
		for _, ref := range *ta.Referrers() {
			if v, ok := ref.(*ssa.Extract); ok && v.Index == 0 {
				return []ssa.Value{v}
			}
		}
	}
	return nil
}

// lastIf is the If that ends b, if one does.
func lastIf(b *ssa.BasicBlock) (*ssa.If, bool) {
	if len(b.Instrs) == 0 {
		return nil, false
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	return ifi, ok && len(b.Succs) == 2
}

// isError: error, or an interface that includes it.
func isError(t types.Type) bool { return astutil.IsErrorInterface(t) }
