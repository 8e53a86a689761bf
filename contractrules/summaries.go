package contractrules

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/flow/defuse"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/mcperr"
)

// The walker follows each function's returned errors back to where they are built. It is
// flow-insensitive (every assignment of a variable counts), never enters a callee's body
// (callees contribute their summary, or their fact when they live in another package), and
// treats calls it cannot resolve (interface methods, function values) as opaque: they may
// return anything, which is not the same as returning nothing.

// function is one function declaration or literal of the package.
type function struct {
	*defuse.Func
	name string // for messages: "store.(*Store).Get", "a function literal in tools.New"
	// errs are the indexes of results that can hold an error; none means the function is
	// not summarised.
	errs    []int
	summary *Summary
	state   int // 0 not started, 1 in progress, 2 done
}

type walker struct {
	pass    *analysis.Pass
	info    *types.Info
	flow    *defuse.Index
	funcs   map[ast.Node]*function
	ordered []*function // in source order, for deterministic output
	pkgVars []*types.Var
	// tested records errors.Is(v, mcperr.CodeX) tests: code X of v is handled apart, so
	// returning v elsewhere does not return X.
	tested map[types.Object]map[mcperr.Code]bool
	vars   map[*types.Var]*Summary
	cyclic bool
	reach  map[*types.Package]bool
	facts  map[types.Object]*ErrorsFact
	marked map[*types.Package]bool
	errIfc *types.Interface
}

func newWalker(pass *analysis.Pass, flow *defuse.Index) *walker {
	return &walker{
		pass:   pass,
		info:   pass.TypesInfo,
		flow:   flow,
		funcs:  map[ast.Node]*function{},
		vars:   map[*types.Var]*Summary{},
		tested: map[types.Object]map[mcperr.Code]bool{},
		reach:  map[*types.Package]bool{},
		facts:  map[types.Object]*ErrorsFact{},
		marked: map[*types.Package]bool{},
		errIfc: types.Universe.Lookup("error").Type().Underlying().(*types.Interface),
	}
}

// run summarises every function of the package, from the shared def-use index.
func (w *walker) run() {
	for _, fn := range w.flow.Funcs() {
		f := &function{Func: fn}
		switch {
		case fn.Obj != nil:
			f.name = funcName(fn.Obj)
		case fn.Decl != nil:
			f.name = "a function literal in " + funcName(fn.Decl.Obj)
		default:
			f.name = "a function literal in package " + w.pass.Pkg.Name()
		}
		for i := 0; i < fn.Sig.Results().Len(); i++ {
			if w.errorish(fn.Sig.Results().At(i).Type()) {
				f.errs = append(f.errs, i)
			}
		}
		w.funcs[fn.Node] = f
		w.ordered = append(w.ordered, f)
	}
	for _, v := range w.flow.PackageVars() {
		if w.errorish(v.Type()) {
			w.pkgVars = append(w.pkgVars, v)
		}
	}
	// errors.Is(err, mcperr.CodeX): the function handles code X of err apart.
	for _, file := range w.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || !astutil.IsPkgFunc(w.info, call, "errors", "Is") || len(call.Args) != 2 {
				return true
			}
			id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
			if !ok {
				return true
			}
			if c, ok := sdkapi.CodeValueOf(w.info, call.Args[1]); ok {
				if obj := w.info.Uses[id]; obj != nil {
					if w.tested[obj] == nil {
						w.tested[obj] = map[mcperr.Code]bool{}
					}
					w.tested[obj][c] = true
				}
			}
			return true
		})
	}
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

// defs lists the values v is given (what the shared index records with an expression: not a
// zero-value declaration, not an escaping &v).
func (w *walker) defs(v types.Object) []defuse.Def {
	var out []defuse.Def
	for _, d := range w.flow.Defs(v) {
		if d.Rhs != nil {
			out = append(out, d)
		}
	}
	return out
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
	// visiting guards variables against assignment cycles (err = wrap(err)).
	visiting map[types.Object]bool
}

