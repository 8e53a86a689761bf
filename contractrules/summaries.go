package contractrules

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/mcperr"
)

// The summaries are a query on the flow engine: for every return of a function, on every
// path the engine finds to it, the returned error is followed back (a visitor of
// flow.Backward) through its SSA values
// (phis, conversions, locals kept in memory, errors.As targets, wrappers with Unwrap,
// fmt.Errorf's %w, errors.Join) to the runtime library's constructors and their constant codes
// and reasons, to other functions (their summaries, or their facts in other packages), to the
// function's parameters, and to calls that cannot be followed (interface methods, function
// values), which may return anything. A path on which the engine knows the error is nil adds
// nothing, and a code the path tested with errors.Is(err, mcperr.CodeX) and did not take is
// not returned through that err.

// function is one function declaration or literal of the package, with its SSA.
type function struct {
	fn   *ssa.Function
	node ast.Node // *ast.FuncDecl or *ast.FuncLit
	name string   // for messages: "store.(*Store).Get", "a function literal in tools.New"
	// errs are the indexes of results that can hold an error; none means the function is
	// not summarised.
	errs    []int
	summary *Summary
	state   int // 0 not started, 1 in progress, 2 done
}

type walker struct {
	pass    *analysis.Pass
	info    *types.Info
	res     *flow.Result
	funcs   map[*ssa.Function]*function
	byObj   map[*types.Func]*function
	ordered []*function // in source order, for deterministic output
	// stores are the values stored into each package variable of the package, in source
	// order; vars their summaries.
	stores map[*ssa.Global][]ssa.Value
	vars   map[*ssa.Global]*Summary
	cyclic bool
	reach  map[*types.Package]bool
	facts  map[types.Object]*ErrorsFact
	marked map[*types.Package]bool
	errIfc *types.Interface
}

func newWalker(pass *analysis.Pass, res *flow.Result) *walker {
	return &walker{
		pass:   pass,
		info:   pass.TypesInfo,
		res:    res,
		funcs:  map[*ssa.Function]*function{},
		byObj:  map[*types.Func]*function{},
		vars:   map[*ssa.Global]*Summary{},
		reach:  map[*types.Package]bool{},
		facts:  map[types.Object]*ErrorsFact{},
		marked: map[*types.Package]bool{},
		errIfc: types.Universe.Lookup("error").Type().Underlying().(*types.Interface),
	}
}

// run summarises every function of the package that has SSA.
func (w *walker) run() {
	fns := w.res.Functions()
	sort.Slice(fns, func(i, j int) bool { return fns[i].Pos() < fns[j].Pos() })
	for _, fn := range fns {
		f := &function{fn: fn, node: fn.Syntax(), name: w.nameOf(fn)}
		for i := 0; i < fn.Signature.Results().Len(); i++ {
			if w.errorish(fn.Signature.Results().At(i).Type()) {
				f.errs = append(f.errs, i)
			}
		}
		w.funcs[fn] = f
		if obj, ok := fn.Object().(*types.Func); ok {
			w.byObj[obj] = f
		}
		w.ordered = append(w.ordered, f)
	}
	w.collectStores(fns)
	for _, f := range w.ordered {
		w.summaryOf(f)
	}
	// A recursion was met with a partial summary: iterate until nothing grows. Summaries
	// only grow, and they are bounded by the package's codes and reasons.
	for round := 0; w.cyclic && round < 10; round++ {
		changed := false
		for _, f := range w.ordered {
			if len(f.errs) == 0 {
				continue
			}
			s := w.compute(f)
			if s.size() != f.summary.size() {
				changed = true
			}
			f.summary = s
		}
		if !changed {
			break
		}
	}
}

// collectStores records the stores into the package's variables, from every function of the
// package and its initialiser.
func (w *walker) collectStores(fns []*ssa.Function) {
	w.stores = map[*ssa.Global][]ssa.Value{}
	pkg := w.res.Package()
	all := slices.Clone(fns)
	if init := pkg.Func("init"); init != nil {
		all = append(all, init)
	}
	type store struct {
		pos token.Pos
		val ssa.Value
	}
	found := map[*ssa.Global][]store{}
	for _, fn := range all {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok {
					if g, ok := st.Addr.(*ssa.Global); ok && g.Pkg == pkg {
						found[g] = append(found[g], store{st.Pos(), st.Val})
					}
				}
			}
		}
	}
	for g, ss := range found {
		sort.SliceStable(ss, func(i, j int) bool { return ss[i].pos < ss[j].pos })
		for _, s := range ss {
			w.stores[g] = append(w.stores[g], s.val)
		}
	}
}

