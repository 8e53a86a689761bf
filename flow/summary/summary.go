// Package summary summarises each function of the analysed module
// that returns an error or a marked result (the SDKs' tool result, whose IsError field
// decides what the client sees): per result position, whether every path returns a non-nil
// value, an error-marked or a success result, which parameters it passes through, wraps as the
// error's cause, or drops. Rules read a summary where a handler returns a helper's value
// (`return helpers.NotFoundResult(id), Out{}, nil`, `return res, nil, mapAPIError(err)`)
// and judge it like the literal the helper builds. Summaries cross packages as facts (Func).
//
// It belongs to the flow engine's layer and asks the SSA engine (package flow, whose
// flow.Summary is the nilness shapes of a function's paths): a summary is read path by path
// from flow.Result.ReturnPaths, so an error cleared on one path, a bare return, a local
// assigned in two branches and a function held by a package variable are all the engine's
// answers, not patterns over syntax. Like flow it knows no SDK: what a marked result is, and which calls build
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
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/flow"
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

// PassOracle is an Oracle that knows more of some packages than of others (the server's own
// result types recognition found in them): the summariser asks it for each package's oracle.
type PassOracle interface {
	Oracle
	ForPass(pass *analysis.Pass) Oracle
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
// SDKs. engine is the flow analyzer the summaries ask (recognition's, so that a package's SSA
// is built once); requires are the analyzers a PassOracle reads. It reports nothing.
func New(oracle Oracle, engine *analysis.Analyzer, requires ...*analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "mcpsummaries",
		Doc:              "summarises what each function of the module returns (tool results, errors) for the handler rules",
		URL:              "https://github.com/mcplint-go/mcplint/blob/main/docs/recognition.md",
		RunDespiteErrors: true,
		Requires:         append([]*analysis.Analyzer{engine}, requires...),
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
			fr := pass.ResultOf[engine].(*flow.Result)
			if fr.Package() == nil {
				return res, nil // no SSA (type errors): nothing is known of its functions
			}
			o := oracle
			if po, ok := oracle.(PassOracle); ok {
				o = po.ForPass(pass)
			}
			s := &summariser{pass: pass, oracle: o, fr: fr, res: res}
			s.run()
			return res, nil
		},
	}
}

// summarised is one function to summarise, under its key: the function's object, or the
// package variable that holds it (a literal, a factory's closure).
type summarised struct {
	key   types.Object
	fn    *ssa.Function
	paths []flow.Path
	// params are fn's declared parameters, the receiver left out, as callers index them.
	params []*ssa.Parameter
}

type summariser struct {
	pass   *analysis.Pass
	oracle Oracle
	fr     *flow.Result
	res    *Result
	funcs  []*summarised
	// lits index the package's composite literals by their left brace, the position SSA
	// gives a literal's allocation, so the oracle can read the syntax it knows (calls come
	// from fr.CallSyntax).
	lits map[token.Pos]*ast.CompositeLit
}

// summarisable reports whether a result type is one summaries describe.
func (s *summariser) summarisable(t types.Type) bool {
	return astutil.IsError(t) || s.oracle.IsResult(t)
}

func (s *summariser) wanted(sig *types.Signature) bool {
	results := sig.Results()
	for i := 0; i < results.Len(); i++ {
		if s.summarisable(results.At(i).Type()) {
			return true
		}
	}
	return false
}

func (s *summariser) add(key types.Object, fn *ssa.Function) {
	paths, complete := s.fr.ReturnPaths(fn)
	if !complete || len(paths) == 0 {
		return
	}
	params := fn.Params
	if fn.Signature.Recv() != nil && len(params) > 0 {
		params = params[1:]
	}
	s.funcs = append(s.funcs, &summarised{key: key, fn: fn, paths: paths, params: params})
}