func (w *walker) newAcc(fn *function) *acc {
	return &acc{w: w, fn: fn, seen: map[Produced]map[token.Pos]bool{}, params: map[int]bool{}, visiting: map[types.Object]bool{}}
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

// compute summarises f from its return statements.
func (w *walker) compute(f *function) *Summary {
	a := w.newAcc(f)
	n := f.Sig.Results().Len()
	// Named error results: whatever is assigned to them is returned, by a bare return or
	// because a deferred closure sets them after the return statement ran.
	for _, i := range f.errs {
		if v := f.Sig.Results().At(i); v.Name() != "" && v.Name() != "_" {
			a.object(v, nil)
		}
	}
	for _, ret := range f.Returns {
		switch len(ret.Results) {
		case n:
			for _, i := range f.errs {
				a.expr(ret.Results[i])
			}
		case 1:
			// return f() where f returns the same tuple.
			a.expr(ret.Results[0])
		}
	}
	return a.summary()
}

// expr follows an expression that may hold an error.
func (a *acc) expr(e ast.Expr) {
	w := a.w
	if e == nil {
		return
	}
	if c, ok := sdkapi.CodeValueOf(w.info, e); ok {
		a.add(Item{Produced: Produced{Code: c, By: "the constant " + c.String(), Func: a.fnName(), At: w.at(e.Pos())}, Entry: e})
		return
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj := w.info.Uses[x]
		if obj == nil {
			obj = w.info.Defs[x]
		}
		a.object(obj, x)
	case *ast.SelectorExpr:
		if w.info.Selections[x] != nil {
			return // a field or method value: data the analysis does not follow
		}
		a.object(w.info.Uses[x.Sel], x)
	case *ast.CallExpr:
		a.call(x, -1)
	case *ast.TypeAssertExpr:
		a.expr(x.X)
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			a.expr(x.X)
		}
	case *ast.CompositeLit:
		a.wrapper(x)
	}
}

// wrapper follows a literal of an error type with an Unwrap method: errors.As (and so the
// wire layer) finds the *mcperr.Error inside it.
func (a *acc) wrapper(lit *ast.CompositeLit) {
	t := a.w.info.TypeOf(lit)
	if t == nil || !hasUnwrap(t) {
		return
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			elt = kv.Value
		}
		if a.w.errorish(a.w.info.TypeOf(elt)) {
			a.expr(elt)
		}
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

// object follows a named value: a parameter, a local or package-level variable, a constant.
// at is where it is read (nil for a bare return's named result).
func (a *acc) object(obj types.Object, at ast.Expr) {
	w := a.w
	v, ok := obj.(*types.Var)
	if !ok || v.IsField() {
		return
	}
	if a.fn != nil {
		params := a.fn.Sig.Params()
		for i := 0; i < params.Len(); i++ {
			if params.At(i) == v {
				if w.errorish(v.Type()) {
					a.params[i] = true
				}
				return
			}
		}
	}
	if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
		a.pkgVar(v, at)
		return
	}
	if a.visiting[v] {
		return
	}
	a.visiting[v] = true
	defer delete(a.visiting, v)
	into := a
	handled := w.tested[v]
	if len(handled) > 0 {
		into = w.newAcc(a.fn)
		into.visiting, into.params = a.visiting, a.params
	}
	for _, as := range w.defs(v) {
		if as.Index >= 0 {
			into.tuple(as.Rhs, as.Index)
		} else {
			into.expr(as.Rhs)
		}
	}
	if into != a {
		for _, it := range into.items {
			if !handled[it.Code] {
				a.add(it)
			}
		}
		for _, o := range into.opaque {
			a.addOpaque(o)
		}
	}
}

// tuple follows result index i of a multi-value expression.
func (a *acc) tuple(e ast.Expr, i int) {
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		a.call(x, i)
	case *ast.TypeAssertExpr:
		if i == 0 {
			a.expr(x.X)
		}
	}
}

// pkgVar follows a package-level variable: a sentinel error such as
// var ErrGone = mcperr.NotFound("gone"). The error enters the function where it is read.
func (a *acc) pkgVar(v *types.Var, at ast.Expr) {
	w := a.w
	if at == nil {
		return
	}
	name := v.Pkg().Name() + "." + v.Name()
	if v.Pkg() == w.pass.Pkg {
		if a.visiting[v] {
			return
		}
		a.visiting[v] = true
		s := w.varSummary(v)
		delete(a.visiting, v)
		a.from(s, at, name)
		return
	}
	if f := w.fact(v); f != nil {
		a.fromFact(f, at, name, nil)
	}
}