// nameOf names a function for messages.
func (w *walker) nameOf(fn *ssa.Function) string {
	if obj, ok := fn.Object().(*types.Func); ok {
		return funcName(obj)
	}
	top := flow.Outermost(fn)
	if obj, ok := top.Object().(*types.Func); ok && top != fn {
		return "a function literal in " + funcName(obj)
	}
	return "a function literal in package " + w.pass.Pkg.Name()
}

// errorish reports whether values of t can be errors: error itself, or a type implementing
// it (*mcperr.Error, a custom error type).
func (w *walker) errorish(t types.Type) bool {
	if t == nil {
		return false
	}
	if _, isTuple := t.(*types.Tuple); isTuple {
		return false
	}
	return types.Implements(t, w.errIfc)
}

// summaryOf returns f's summary, computing it (and its callees') on first use.
func (w *walker) summaryOf(f *function) *Summary {
	if f == nil || len(f.errs) == 0 {
		return nil
	}
	switch f.state {
	case 2:
		return f.summary
	case 1:
		w.cyclic = true
		return f.summary
	}
	f.state = 1
	f.summary = w.compute(f)
	f.state = 2
	return f.summary
}

// acc accumulates one function's summary.
type acc struct {
	w      *walker
	fn     *function // nil for a package-level variable's initialiser
	owner  string    // the variable, when fn is nil
	items  []Item
	seen   map[Produced]map[token.Pos]bool
	opaque []ast.Expr
	params map[int]bool
	// path is the path to the return being followed (nil when the engine's paths are not
	// asked: a variable's initialiser, a huge function); entry is the syntax the error
	// leaves the function through there, where an error has no syntax of its own.
	path  *flow.Path
	entry ast.Expr
	// controls are the branches that decide whether the return runs, where its paths are
	// not asked.
	controls []flow.Condition
	// Backward follows each value into this accumulator once, on every path.
	flow.Backward
}

func (w *walker) newAcc(fn *function) *acc {
	a := &acc{w: w, fn: fn, seen: map[Produced]map[token.Pos]bool{}, params: map[int]bool{}}
	a.Backward = flow.Backward{Visit: a.visit}
	return a
}

// sub returns an accumulator for part of a's walk whose items a filters or changes.
func (a *acc) sub() *acc {
	s := a.w.newAcc(a.fn)
	s.owner, s.params, s.path, s.entry, s.controls = a.owner, a.params, a.path, a.entry, a.controls
	return s
}

// merge adds what sub found, items through keep.
func (a *acc) merge(sub *acc, keep func(*Item) bool) {
	for _, it := range sub.items {
		if keep(&it) {
			a.add(it)
		}
	}
	for _, o := range sub.opaque {
		a.addOpaque(o)
	}
}

func (a *acc) add(it Item) {
	k := it.key()
	if a.seen[k] == nil {
		a.seen[k] = map[token.Pos]bool{}
	}
	if a.seen[k][it.Entry.Pos()] {
		return
	}
	a.seen[k][it.Entry.Pos()] = true
	a.items = append(a.items, it)
}

func (a *acc) addOpaque(e ast.Expr) {
	if e == nil {
		return
	}
	for _, o := range a.opaque {
		if o.Pos() == e.Pos() {
			return
		}
	}
	a.opaque = append(a.opaque, e)
}

func (a *acc) summary() *Summary {
	s := &Summary{Items: a.items, Opaque: a.opaque}
	for i := range a.params {
		s.Params = append(s.Params, i)
	}
	sort.Ints(s.Params)
	return s
}

// maxPathBlocks bounds the functions whose returns are followed path by path; a larger one
// has each return followed once, as if every way to it were taken, knowing only the branches
// that decide whether it runs.
const maxPathBlocks = 200

