// Package summary summarises, from the syntax tree, each function of the analysed module
// that returns an error or a marked result (the SDKs' tool result, whose IsError field
// decides what the client sees): per result position, whether every path returns a non-nil
// value, an error-marked or a success result, which parameters it passes through, wraps as the
// error's cause, or drops. Rules read a summary where a handler returns a helper's value
// (`return helpers.NotFoundResult(id), Out{}, nil`, `return res, nil, mapAPIError(err)`)
// and judge it like the literal the helper builds. Summaries cross packages as facts (Func).
//
// It belongs to the flow engine's layer, beside the SSA engine (package flow, whose
// flow.Summary is the nilness shapes of a function's paths) and on the def-use index
// (flow/defuse). Like them it knows no SDK: what a marked result is, and which calls build
// one or an error, come from an Oracle, which recognition (mcpdefs.NewSummaries) supplies. It
// must not import recognition, a rule family, the registry or the driver; internal/layers'
// test pins it.
package summary

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/flow/defuse"
	"github.com/mcplint-go/mcplint/internal/astutil"
)

// Oracle is what the summaries know of the SDKs and the runtime library, from recognition.
type Oracle interface {
	// Skips reports whether a package is summarised at all (the SDKs and the runtime library
	// are not: recognition knows their functions by name).
	Skips(pkg *types.Package) bool
	// IsResult reports whether t is a marked result type.
	IsResult(t types.Type) bool
	// ResultLiteral reads a composite literal: whether it builds a marked result and, when
	// known is true, whether it is marked as an error.
	ResultLiteral(info *types.Info, lit *ast.CompositeLit) (isResult, isError, known bool)
	// ResultConstructor reports whether callee (a call's, typeutil.Callee) builds a marked
	// result (ok) and whether that result is marked as an error.
	ResultConstructor(callee types.Object) (isError, ok bool)
	// ErrorBuild reads a call that builds an error of the runtime library (ok): whether the
	// error is certainly non-nil, and the expressions it carries as its cause.
	ErrorBuild(info *types.Info, call *ast.CallExpr) (nonNil bool, causes []ast.Expr, ok bool)
}

// Value is what one result position of a function holds on every return path.
type Value struct {
	// Known is false for result positions that are neither a tool result nor an error.
	Known bool
	// NonNil: every path returns a value that is certainly not nil, or one of the parameters
	// in PassThrough (non-nil when the caller's argument is).
	NonNil bool
	// IsError: every path returns a tool result marked IsError (tool result positions only).
	IsError bool
	// Success: every path returns a tool result that is not marked IsError.
	Success bool
	// PassThrough are the parameters returned unchanged on some path.
	PassThrough []int
	// Wraps are the parameters every path carries as the error's cause (returned, %w,
	// errors.Join), so errors.Is and errors.As still reach them.
	Wraps []int
	// Drops are the error parameters some path leaves out of the returned error entirely
	// (a new error built without them): the caller's error in hand is lost.
	Drops []int
}

// Func is a function's summary: one Value per result position (Known for
// those that are a tool result or an error).
type Func struct {
	Results []Value
}

func (*Func) AFact() {}

func (s *Func) String() string {
	var parts []string
	for i, v := range s.Results {
		if !v.Known {
			continue
		}
		var flags []string
		for _, f := range []struct {
			on   bool
			name string
		}{{v.NonNil, "nonnil"}, {v.IsError, "iserror"}, {v.Success, "success"}} {
			if f.on {
				flags = append(flags, f.name)
			}
		}
		for _, l := range []struct {
			name string
			idx  []int
		}{{"passes", v.PassThrough}, {"wraps", v.Wraps}, {"drops", v.Drops}} {
			for _, p := range l.idx {
				flags = append(flags, fmt.Sprintf("%s%d", l.name, p))
			}
		}
		parts = append(parts, fmt.Sprintf("%d:%s", i, strings.Join(flags, ",")))
	}
	return "summary(" + strings.Join(parts, " ") + ")"
}