// varSummary summarises a package-level variable of this package from its assignments.
func (w *walker) varSummary(v *types.Var) *Summary {
	if s, ok := w.vars[v]; ok {
		return s
	}
	w.vars[v] = nil // a variable initialised from itself reads as nothing
	a := w.newAcc(nil)
	a.owner = v.Pkg().Name() + "." + v.Name()
	a.visiting[v] = true
	for _, as := range w.defs(v) {
		if as.Index >= 0 {
			a.tuple(as.Rhs, as.Index)
		} else {
			a.expr(as.Rhs)
		}
	}
	s := a.summary()
	w.vars[v] = s
	return s
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
// arguments, for parameters the callee returns.
func (a *acc) fromFact(f *ErrorsFact, entry ast.Expr, callee string, args []ast.Expr) {
	for _, p := range f.Produces {
		a.add(Item{Produced: p, Entry: entry, Callee: callee})
	}
	if f.Opaque {
		a.addOpaque(entry)
	}
	for _, i := range f.Params {
		if i < len(args) {
			a.expr(args[i])
		}
	}
}

// call follows a call's error result (index is the result index for a tuple, -1 otherwise).
func (a *acc) call(call *ast.CallExpr, index int) {
	w := a.w
	if tv, ok := w.info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 {
			a.expr(call.Args[0]) // a conversion: error(e)
		}
		return
	}
	if t := w.info.TypeOf(call.Fun); index >= 0 && t != nil {
		if sig, ok := t.Underlying().(*types.Signature); ok {
			if index >= sig.Results().Len() || !w.errorish(sig.Results().At(index).Type()) {
				return
			}
		}
	}
	if b, ok := sdkapi.BuildOf(w.info, call); ok {
		a.build(call, b)
		return
	}
	switch fn := typeutil.Callee(w.info, call).(type) {
	case *types.Builtin:
		return
	case *types.Func:
		switch {
		case astutil.IsPkgFunc(w.info, call, "fmt", "Errorf"):
			a.errorf(call)
		case astutil.IsPkgFunc(w.info, call, "errors", "Join"):
			for _, arg := range call.Args {
				a.expr(arg)
			}
		case isInterfaceMethod(fn):
			a.addOpaque(call)
		default:
			a.static(call, fn)
		}
	case *types.Var:
		a.funcValue(call, fn)
	default:
		if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
			a.from(w.summaryOf(w.funcs[lit]), call, "the function literal")
			return
		}
		a.addOpaque(call)
	}
}

// static follows a call of a function or concrete method.
func (a *acc) static(call *ast.CallExpr, fn *types.Func) {
	w := a.w
	fn = fn.Origin()
	if fn.Pkg() == w.pass.Pkg {
		var f *function
		if d := w.flow.Decl(fn); d != nil {
			f = w.funcs[d.Node]
		}
		if f == nil {
			return // no body here (assembly, or a file the build excluded)
		}
		s := w.summaryOf(f)
		a.from(s, call, f.name)
		if s != nil {
			for _, i := range s.Params {
				if i < len(call.Args) {
					a.expr(call.Args[i])
				}
			}
		}
		return
	}
	if f := w.fact(fn); f != nil {
		a.fromFact(f, call, funcName(fn), call.Args)
		return
	}
	if w.unsummarised(fn.Pkg()) {
		a.addOpaque(call)
	}
}

// funcValue follows a call through a variable: resolved when the variable is only ever
// given one function literal or one function or concrete method, opaque otherwise.
func (a *acc) funcValue(call *ast.CallExpr, v *types.Var) {
	w := a.w
	as := w.defs(v)
	if len(as) != 1 || as[0].Index >= 0 || v.Parent() == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		a.addOpaque(call)
		return
	}
	switch x := ast.Unparen(as[0].Rhs).(type) {
	case *ast.FuncLit:
		a.from(w.summaryOf(w.funcs[x]), call, v.Name())
		return
	case *ast.Ident, *ast.SelectorExpr:
		var id *ast.Ident
		if sel, ok := x.(*ast.SelectorExpr); ok {
			if s := w.info.Selections[sel]; s != nil && (s.Kind() != types.MethodVal || types.IsInterface(s.Recv())) {
				break // a field, or a method of an interface value
			}
			id = sel.Sel
		} else {
			id = x.(*ast.Ident)
		}
		if fn, ok := w.info.Uses[id].(*types.Func); ok && !isInterfaceMethod(fn) {
			a.static(call, fn)
			return
		}
	}
	a.addOpaque(call)
}