// compute summarises f from its returns, path by path.
func (w *walker) compute(f *function) *Summary {
	a := w.newAcc(f)
	n := f.fn.Signature.Results().Len()
	if len(f.fn.Blocks) > maxPathBlocks {
		for ret := range flow.Returns(f.fn) {
			if len(ret.Results) == n {
				for _, i := range f.errs {
					a.path, a.entry, a.controls = nil, w.returnExpr(f, ret, i), flow.Controlling(ret.Block())
					a.Walk(ret.Results[i])
				}
			}
		}
		return a.summary()
	}
	for _, p := range w.res.Paths(f.fn) {
		if len(p.Results) != n {
			continue
		}
		for _, i := range f.errs {
			o := p.Results[i]
			if o.Nil == flow.Nil {
				continue // the error is cleared on this path
			}
			a.path, a.entry, a.controls = &p, w.returnExpr(f, p.Return, i), nil
			a.Walk(o.Value)
		}
	}
	return a.summary()
}

// returnExpr is the syntax through which result i leaves f at ret: the returned expression,
// the call of `return g()`, else the function's name or literal (a bare return).
func (w *walker) returnExpr(f *function, ret *ssa.Return, i int) ast.Expr {
	if stmt := flow.ReturnStmt(f.node, ret.Pos()); stmt != nil {
		switch {
		case len(stmt.Results) == len(ret.Results) && i < len(stmt.Results):
			return stmt.Results[i]
		case len(stmt.Results) == 1:
			return stmt.Results[0]
		}
	}
	switch n := f.node.(type) {
	case *ast.FuncDecl:
		return n.Name
	case *ast.FuncLit:
		return n
	}
	return nil
}

// visit follows a value that may hold an error.
func (a *acc) visit(v ssa.Value) {
	// A value the path has tested codes of is followed apart, and not marked here: on
	// another path, without the test, it returns every code.
	if handled := a.handledApart(v); len(handled) > 0 {
		a.Forget(v)
		s := a.sub()
		s.Mark(v)
		s.define(v)
		a.merge(s, func(it *Item) bool { return !handled[it.Code] })
		return
	}
	a.define(v)
}

// define follows what v is made of.
func (a *acc) define(v ssa.Value) {
	switch x := v.(type) {
	case *ssa.Const:
		a.constant(x)
	case *ssa.MakeInterface:
		a.Walk(x.X)
	case *ssa.ChangeInterface:
		a.Walk(x.X)
	case *ssa.ChangeType:
		a.Walk(x.X)
	case *ssa.TypeAssert:
		a.Walk(x.X)
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.Call:
			a.call(t, x.Index)
		case *ssa.TypeAssert:
			if x.Index == 0 {
				a.Walk(t.X)
			}
		}
	case *ssa.Call:
		a.call(x, -1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			a.Walk(e)
		}
	case *ssa.Parameter:
		a.param(x)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			a.load(x.X)
		}
	case *ssa.Alloc:
		// &T{...} of an error type that unwraps: errors.As (and so the wire layer) finds the
		// *mcperr.Error inside it.
		a.wrapper(x)
	}
	// Fields, elements, map entries and anything else: data the summary does not follow.
}

// handledApart returns the codes the path tested v for with errors.Is(v, mcperr.CodeX) and
// found absent: returning v there does not return them.
func (a *acc) handledApart(v ssa.Value) map[mcperr.Code]bool {
	if a.path == nil && len(a.controls) == 0 || v.Referrers() == nil {
		return nil
	}
	var out map[mcperr.Code]bool
	uses := []ssa.Value{v}
	for _, ref := range *v.Referrers() {
		switch r := ref.(type) {
		case *ssa.MakeInterface:
			uses = append(uses, r)
		case *ssa.ChangeInterface:
			uses = append(uses, r)
		}
	}
	for _, u := range uses {
		if u.Referrers() == nil {
			continue
		}
		for _, ref := range *u.Referrers() {
			call, ok := ref.(*ssa.Call)
			if !ok || !isErrorsIs(call) || call.Call.Args[0] != u {
				continue
			}
			expr := a.w.res.CallSyntax(call.Pos())
			if expr == nil || len(expr.Args) != 2 {
				continue
			}
			c, ok := sdkapi.CodeValueOf(a.w.info, expr.Args[1])
			if !ok || !a.failed(call) {
				continue
			}
			if out == nil {
				out = map[mcperr.Code]bool{}
			}
			out[c] = true
		}
	}
	return out
}