// Result is the summary analyzer's result: the summaries of the package's own functions
// and those imported as facts from other packages of the module.
type Result struct {
	info *types.Info
	// funcs are keyed by the function, or by the package variable that holds one function
	// for the whole run (a method value, a literal, a factory's closure).
	funcs map[types.Object]*Func
}

// Of returns the summary of the function call invokes, or nil when it is not a summarised
// function of the module.
func (s *Result) Of(call *ast.CallExpr) *Func {
	if s == nil || s.info == nil {
		return nil
	}
	switch obj := typeutil.Callee(s.info, call).(type) {
	case *types.Func:
		return s.funcs[obj.Origin()]
	case *types.Var:
		return s.funcs[obj]
	}
	return nil
}

// Held returns the summary of the one function package variable v holds, or nil.
func (s *Result) Held(v *types.Var) *Func {
	if s == nil || v == nil {
		return nil
	}
	return s.funcs[v]
}

// Func returns the summary of fn, or nil.
func (s *Result) Func(fn *types.Func) *Func {
	if s == nil || fn == nil {
		return nil
	}
	return s.funcs[fn.Origin()]
}

// Position returns the summary of result i of the function call invokes, or nil.
func (s *Result) Position(call *ast.CallExpr, i int) *Value {
	f := s.Of(call)
	if f == nil || i < 0 || i >= len(f.Results) || !f.Results[i].Known {
		return nil
	}
	return &f.Results[i]
}

// IsErrorResult reports whether call is a call of a module function that returns an IsError
// tool result on every path (NotFoundResult(id)).
func (s *Result) IsErrorResult(call *ast.CallExpr) bool {
	v := s.Position(call, 0)
	return v != nil && v.IsError && v.NonNil && len(v.PassThrough) == 0
}

// NonNilError reports whether the call of a module function at e certainly returns a non-nil
// error in its position i, given which of its arguments are non-nil errors (argNonNil).
func (s *Result) NonNilError(call *ast.CallExpr, i int, argNonNil func(ast.Expr) bool) bool {
	v := s.Position(call, i)
	if v == nil || !v.NonNil {
		return false
	}
	for _, p := range v.PassThrough {
		if p >= len(call.Args) || argNonNil == nil || !argNonNil(call.Args[p]) {
			return false
		}
	}
	return true
}

// New returns the analyzer that summarises every function of the module that returns a
// marked result or an error, exporting the summaries as facts, with what oracle knows of the
// SDKs. It reports nothing.
func New(oracle Oracle) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "mcpsummaries",
		Doc:              "summarises what each function of the module returns (tool results, errors) for the handler rules",
		URL:              "https://github.com/mcplint-go/mcplint/blob/main/docs/recognition.md",
		RunDespiteErrors: true,
		Requires:         []*analysis.Analyzer{defuse.Analyzer},
		FactTypes:        []analysis.Fact{new(Func)},
		ResultType:       reflect.TypeFor[*Result](),
		Run: func(pass *analysis.Pass) (any, error) {
			res := &Result{info: pass.TypesInfo, funcs: map[types.Object]*Func{}}
			if !flow.InModule(pass.Module, pass.Pkg) || oracle.Skips(pass.Pkg) {
				return res, nil
			}
			for _, of := range pass.AllObjectFacts() {
				if f, ok := of.Fact.(*Func); ok {
					res.funcs[of.Object] = f
				}
			}
			s := &summariser{pass: pass, oracle: oracle, res: res}
			s.run()
			return res, nil
		},
	}
}

type summarised struct {
	// key is the function, or the package variable that holds the literal.
	key     types.Object
	sig     *types.Signature
	ftype   *ast.FuncType
	returns []*ast.ReturnStmt
	// stacks are each return's ancestors inside the body.
	stacks  [][]ast.Node
	assigns map[types.Object][]ast.Expr
}

type summariser struct {
	pass   *analysis.Pass
	oracle Oracle
	flow   *defuse.Index
	res    *Result
	funcs  []*summarised
}