func (s *summariser) run() {
	fns := s.fr.Functions()
	slices.SortFunc(fns, func(a, b *ssa.Function) int { return int(a.Pos() - b.Pos()) })
	for _, fn := range fns {
		obj, ok := fn.Object().(*types.Func)
		if _, decl := fn.Syntax().(*ast.FuncDecl); !ok || !decl || !s.wanted(fn.Signature) {
			continue
		}
		s.add(obj, fn)
	}
	aliases := s.heldByVariables()
	if len(s.funcs) == 0 && len(aliases) == 0 {
		return
	}
	s.index()
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

// heldByVariables reads the package variables that hold one function for the whole run (the
// engine's answer, flow.Result.HeldBy): a declared function or a method value is an alias of
// that function's summary; a literal or a factory's closure is summarised under the variable.
func (s *summariser) heldByVariables() map[*types.Var]types.Object {
	aliases := map[*types.Var]types.Object{}
	pkg := s.fr.Package()
	var globals []*ssa.Global
	for _, m := range pkg.Members {
		if g, ok := m.(*ssa.Global); ok {
			globals = append(globals, g)
		}
	}
	slices.SortFunc(globals, func(a, b *ssa.Global) int { return int(a.Pos() - b.Pos()) })
	for _, g := range globals {
		v, ok := g.Object().(*types.Var)
		if !ok {
			continue
		}
		sig, isFunc := v.Type().Underlying().(*types.Signature)
		if !isFunc || !s.wanted(sig) {
			continue
		}
		held := s.fr.HeldBy(g)
		if held == nil {
			continue
		}
		if obj, ok := held.Object().(*types.Func); ok {
			aliases[v] = obj.Origin()
			continue
		}
		s.add(v, held)
	}
	return aliases
}

// index records the package's composite literals by position.
func (s *summariser) index() {
	s.lits = map[token.Pos]*ast.CompositeLit{}
	for _, file := range s.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			if x, ok := n.(*ast.CompositeLit); ok {
				s.lits[x.Lbrace] = x
			}
			return true
		})
	}
}