// failed reports whether the return being followed runs only where test is false.
func (a *acc) failed(test ssa.Value) bool {
	if a.path != nil {
		return a.path.Known(test) == flow.Nil
	}
	for _, c := range a.controls {
		switch {
		case c.Value == test && !c.Taken:
			return true
		case c.Taken:
			if not, ok := c.Value.(*ssa.UnOp); ok && not.Op == token.NOT && not.X == test {
				return true
			}
		}
	}
	return false
}

func isErrorsIs(call *ssa.Call) bool {
	fn := flow.Callee(call)
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "errors" && fn.Name() == "Is" && len(call.Call.Args) == 2
}

func isErrorsAs(call *ssa.Call) bool {
	fn := flow.Callee(call)
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "errors" && fn.Name() == "As" && len(call.Call.Args) == 2
}

// constant records a code constant returned as an error: mcperr.Code is itself an error, and
// returning mcperr.CodeNotFound gives the client that code.
func (a *acc) constant(c *ssa.Const) {
	if c.Value == nil || sdkapi.TypeAPI(c.Type()) != sdkapi.APIErrCodeType {
		return
	}
	n, ok := constant.Int64Val(constant.ToInt(c.Value))
	if !ok {
		return
	}
	code := mcperr.Code(n)
	entry := a.syntaxOf(func(e ast.Expr) bool {
		got, ok := sdkapi.CodeValueOf(a.w.info, e)
		return ok && got == code
	})
	if entry == nil {
		return
	}
	a.add(Item{Produced: Produced{Code: code, By: "the constant " + code.String(), Func: a.fnName(), At: a.w.at(entry.Pos())}, Entry: entry})
}

// syntaxOf finds the expression SSA dropped the position of (a constant, a read of a package
// variable): the first one that matches inside the returned expression, else in the
// function, else the returned expression itself.
func (a *acc) syntaxOf(match func(ast.Expr) bool) ast.Expr {
	find := func(root ast.Node) ast.Expr {
		for n := range ast.Preorder(root) {
			switch e := n.(type) {
			case *ast.SelectorExpr:
				if match(e) {
					return e
				}
			case *ast.Ident:
				if match(e) {
					return e
				}
			}
		}
		return nil
	}
	if a.entry != nil {
		if e := find(a.entry); e != nil {
			return e
		}
	}
	if a.fn != nil && a.fn.node != nil {
		if e := find(a.fn.node); e != nil {
			return e
		}
	}
	return a.entry
}

// param records an error parameter of the summarised function that comes back out.
func (a *acc) param(p *ssa.Parameter) {
	if a.fn == nil || p.Parent() != a.fn.fn || !a.w.errorish(p.Type()) {
		return
	}
	i := slices.Index(p.Parent().Params, p)
	if p.Parent().Signature.Recv() != nil {
		i-- // the receiver is not a parameter
	}
	if i >= 0 {
		a.params[i] = true
	}
}

// load follows a load through addr: a package variable, or a local kept in memory (its
// address taken, captured by a closure, a named result a deferred function sets).
func (a *acc) load(addr ssa.Value) {
	switch x := addr.(type) {
	case *ssa.Global:
		a.global(x)
	case *ssa.Alloc, *ssa.FreeVar:
		a.cell(x)
	}
}

// cell follows what a local kept in memory is given: the values stored into it, here or in
// the closures that capture it, and the errors errors.As(err, &v) finds in it, in source order.
func (a *acc) cell(addr ssa.Value) {
	type given struct {
		pos token.Pos
		val ssa.Value
	}
	var all []given
	root := rootCell(addr, 0)
	for _, ptr := range aliases(root) {
		for _, ref := range flow.Referrers(ptr) {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == ptr {
				all = append(all, given{st.Pos(), st.Val})
			}
		}
		for _, call := range flow.CallsGiven(ptr) {
			if isErrorsAs(call) && isAddressOf(call.Call.Args[1], ptr) {
				all = append(all, given{call.Pos(), call.Call.Args[0]})
			}
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].pos < all[j].pos })
	for _, g := range all {
		a.Walk(g.val)
	}
	if alloc, ok := root.(*ssa.Alloc); ok {
		a.wrapper(alloc)
	}
}