// build records an error built by the runtime library.
func (a *acc) build(call *ast.CallExpr, b sdkapi.ErrorBuild) {
	w := a.w
	reason, set, dynamic := a.optionsReason(b.Options, b.Spread)
	switch b.API {
	case sdkapi.APIErrWith:
		// e.With(opts...): e's errors, with the reason the options set.
		base := w.newAcc(a.fn)
		base.visiting = a.visiting
		base.expr(b.Base)
		for _, it := range base.items {
			if set || dynamic {
				it.Reason, it.ReasonDynamic = reason, dynamic
			}
			a.add(it)
		}
		for _, o := range base.opaque {
			a.addOpaque(o)
		}
		for i := range base.params {
			a.params[i] = true
		}
		return
	case sdkapi.APIErrClassify:
		a.expr(b.Base) // an *mcperr.Error passes unchanged; anything else is classified at run time
		return
	}
	p := Produced{Code: b.Code, By: buildName(b.Func), Func: a.fnName(), At: w.at(call.Pos()), Reason: reason, ReasonDynamic: dynamic}
	if b.API == sdkapi.APICallFail {
		p.Fail = true
		if s, ok := constString(w.info, b.ReasonArg); ok {
			p.Reason, p.ReasonDynamic = s, false
		} else {
			p.Reason, p.ReasonDynamic = "", true
		}
	}
	a.add(Item{Produced: p, Entry: call})
}

// optionsReason reads the reason a list of mcperr options sets: the last one wins.
func (a *acc) optionsReason(opts []ast.Expr, spread bool) (reason string, set, dynamic bool) {
	for i, o := range opts {
		if spread && i == len(opts)-1 {
			r, s, d := a.sliceReason(o)
			if s || d {
				reason, set, dynamic = r, s, d
			}
			continue
		}
		r, s, d := a.optionReason(o, 0)
		if s || d {
			reason, set, dynamic = r, s, d
		}
	}
	return reason, set, dynamic
}

func (a *acc) optionReason(o ast.Expr, depth int) (reason string, set, dynamic bool) {
	w := a.w
	effect, rexpr := sdkapi.OptionOf(w.info, o)
	switch effect {
	case sdkapi.OptionOther:
		return "", false, false
	case sdkapi.OptionReason:
		if s, ok := constString(w.info, rexpr); ok {
			return s, true, false
		}
		return "", false, true
	}
	// A local variable given known options only: read them.
	if id, ok := ast.Unparen(o).(*ast.Ident); ok && depth < 4 {
		if as := w.defs(w.info.Uses[id]); len(as) > 0 {
			for _, as := range as {
				if as.Index >= 0 {
					return "", false, true
				}
				if r, s, d := a.optionReason(as.Rhs, depth+1); s || d {
					reason, set, dynamic = r, s, d
				}
			}
			return reason, set, dynamic
		}
	}
	return "", false, true
}

// sliceReason reads a spread option slice built from a literal or appends in this function.
func (a *acc) sliceReason(e ast.Expr) (reason string, set, dynamic bool) {
	w := a.w
	var elems []ast.Expr
	seen := map[types.Object]bool{}
	var collect func(e ast.Expr, depth int) bool
	collect = func(e ast.Expr, depth int) bool {
		if depth > 8 {
			return false
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.CompositeLit:
			elems = append(elems, x.Elts...)
			return true
		case *ast.Ident:
			obj := w.info.Uses[x]
			if seen[obj] {
				return true // opts = append(opts, ...): its other assignments are being read
			}
			seen[obj] = true
			as := w.defs(obj)
			if len(as) == 0 {
				return false
			}
			for _, as := range as {
				if as.Index >= 0 || !collect(as.Rhs, depth+1) {
					return false
				}
			}
			return true
		case *ast.CallExpr:
			if b, ok := w.info.Uses[astutil.NameIdent(x.Fun)].(*types.Builtin); ok && b.Name() == "append" && len(x.Args) > 0 && !x.Ellipsis.IsValid() {
				elems = append(elems, x.Args[1:]...)
				return collect(x.Args[0], depth+1)
			}
		}
		return false
	}
	if !collect(e, 0) {
		return "", false, true
	}
	return a.optionsReason(elems, false)
}

// errorf follows the arguments fmt.Errorf wraps with %w.
func (a *acc) errorf(call *ast.CallExpr) {
	wrapped, known := astutil.ErrorfWraps(a.w.info, call)
	if !known {
		// An unknown format may wrap any of its error arguments.
		for _, arg := range call.Args[1:] {
			if a.w.errorish(a.w.info.TypeOf(arg)) {
				a.expr(arg)
			}
		}
		return
	}
	for _, i := range wrapped {
		a.expr(call.Args[i])
	}
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