// summarise computes f's summary from its paths; nil when it says nothing.
func (s *summariser) summarise(f *summarised) *Func {
	results := f.fn.Signature.Results()
	sum := &Func{Results: make([]Value, results.Len())}
	nonEmpty := false
	for i := 0; i < results.Len(); i++ {
		t := results.At(i).Type()
		if !s.summarisable(t) {
			continue
		}
		var v *Value
		if astutil.IsError(t) {
			v = s.errorPosition(f, i)
		} else {
			v = s.resultPosition(f, i)
		}
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

// resultPosition summarises tool result i over every path.
func (s *summariser) resultPosition(f *summarised, i int) *Value {
	v := &Value{Known: true, NonNil: true, IsError: true, Success: true}
	for _, p := range f.paths {
		o := p.Results[i]
		r := s.resultOf(f, o.Value, 0)
		v.NonNil = v.NonNil && (r.nonNil || o.Nil == flow.NonNil || r.param >= 0)
		v.IsError = v.IsError && r.isError
		v.Success = v.Success && r.success
		if r.param >= 0 {
			v.PassThrough = appendUnique(v.PassThrough, r.param)
		}
	}
	slices.Sort(v.PassThrough)
	return v
}

// errorPosition summarises error result i over every path.
func (s *summariser) errorPosition(f *summarised, i int) *Value {
	v := &Value{Known: true, NonNil: true}
	wraps := map[int]int{}
	drops := map[int]bool{}
	nilPaths := 0
	for _, p := range f.paths {
		o := p.Results[i]
		er := s.errorOf(f, o.Value, 0)
		if o.Nil == flow.Nil {
			er = errorFacts{isNil: true, param: -1}
		}
		if o.Nil == flow.NonNil && !er.isNil {
			er.nonNil = true
		}
		v.NonNil = v.NonNil && (er.nonNil || er.param >= 0)
		if er.param >= 0 {
			v.PassThrough = appendUnique(v.PassThrough, er.param)
		}
		if er.isNil {
			nilPaths++ // returns no error, so loses none
		}
		errParams := s.errorParams(f)
		for q := range er.wraps {
			if !slices.Contains(errParams, q) {
				wraps[q]++ // a parameter of a concrete error type, returned as it is
			}
		}
		for _, q := range errParams {
			switch {
			case er.isNil:
			case er.wraps[q] || p.Known(f.params[q]) == flow.Nil:
				// Carried as the cause, or nil on this path: nothing of it is lost.
				wraps[q]++
			case er.nonNil && !er.unknown && !er.mentions[q]:
				drops[q] = true
			}
		}
	}
	for q, n := range wraps {
		if n+nilPaths == len(f.paths) {
			v.Wraps = appendUnique(v.Wraps, q)
		}
	}
	for q := range drops {
		v.Drops = appendUnique(v.Drops, q)
	}
	slices.Sort(v.PassThrough)
	slices.Sort(v.Wraps)
	slices.Sort(v.Drops)
	return v
}

func (s *summariser) errorParams(f *summarised) []int {
	var out []int
	for i, p := range f.params {
		if astutil.IsError(p.Type()) {
			out = append(out, i)
		}
	}
	return out
}

// paramIndex is the index of v among f's declared parameters, or -1.
func paramIndex(f *summarised, v ssa.Value) int {
	p, ok := v.(*ssa.Parameter)
	if !ok {
		return -1
	}
	return slices.Index(f.params, p)
}

// resultFacts is what one returned tool-result value is.
type resultFacts struct {
	nonNil, isError, success bool
	param                    int
}

func (s *summariser) resultOf(f *summarised, v ssa.Value, depth int) resultFacts {
	none := resultFacts{param: -1}
	if v == nil || depth > 4 {
		return none
	}
	v = flow.Core(v)
	if flow.IsNilConst(v) {
		return none
	}
	if i := paramIndex(f, v); i >= 0 {
		return resultFacts{param: i}
	}
	switch x := v.(type) {
	case *ssa.Alloc:
		if lit := s.lits[x.Pos()]; lit != nil {
			if isResult, isErr, known := s.oracle.ResultLiteral(s.pass.TypesInfo, lit); isResult {
				return resultFacts{nonNil: true, isError: known && isErr, success: known && !isErr, param: -1}
			}
		}
	case *ssa.Phi:
		// Paths the engine merged: every value that flows in must agree.
		out := resultFacts{nonNil: true, isError: true, success: true, param: -1}
		for _, e := range x.Edges {
			r := s.resultOf(f, e, depth+1)
			if r.param >= 0 {
				return none
			}
			out.nonNil, out.isError, out.success = out.nonNil && r.nonNil, out.isError && r.isError, out.success && r.success
		}
		return out
	}
	call := flow.CallOf(v)
	if call == nil {
		return none
	}
	if isErr, ok := s.oracle.ResultConstructor(s.fr.CalleeOf(call)); ok {
		return resultFacts{nonNil: true, isError: isErr, success: !isErr, param: -1}
	}
	if r := s.position(call, 0); r != nil && len(r.PassThrough) == 0 {
		return resultFacts{nonNil: r.NonNil, isError: r.IsError, success: r.Success, param: -1}
	}
	return none
}

// errorFacts is what one returned error value is.
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

func (s *summariser) errorOf(f *summarised, v ssa.Value, depth int) errorFacts {
	out := errorFacts{param: -1, wraps: map[int]bool{}, mentions: map[int]bool{}}
	if v == nil || depth > 4 {
		out.unknown = true
		return out
	}
	v = flow.Core(v)
	if flow.IsNilConst(v) {
		out.isNil = true
		return out
	}
	if p := paramIndex(f, v); p >= 0 {
		out.param = p
		out.wraps[p] = true
		return out
	}
	call := flow.CallOf(v)
	if call == nil {
		out.unknown = true
		return out
	}
	args := flow.Arguments(call)
	switch {
	case flow.CallsFunc(call, "errors", "New"):
		out.nonNil = true
		return out
	case flow.CallsFunc(call, "errors", "Join"):
		s.paramsIn(f, &out, args, func(int) bool { return true })
		out.nonNil = len(out.wraps) > 0 // Join of only nil errors is nil
		out.unknown = true
		return out
	case flow.CallsFunc(call, "fmt", "Errorf"):
		out.nonNil = true
		var wrapArgs []int
		if syn := s.fr.CallSyntax(call.Pos()); syn != nil {
			wrapArgs, _ = astutil.ErrorfWraps(s.pass.TypesInfo, syn)
		}
		s.paramsIn(f, &out, args, func(k int) bool { return slices.Contains(wrapArgs, k) })
		return out
	}
	if syn := s.fr.CallSyntax(call.Pos()); syn != nil {
		if nonNil, causes, ok := s.oracle.ErrorBuild(s.pass.TypesInfo, syn); ok {
			out.nonNil = nonNil
			out.unknown = !nonNil
			s.syntaxParamsIn(f, &out, causes, true)
			s.syntaxParamsIn(f, &out, syn.Args, false)
			return out
		}
	}
	pos := errorResult(call)
	if x, ok := v.(*ssa.Extract); ok {
		pos = x.Index
	}
	if r := s.position(call, pos); r != nil {
		out.nonNil = r.NonNil
		for _, p := range r.PassThrough {
			if p < len(args) {
				out.nonNil = out.nonNil && s.errorOf(f, args[p], depth+1).nonNil
			}
		}
		for k := range args {
			switch {
			case slices.Contains(r.Wraps, k):
				s.paramsIn(f, &out, args[k:k+1], func(int) bool { return true })
			case !slices.Contains(r.Drops, k):
				// Arguments neither wrapped nor dropped: their text may be in the error.
				s.paramsIn(f, &out, args[k:k+1], func(int) bool { return false })
			}
		}
		return out
	}
	out.unknown = true
	return out
}

// paramsIn records the error parameters args carry: an argument that is the parameter itself
// is wrapped when wrapping(k) says so; one built from it (err.Error(), a string that
// includes it) only mentions it.
func (s *summariser) paramsIn(f *summarised, out *errorFacts, args []ssa.Value, wrapping func(int) bool) {
	for k, a := range args {
		if a == nil {
			continue
		}
		if p := paramIndex(f, flow.Core(a)); p >= 0 && astutil.IsError(f.params[p].Type()) {
			if wrapping(k) {
				out.wraps[p] = true
			} else {
				out.mentions[p] = true
			}
			continue
		}
		for _, leaf := range flow.Origins(a, func(*ssa.Call) bool { return true }) {
			if p := paramIndex(f, leaf); p >= 0 && astutil.IsError(f.params[p].Type()) {
				out.mentions[p] = true
			}
		}
	}
}

// syntaxParamsIn is paramsIn for the expressions the oracle reads from a call's syntax (the
// runtime library's options): an argument that names the parameter itself is wrapped when
// wrapping is set; any other mention of it only mentions it.
func (s *summariser) syntaxParamsIn(f *summarised, out *errorFacts, args []ast.Expr, wrapping bool) {
	info := s.pass.TypesInfo
	for _, a := range args {
		ast.Inspect(a, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			p := slices.IndexFunc(f.params, func(q *ssa.Parameter) bool { return q.Object() == info.Uses[id] })
			if p >= 0 && astutil.IsError(f.params[p].Type()) {
				if wrapping && ast.Unparen(a) == id {
					out.wraps[p] = true
				} else {
					out.mentions[p] = true
				}
			}
			return true
		})
	}
}

// position is the summary of result i of the function call runs: a function of the module,
// or the one function a package variable holds (its summary is kept under the variable).
func (s *summariser) position(call *ssa.Call, i int) *Value {
	var f *Func
	if ld, ok := call.Call.Value.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if g, ok := ld.X.(*ssa.Global); ok {
			f = s.res.funcs[g.Object()]
		}
	}
	if f == nil {
		if fn := s.fr.CalleeOf(call); fn != nil {
			f = s.res.funcs[fn.Origin()]
		}
	}
	if f == nil || i < 0 || i >= len(f.Results) || !f.Results[i].Known {
		return nil
	}
	return &f.Results[i]
}

// errorResult is the index of the last error among call's results, or -1.
func errorResult(call *ssa.Call) int {
	r := call.Call.Signature().Results()
	for i := r.Len() - 1; i >= 0; i-- {
		if astutil.IsError(r.At(i).Type()) {
			return i
		}
	}
	return -1
}

func appendUnique(s []int, v int) []int {
	if slices.Contains(s, v) {
		return s
	}
	return append(s, v)
}