func isAddressOf(arg, addr ssa.Value) bool {
	if mi, ok := arg.(*ssa.MakeInterface); ok {
		arg = mi.X
	}
	return arg == addr
}

// rootCell is the local a free variable stands for: the value bound to it where its closure
// is made, up through enclosing closures.
func rootCell(v ssa.Value, depth int) ssa.Value {
	fv, ok := v.(*ssa.FreeVar)
	if !ok || depth > 8 {
		return v
	}
	if bound := flow.Bindings(fv); len(bound) > 0 {
		return rootCell(bound[0], depth+1)
	}
	return v
}

// aliases are v and the free variables of the closures that capture it, at any depth.
func aliases(v ssa.Value) []ssa.Value {
	out := []ssa.Value{v}
	for i := 0; i < len(out) && i < 64; i++ {
		for _, ref := range flow.Referrers(out[i]) {
			if mc, ok := ref.(*ssa.MakeClosure); ok {
				for _, fv := range flow.BoundTo(mc, out[i]) {
					out = append(out, fv)
				}
			}
		}
	}
	return out
}

// wrapper follows the error fields of a value of an error type with an Unwrap method.
func (a *acc) wrapper(alloc *ssa.Alloc) {
	ptr, ok := alloc.Type().Underlying().(*types.Pointer)
	if !ok || !a.w.errorish(alloc.Type()) && !a.w.errorish(ptr.Elem()) || !hasUnwrap(ptr.Elem()) {
		return
	}
	for _, ref := range flow.Referrers(alloc) {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || !a.w.errorish(fa.Type().(*types.Pointer).Elem()) {
			continue
		}
		a.WalkStored(fa)
	}
}

func hasUnwrap(t types.Type) bool {
	for _, tt := range []types.Type{t, types.NewPointer(t)} {
		ms := types.NewMethodSet(tt)
		if sel := ms.Lookup(nil, "Unwrap"); sel != nil {
			return true
		}
	}
	return false
}

// global follows a package-level variable: a sentinel error such as
// var ErrGone = mcperr.NotFound("gone"). The error enters the function where it is read.
func (a *acc) global(g *ssa.Global) {
	w := a.w
	v, ok := g.Object().(*types.Var)
	if !ok {
		return
	}
	name := v.Pkg().Name() + "." + v.Name()
	entry := a.syntaxOf(func(e ast.Expr) bool {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			return w.info.Uses[x.Sel] == v
		case *ast.Ident:
			return w.info.Uses[x] == v
		}
		return false
	})
	if entry == nil {
		return
	}
	if g.Pkg == w.res.Package() {
		a.from(w.varSummary(g), entry, name)
		return
	}
	if f := w.fact(v); f != nil {
		a.fromFact(f, entry, name, nil)
	}
}

// varSummary summarises a package-level variable of this package from what the package
// stores into it.
func (w *walker) varSummary(g *ssa.Global) *Summary {
	if s, ok := w.vars[g]; ok {
		return s
	}
	w.vars[g] = nil // a variable initialised from itself reads as nothing
	a := w.newAcc(nil)
	v := g.Object().(*types.Var)
	a.owner = v.Pkg().Name() + "." + v.Name()
	a.entry = w.declIdent(v)
	for _, val := range w.stores[g] {
		a.Walk(val)
	}
	s := a.summary()
	w.vars[g] = s
	return s
}

// declIdent is the identifier that declares v.
func (w *walker) declIdent(v *types.Var) ast.Expr {
	for id, obj := range w.info.Defs {
		if obj == v {
			return id
		}
	}
	return nil
}

// from adds what a summary of this package says, entering at entry.
func (a *acc) from(s *Summary, entry ast.Expr, callee string) {
	if s == nil {
		return
	}
	for _, it := range s.Items {
		a.add(Item{Produced: it.Produced, Entry: entry, Callee: callee})
	}
	if len(s.Opaque) > 0 {
		a.addOpaque(entry)
	}
}