// summarisable reports whether a result type is one summaries describe.
func (s *summariser) summarisable(t types.Type) bool {
	return astutil.IsError(t) || s.oracle.IsResult(t)
}

func (s *summariser) run() {
	flow := s.pass.ResultOf[defuse.Analyzer].(*defuse.Index)
	s.flow = flow
	for _, fn := range flow.Funcs() {
		if fn.Obj == nil {
			continue
		}
		results := fn.Sig.Results()
		wanted := false
		for i := 0; i < results.Len(); i++ {
			if s.summarisable(results.At(i).Type()) {
				wanted = true
			}
		}
		if !wanted {
			continue
		}
		decl := fn.Node.(*ast.FuncDecl)
		s.funcs = append(s.funcs, &summarised{key: fn.Obj, sig: fn.Sig, ftype: decl.Type, returns: fn.Returns, stacks: fn.Stacks, assigns: flow.Assignments(decl.Body, false)})
	}
	aliases := s.heldByVariables(flow)
	// Helpers call helpers declared later in the package: iterate until nothing changes.
	// Summaries only gain facts from round to round, so this ends; the bound is a guard.
	for round := 0; round < 8; round++ {
		changed := false
		for _, f := range s.funcs {
			sum := s.summarise(f)
			if sum == nil {
				continue
			}
			if old := s.res.funcs[f.key]; old == nil || old.String() != sum.String() {
				s.res.funcs[f.key] = sum
				changed = true
			}
		}
		for v, fn := range aliases {
			if sum := s.res.funcs[fn]; sum != nil && s.res.funcs[v] != sum {
				s.res.funcs[v] = sum
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	for _, f := range s.funcs {
		if sum := s.res.funcs[f.key]; sum != nil && f.key.Exported() {
			s.pass.ExportObjectFact(f.key, sum)
		}
	}
	for v := range aliases {
		if sum := s.res.funcs[v]; sum != nil && v.Exported() {
			s.pass.ExportObjectFact(v, sum)
		}
	}
}

// heldByVariables summarises what the package's variables that hold one function for the
// whole run return: `var check = helper` and `var check = (&h{}).check` (aliases of a
// function, returned), `var check = func(...) {...}` and `var check = newChecker()` whose
// every return is one literal (added to s.funcs under the variable). A variable assigned
// anywhere else, or whose address is taken, holds no one function.
func (s *summariser) heldByVariables(ix *defuse.Index) map[*types.Var]types.Object {
	info := s.pass.TypesInfo
	aliases := map[*types.Var]types.Object{}
	written := map[types.Object]bool{}
	for _, file := range s.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok {
						written[info.Uses[id]] = true
					}
				}
			case *ast.UnaryExpr:
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND {
					written[info.Uses[id]] = true
				}
			}
			return true
		})
	}
	for _, file := range s.pass.Files {
		for _, d := range file.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, name := range vs.Names {
					v, ok := info.Defs[name].(*types.Var)
					if !ok || written[v] {
						continue
					}
					if _, isFunc := v.Type().Underlying().(*types.Signature); !isFunc {
						continue
					}
					if obj := s.heldFunction(vs.Values[i]); obj != nil {
						aliases[v] = obj
						continue
					}
					if lit := s.heldLiteral(vs.Values[i]); lit != nil {
						fn := ix.Func(lit)
						if fn == nil {
							continue
						}
						s.funcs = append(s.funcs, &summarised{key: v, sig: fn.Sig, ftype: lit.Type, returns: fn.Returns, stacks: fn.Stacks, assigns: ix.Assignments(lit.Body, false)})
					}
				}
			}
		}
	}
	return aliases
}