// fromFact adds what another package's fact says, entering at entry. args are the call's
// arguments for the callee's parameters, which the callee may return.
func (a *acc) fromFact(f *ErrorsFact, entry ast.Expr, callee string, args []ssa.Value) {
	for _, p := range f.Produces {
		a.add(Item{Produced: p, Entry: entry, Callee: callee})
	}
	if f.Opaque {
		a.addOpaque(entry)
	}
	for _, i := range f.Params {
		if i < len(args) {
			a.Walk(args[i])
		}
	}
}

// paramArgs are the arguments of call that sig's parameters receive (the receiver of a
// static method call left out).
func paramArgs(call *ssa.Call, sig *types.Signature) []ssa.Value {
	args := call.Call.Args
	n := sig.Params().Len()
	if n > len(args) {
		return nil
	}
	return args[len(args)-n:]
}

// call follows a call's error result (index is the result index for a tuple, -1 otherwise).
func (a *acc) call(call *ssa.Call, index int) {
	w := a.w
	if _, ok := call.Call.Value.(*ssa.Builtin); ok {
		return
	}
	if sig := call.Call.Signature(); index >= 0 {
		if index >= sig.Results().Len() || !w.errorish(sig.Results().At(index).Type()) {
			return
		}
	}
	expr := w.res.CallSyntax(call.Pos())
	if expr == nil {
		return // a call without syntax of its own: nothing to report it at
	}
	if b, ok := sdkapi.BuildOf(w.info, expr); ok {
		a.build(call, expr, b)
		return
	}
	if call.Call.IsInvoke() {
		a.addOpaque(expr)
		return
	}
	callee := w.res.Called(call)
	if callee == nil {
		a.addOpaque(expr)
		return
	}
	obj, _ := callee.Object().(*types.Func)
	if obj != nil {
		obj = obj.Origin()
		if isInterfaceMethod(obj) {
			a.addOpaque(expr)
			return
		}
		if obj.Pkg() != nil {
			switch obj.Pkg().Path() + "." + obj.Name() {
			case "fmt.Errorf":
				a.errorf(call, expr)
				return
			case "errors.Join":
				for _, e := range varargs(call) {
					a.Walk(e)
				}
				return
			}
		}
	}
	var f *function
	var name string
	switch {
	case obj == nil:
		// A function literal, called directly, through a local or through a package
		// variable that holds it.
		f = w.funcs[callee]
		switch fun := ast.Unparen(expr.Fun).(type) {
		case *ast.FuncLit:
			name = "the function literal"
		case *ast.Ident:
			name = fun.Name
		default:
			name = types.ExprString(fun)
		}
	case obj.Pkg() == w.pass.Pkg:
		f = w.byObj[obj]
		if f == nil {
			return // no body here (assembly, or a file the build excluded)
		}
		name = f.name
	default:
		if fact := w.fact(obj); fact != nil {
			a.fromFact(fact, expr, funcName(obj), paramArgs(call, obj.Signature()))
			return
		}
		if w.unsummarised(obj.Pkg()) {
			a.addOpaque(expr)
		}
		return
	}
	if f == nil {
		a.addOpaque(expr)
		return
	}
	s := w.summaryOf(f)
	a.from(s, expr, name)
	if s != nil {
		args := paramArgs(call, f.fn.Signature)
		for _, i := range s.Params {
			if i < len(args) {
				a.Walk(args[i])
			}
		}
	}
}

// varargs are the values passed to call's variadic parameter one by one, in order; nil when
// they were passed as a slice (f(xs...)) or there are none.
func varargs(call *ssa.Call) []ssa.Value {
	sig := call.Call.Signature()
	if !sig.Variadic() || len(call.Call.Args) == 0 {
		return nil
	}
	elems, _ := sliceElems(call.Call.Args[len(call.Call.Args)-1], map[ssa.Value]bool{}, 0)
	return elems
}

// sliceElems lists the elements a slice is built from: a literal (or the array behind a
// variadic call), appends to it, and every way a phi joins; ok is false when some part of
// it cannot be read.
func sliceElems(v ssa.Value, seen map[ssa.Value]bool, depth int) (elems []ssa.Value, ok bool) {
	if depth > 8 {
		return nil, false
	}
	switch x := v.(type) {
	case *ssa.Const:
		return nil, x.IsNil()
	case *ssa.Phi:
		if seen[x] {
			return nil, true // opts = append(opts, ...): its other ways in are being read
		}
		seen[x] = true
		for _, e := range x.Edges {
			es, ok := sliceElems(e, seen, depth+1)
			if !ok {
				return nil, false
			}
			elems = append(elems, es...)
		}
		return elems, true
	case *ssa.Slice:
		alloc, isAlloc := x.X.(*ssa.Alloc)
		if !isAlloc {
			return nil, false
		}
		type at struct {
			i int64
			v ssa.Value
		}
		var stored []at
		for _, ref := range flow.Referrers(alloc) {
			ia, isIndex := ref.(*ssa.IndexAddr)
			if !isIndex {
				continue
			}
			c, isConst := ia.Index.(*ssa.Const)
			if !isConst {
				return nil, false
			}
			i, _ := constant.Int64Val(constant.ToInt(c.Value))
			for _, s := range flow.Stored(ia) {
				stored = append(stored, at{i, s})
			}
		}
		sort.SliceStable(stored, func(i, j int) bool { return stored[i].i < stored[j].i })
		for _, s := range stored {
			elems = append(elems, s.v)
		}
		return elems, true
	case *ssa.Call:
		if b, isBuiltin := x.Call.Value.(*ssa.Builtin); isBuiltin && b.Name() == "append" && len(x.Call.Args) == 2 {
			base, ok := sliceElems(x.Call.Args[0], seen, depth+1)
			if !ok {
				return nil, false
			}
			tail, ok := sliceElems(x.Call.Args[1], seen, depth+1)
			if !ok {
				return nil, false
			}
			return append(base, tail...), true
		}
	}
	return nil, false
}

// unconverted is the value an interface conversion (into any, for a variadic call) was made of.
func unconverted(v ssa.Value) ssa.Value {
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return x.X
	case *ssa.ChangeInterface:
		return x.X
	}
	return v
}

// errorf follows the arguments fmt.Errorf wraps with %w.
func (a *acc) errorf(call *ssa.Call, expr *ast.CallExpr) {
	args := varargs(call)
	wrapped, known := astutil.ErrorfWraps(a.w.info, expr)
	if !known {
		// An unknown format may wrap any of its error arguments.
		for _, arg := range args {
			if a.w.errorish(unconverted(arg).Type()) {
				a.Walk(arg)
			}
		}
		return
	}
	for _, i := range wrapped {
		if i-1 < len(args) {
			a.Walk(args[i-1])
		}
	}
}

// build records an error built by the runtime library.
func (a *acc) build(call *ssa.Call, expr *ast.CallExpr, b sdkapi.ErrorBuild) {
	w := a.w
	reason, set, dynamic := "", false, false
	if sig := call.Call.Signature(); sig.Variadic() && len(call.Call.Args) > 0 {
		reason, set, dynamic = a.optionsReason(call.Call.Args[len(call.Call.Args)-1])
	}
	switch b.API {
	case sdkapi.APIErrWith:
		// e.With(opts...): e's errors, with the reason the options set.
		if len(call.Call.Args) == 0 {
			return
		}
		base := a.sub()
		base.Walk(call.Call.Args[0])
		a.merge(base, func(it *Item) bool {
			if set || dynamic {
				it.Reason, it.ReasonDynamic = reason, dynamic
			}
			return true
		})
		return
	case sdkapi.APIErrClassify:
		// An *mcperr.Error passes unchanged; anything else is classified at run time.
		if len(call.Call.Args) > 0 {
			a.Walk(call.Call.Args[0])
		}
		return
	}
	p := Produced{Code: b.Code, By: buildName(b.Func), Func: a.fnName(), At: w.at(expr.Pos()), Reason: reason, ReasonDynamic: dynamic}
	if b.API == sdkapi.APICallFail {
		p.Fail = true
		if s, ok := constString(w.info, b.ReasonArg); ok {
			p.Reason, p.ReasonDynamic = s, false
		} else {
			p.Reason, p.ReasonDynamic = "", true
		}
	}
	a.add(Item{Produced: p, Entry: expr})
}