// heldFunction is the declared function e names: a function, or a method value.
func (s *summariser) heldFunction(e ast.Expr) types.Object {
	info := s.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if fn, ok := info.Uses[x].(*types.Func); ok {
			return fn.Origin()
		}
	case *ast.SelectorExpr:
		if sel := info.Selections[x]; sel != nil && sel.Kind() == types.MethodVal {
			if fn, ok := sel.Obj().(*types.Func); ok {
				return fn.Origin()
			}
		}
		if fn, ok := info.Uses[x.Sel].(*types.Func); ok && info.Selections[x] == nil {
			return fn.Origin() // pkg.Func
		}
	}
	return nil
}

// heldLiteral is the function literal e is, or that the package function e calls returns on
// its every return (a factory); nil otherwise.
func (s *summariser) heldLiteral(e ast.Expr) *ast.FuncLit {
	info := s.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return x
	case *ast.CallExpr:
		fn, ok := typeutil.Callee(info, x).(*types.Func)
		if !ok || fn.Pkg() != s.pass.Pkg {
			return nil
		}
		f := s.flow.Func(s.declOf(fn))
		if f == nil || len(f.Returns) != 1 || len(f.Returns[0].Results) != 1 {
			return nil
		}
		lit, _ := ast.Unparen(f.Returns[0].Results[0]).(*ast.FuncLit)
		return lit
	}
	return nil
}

// declOf is the declaration of a function of the package, or nil.
func (s *summariser) declOf(fn *types.Func) ast.Node {
	for _, file := range s.pass.Files {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && s.pass.TypesInfo.Defs[fd.Name] == fn {
				return fd
			}
		}
	}
	return nil
}