// optionsReason reads the reason a variadic list of mcperr options sets: the last one wins.
func (a *acc) optionsReason(slice ssa.Value) (reason string, set, dynamic bool) {
	opts, ok := sliceElems(slice, map[ssa.Value]bool{}, 0)
	if !ok {
		return "", false, true
	}
	for _, o := range opts {
		if r, s, d := a.optionReason(o, 0); s || d {
			reason, set, dynamic = r, s, d
		}
	}
	return reason, set, dynamic
}

// optionReason reads the reason one option sets: a call of the runtime library's options, or
// a local that holds one of several of them (a phi).
func (a *acc) optionReason(o ssa.Value, depth int) (reason string, set, dynamic bool) {
	switch x := o.(type) {
	case *ssa.Const:
		if x.IsNil() {
			return "", false, false
		}
	case *ssa.Call:
		expr := a.w.res.CallSyntax(x.Pos())
		if expr == nil {
			break
		}
		effect, rexpr := sdkapi.OptionOf(a.w.info, expr)
		switch effect {
		case sdkapi.OptionOther:
			return "", false, false
		case sdkapi.OptionReason:
			if s, ok := constString(a.w.info, rexpr); ok {
				return s, true, false
			}
		}
	case *ssa.Phi:
		if depth < 4 {
			for _, e := range x.Edges {
				if r, s, d := a.optionReason(e, depth+1); s || d {
					reason, set, dynamic = r, s, d
				}
			}
			return reason, set, dynamic
		}
	}
	return "", false, true
}

func (a *acc) fnName() string {
	if a.fn == nil {
		return a.owner
	}
	return a.fn.name
}

// fact imports the ErrorsFact of another package's function or variable.
func (w *walker) fact(obj types.Object) *ErrorsFact {
	if f, ok := w.facts[obj]; ok {
		return f
	}
	f := new(ErrorsFact)
	if !w.pass.ImportObjectFact(obj, f) {
		f = nil
	}
	w.facts[obj] = f
	return f
}

// unsummarised reports whether a function of pkg without a fact may still return an
// *mcperr.Error: pkg reaches mcperr but was not analysed (a dependency outside the module).
// The runtime library itself is understood by its API.
func (w *walker) unsummarised(pkg *types.Package) bool {
	if pkg == nil || sdkapi.IsRuntimePackage(pkg) {
		return false
	}
	marked, ok := w.marked[pkg]
	if !ok {
		marked = w.pass.ImportPackageFact(pkg, new(analyzedFact))
		w.marked[pkg] = marked
	}
	return !marked && sdkapi.ReachesErrors(pkg, w.reach)
}

// at is a short, stable position for messages: "dir/file.go:line".
func (w *walker) at(pos token.Pos) string {
	p := w.pass.Fset.Position(pos)
	if !p.IsValid() {
		return ""
	}
	return fmt.Sprintf("%s/%s:%d", filepath.Base(filepath.Dir(p.Filename)), filepath.Base(p.Filename), p.Line)
}

// funcName names a function for messages: "store.Get", "store.(*Store).Get".
func funcName(fn *types.Func) string {
	pkg := ""
	if fn.Pkg() != nil {
		pkg = fn.Pkg().Name() + "."
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return pkg + fn.Name()
	}
	t := recv.Type()
	ptr := false
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	name := types.TypeString(t, func(*types.Package) string { return "" })
	if n, ok := types.Unalias(t).(*types.Named); ok {
		name = n.Obj().Name()
	}
	if ptr {
		return pkg + "(*" + name + ")." + fn.Name()
	}
	return pkg + name + "." + fn.Name()
}

// buildName is how a runtime call reads in messages: "mcperr.NotFound", "call.Fail".
func buildName(fn *types.Func) string {
	if fn.Signature().Recv() != nil {
		return strings.ToLower(recvName(fn)[:1]) + recvName(fn)[1:] + "." + fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

func recvName(fn *types.Func) string {
	t := fn.Signature().Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return "value"
}

func isInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

func constString(info *types.Info, e ast.Expr) (string, bool) {
	if e == nil {
		return "", false
	}
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}