// bareResults returns, for the bare return f.returns[k] of a function with named results,
// the values the statement just before it assigns to every named result
// (`res, err = NewToolResultError(msg), nil; return`); nil when it is written otherwise.
func (s *summariser) bareResults(f *summarised, k int) []ast.Expr {
	named := f.ftype.Results
	stack := f.stacks[k]
	if named == nil || len(stack) == 0 {
		return nil
	}
	var objs []types.Object
	for _, field := range named.List {
		for _, id := range field.Names {
			objs = append(objs, s.pass.TypesInfo.Defs[id])
		}
	}
	list := astutil.Statements(stack[len(stack)-1])
	if len(objs) == 0 {
		return nil
	}
	for i, st := range list {
		if st != ast.Stmt(f.returns[k]) || i == 0 {
			continue
		}
		as, ok := list[i-1].(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(objs) || len(as.Rhs) != len(objs) {
			return nil
		}
		for j, lhs := range as.Lhs {
			id, ok := ast.Unparen(lhs).(*ast.Ident)
			if !ok || s.pass.TypesInfo.Uses[id] != objs[j] {
				return nil
			}
		}
		return as.Rhs
	}
	return nil
}

// summarise computes f's summary from its return statements; nil when it has none that list
// every result (a bare return counts when the statement before it assigns every named result).
func (s *summariser) summarise(f *summarised) *Func {
	results := f.sig.Results()
	if len(f.returns) == 0 {
		return nil
	}
	resultsOf := make([][]ast.Expr, len(f.returns))
	for k, ret := range f.returns {
		resultsOf[k] = ret.Results
		if len(ret.Results) == 0 {
			resultsOf[k] = s.bareResults(f, k)
		}
		if len(resultsOf[k]) != results.Len() {
			return nil
		}
	}
	sum := &Func{Results: make([]Value, results.Len())}
	nonEmpty := false
	for i := 0; i < results.Len(); i++ {
		t := results.At(i).Type()
		if !s.summarisable(t) {
			continue
		}
		v := &Value{Known: true, NonNil: true, IsError: true, Success: true}
		resultPos := !astutil.IsError(t)
		if !resultPos {
			v.IsError, v.Success = false, false
		}
		wraps := map[int]int{}
		drops := map[int]bool{}
		nilReturns := 0
		for k := range f.returns {
			e := resultsOf[k][i]
			if resultPos {
				r := s.resultOf(f, e, 0)
				v.NonNil = v.NonNil && (r.nonNil || r.param >= 0)
				v.IsError = v.IsError && r.isError
				v.Success = v.Success && r.success
				if r.param >= 0 {
					v.PassThrough = appendUnique(v.PassThrough, r.param)
				}
				continue
			}
			er := s.errorOf(f, e, f.stacks[k], 0)
			v.NonNil = v.NonNil && (er.nonNil || er.param >= 0)
			if er.param >= 0 {
				v.PassThrough = appendUnique(v.PassThrough, er.param)
			}
			for p := range er.wraps {
				wraps[p]++
			}
			if er.isNil {
				nilReturns++ // returns no error, so loses none
			}
			if er.nonNil && !er.unknown {
				for _, p := range s.errorParams(f) {
					if !er.wraps[p] && !er.mentions[p] {
						drops[p] = true
					}
				}
			}
		}
		for p, n := range wraps {
			if n+nilReturns == len(f.returns) {
				v.Wraps = appendUnique(v.Wraps, p)
			}
		}
		for p := range drops {
			v.Drops = appendUnique(v.Drops, p)
		}
		slices.Sort(v.PassThrough)
		slices.Sort(v.Wraps)
		slices.Sort(v.Drops)
		if v.NonNil || v.IsError || v.Success || len(v.Wraps) > 0 || len(v.Drops) > 0 || len(v.PassThrough) > 0 {
			nonEmpty = true
		}
		sum.Results[i] = *v
	}
	if !nonEmpty {
		return nil
	}
	return sum
}

func (s *summariser) errorParams(f *summarised) []int {
	var out []int
	params := f.sig.Params()
	for i := 0; i < params.Len(); i++ {
		if astutil.IsError(params.At(i).Type()) {
			out = append(out, i)
		}
	}
	return out
}

// resultFacts is what one returned tool-result expression is.
type resultFacts struct {
	nonNil, isError, success bool
	param                    int
}

func (s *summariser) resultOf(f *summarised, e ast.Expr, depth int) resultFacts {
	none := resultFacts{param: -1}
	info := s.pass.TypesInfo
	if e == nil || depth > 4 {
		return none
	}
	e = ast.Unparen(e)
	if astutil.IsNil(info, e) {
		return none
	}
	if lit := astutil.CompositeOf(e); lit != nil {
		if isResult, isErr, known := s.oracle.ResultLiteral(info, lit); isResult {
			return resultFacts{nonNil: true, isError: known && isErr, success: known && !isErr, param: -1}
		}
	}
	switch x := e.(type) {
	case *ast.CallExpr:
		if isErr, ok := s.oracle.ResultConstructor(typeutil.Callee(info, x)); ok {
			return resultFacts{nonNil: true, isError: isErr, success: !isErr, param: -1}
		}
		if v := s.res.Position(x, 0); v != nil && len(v.PassThrough) == 0 {
			return resultFacts{nonNil: v.NonNil, isError: v.IsError, success: v.Success, param: -1}
		}
	case *ast.Ident:
		obj := info.Uses[x]
		if i := paramIndex(f.sig, obj); i >= 0 {
			return resultFacts{param: i}
		}
		as := f.assigns[obj]
		if len(as) == 0 || s.flow.Mutated(obj) {
			return none
		}
		out := resultFacts{nonNil: true, isError: true, success: true, param: -1}
		for _, a := range as {
			if a == nil {
				return none
			}
			r := s.resultOf(f, a, depth+1)
			if r.param >= 0 {
				return none
			}
			out.nonNil = out.nonNil && r.nonNil
			out.isError = out.isError && r.isError
			out.success = out.success && r.success
		}
		return out
	}
	return none
}

// errorFacts is what one returned error expression is.
type errorFacts struct {
	nonNil, isNil bool
	// unknown: what the error carries could not be read (a call mcplint does not follow).
	unknown bool
	// param is the parameter returned unchanged, or -1.
	param int
	// wraps are the parameters the error carries as its cause; mentions those whose text it
	// only includes (%v, err.Error()).
	wraps, mentions map[int]bool
}

func (s *summariser) errorOf(f *summarised, e ast.Expr, stack []ast.Node, depth int) errorFacts {
	info := s.pass.TypesInfo
	out := errorFacts{param: -1, wraps: map[int]bool{}, mentions: map[int]bool{}}
	if e == nil || depth > 4 {
		out.unknown = true
		return out
	}
	e = ast.Unparen(e)
	if astutil.IsNil(info, e) {
		out.isNil = true
		return out
	}
	// Which error parameters the expression names at all, and how.
	paramsIn := func(args []ast.Expr, wrapping func(int) bool) {
		for k, a := range args {
			ast.Inspect(a, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				if p := paramIndex(f.sig, info.Uses[id]); p >= 0 && astutil.IsError(f.sig.Params().At(p).Type()) {
					if wrapping(k) && ast.Unparen(a) == id {
						out.wraps[p] = true
					} else {
						out.mentions[p] = true
					}
				}
				return true
			})
		}
	}
	switch x := e.(type) {
	case *ast.Ident:
		obj := info.Uses[x]
		if p := paramIndex(f.sig, obj); p >= 0 {
			out.param = p
			out.wraps[p] = true
			return out
		}
		out.unknown = true
		for _, o := range astutil.TestedNonNil(info, stack) {
			if o == obj {
				out.nonNil = true
			}
		}
		return out
	case *ast.CallExpr:
		switch {
		case astutil.IsPkgFunc(info, x, "errors", "New"):
			out.nonNil = true
			return out
		case astutil.IsPkgFunc(info, x, "errors", "Join"):
			paramsIn(x.Args, func(int) bool { return true })
			out.nonNil = len(out.wraps) > 0 // Join of only nil errors is nil
			out.unknown = true
			return out
		case astutil.IsPkgFunc(info, x, "fmt", "Errorf"):
			out.nonNil = true
			wrapArgs, _ := astutil.ErrorfWraps(info, x)
			paramsIn(x.Args, func(k int) bool { return slices.Contains(wrapArgs, k) })
			return out
		}
		if nonNil, causes, ok := s.oracle.ErrorBuild(info, x); ok {
			out.nonNil = nonNil
			out.unknown = !nonNil
			paramsIn(causes, func(int) bool { return true })
			paramsIn(x.Args, func(int) bool { return false })
			return out
		}
		if v := s.res.Position(x, errorPosition(info, x)); v != nil {
			out.nonNil = v.NonNil
			for _, p := range v.PassThrough {
				if p < len(x.Args) {
					a := s.errorOf(f, x.Args[p], stack, depth+1)
					out.nonNil = out.nonNil && a.nonNil
				}
			}
			for _, p := range v.Wraps {
				if p < len(x.Args) {
					paramsIn(x.Args[p:p+1], func(int) bool { return true })
				}
			}
			// Arguments neither wrapped nor dropped: their text may be in the error.
			for k, a := range x.Args {
				if !containsInt(v.Wraps, k) && !containsInt(v.Drops, k) {
					paramsIn([]ast.Expr{a}, func(int) bool { return false })
				}
			}
			return out
		}
	}
	out.unknown = true
	return out
}

// errorPosition is the index of the error among the results of call's function, or -1.
func errorPosition(info *types.Info, call *ast.CallExpr) int {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil {
		return -1
	}
	r := fn.Signature().Results()
	for i := r.Len() - 1; i >= 0; i-- {
		if astutil.IsError(r.At(i).Type()) {
			return i
		}
	}
	return -1
}

func paramIndex(sig *types.Signature, obj types.Object) int {
	if obj == nil {
		return -1
	}
	params := sig.Params()
	for i := 0; i < params.Len(); i++ {
		if params.At(i) == obj {
			return i
		}
	}
	return -1
}

func appendUnique(s []int, v int) []int {
	if containsInt(s, v) {
		return s
	}
	return append(s, v)
}

func containsInt(s []int, v int) bool { return slices.Contains(s, v) }
