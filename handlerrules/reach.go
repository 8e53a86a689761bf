package handlerrules

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Helpers whose error reaches a handler. Most lost causes and stringified bodies sit one
// step away from the handler: in a function of the module that returns (T, error), whose
// error the handler returns as its own or puts into a tool error's text. The rules that judge
// how an error is built (preserve-cause-on-rethrow, no-stringify-upstream-error) judge those
// functions too, in this package and in the packages it imports, but only the errors they
// build that leave them through their error result, and only when the engine shows that
// error flowing, call by call, into what a handler returns. A helper whose error is only
// logged, replaced by a fixed text or compared with errors.Is and dropped is not reached, nor
// one only main or a test calls.
//
// Facts carry the findings across packages: an exported function's fact holds the findings
// in it and in the functions whose error it returns, at their positions; the package whose
// handler returns that function's error reports them there. A position is reported only when
// the importing pass's file set places it in the same file, line and column as where it was
// found (drivers that analyse each package in its own process, go vet's, do not share
// positions: there the finding is not reported rather than misplaced). A function reached from
// several handlers or packages is reported at the same place each time, and drivers drop exact
// repeats: one finding per mistake.

// carried is one finding of a function, as a fact carries it: the diagnostic, stamped with its
// rule, and where it was found.
type carried struct {
	Diag analysis.Diagnostic
	At   token.Position
}

// reachFact is a rule's fact type for the findings an exported function carries: each rule
// has its own (a fact type belongs to one analyzer). Facts are gob-encoded by drivers that
// analyse each package in its own process: the findings are an exported field.
type reachFact interface {
	analysis.Fact
	carried() *[]carried
}

// causeReach carries preserve-cause-on-rethrow's findings.
type causeReach struct{ Findings []carried }

func (*causeReach) AFact()                {}
func (f *causeReach) carried() *[]carried { return &f.Findings }
func (f *causeReach) String() string      { return carriedString(f.Findings) }

// stringifyReach carries no-stringify-upstream-error's findings.
type stringifyReach struct{ Findings []carried }

func (*stringifyReach) AFact()                {}
func (f *stringifyReach) carried() *[]carried { return &f.Findings }
func (f *stringifyReach) String() string      { return carriedString(f.Findings) }

func carriedString(found []carried) string {
	var at []string
	for _, c := range found {
		at = append(at, fmt.Sprintf("%s:%d", c.At.Filename, c.At.Line))
	}
	return "carries findings at " + strings.Join(at, ", ")
}

// reacher runs one rule on the functions whose error reaches a handler of the package.
type reacher struct {
	p       *rule.Pass
	defs    *mcpdefs.Result
	fl      *flow.Result
	newFact func() reachFact
	// check runs the rule on one function, reporting through its handler's pass.
	check     func(*handler)
	isHandler map[*ssa.Function]bool
	memo      map[*ssa.Function][]carried
	busy      map[*ssa.Function]bool
}

// reach reports the findings of a rule (check) in the functions whose error reaches what a
// handler of hs returns, and exports them as facts (newFact) on the package's exported
// functions for the packages that import it.
func reach(p *rule.Pass, defs *mcpdefs.Result, hs []*handler, newFact func() reachFact, check func(*handler)) {
	fl, _ := p.ResultOf[mcpdefs.FlowEngine].(*flow.Result)
	if fl.Package() == nil || len(p.Files) == 0 {
		return
	}
	r := &reacher{p: p, defs: defs, fl: fl, newFact: newFact, check: check,
		isHandler: map[*ssa.Function]bool{}, memo: map[*ssa.Function][]carried{}, busy: map[*ssa.Function]bool{}}
	// Every handler, tests' included: a handler is judged as one, never as a helper.
	for _, h := range defs.Handlers {
		if f := fl.Function(h.Node); f != nil {
			r.isHandler[f] = true
		}
	}
	reported := map[string]bool{}
	for _, h := range hs {
		fn := fl.Function(h.Node)
		if fn == nil {
			continue
		}
		sinks := append(errorSinks(fl.Paths(fn), h.ErrorIndex), toolErrorArgs(defs, h, fn)...)
		for _, c := range r.reaching(fn, func() []ssa.Value { return sinks }) {
			key := fmt.Sprintf("%d %s", c.Diag.Pos, c.Diag.Message)
			if reported[key] || !r.placed(c) {
				continue
			}
			reported[key] = true
			p.Pass.Report(c.Diag)
		}
	}
	r.export()
}

// export puts the findings each exported function of the package carries into a fact.
func (r *reacher) export() {
	for _, f := range r.p.Files {
		if r.inTest(f.Pos()) {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !fd.Name.IsExported() {
				continue
			}
			obj, ok := r.p.TypesInfo.Defs[fd.Name].(*types.Func)
			fn := r.fl.Function(fd)
			if !ok || fn == nil || r.isHandler[fn] || errorResultIndex(fn.Signature) < 0 {
				continue
			}
			r.exportOn(obj, fn)
		}
	}
	// Exported variables that hold one function for the whole run: other packages call
	// through them.
	for v, held := range r.fl.ExportedHeld() {
		if fn := r.own(held); fn != nil && !r.isHandler[fn] && !r.inTest(fn.Pos()) && errorResultIndex(fn.Signature) >= 0 {
			r.exportOn(v, fn)
		}
	}
}

// exportOn exports the findings fn carries as a fact on obj, when it carries any.
func (r *reacher) exportOn(obj types.Object, fn *ssa.Function) {
	if found := r.of(fn); len(found) > 0 {
		fact := r.newFact()
		*fact.carried() = found
		r.p.ExportObjectFact(obj, fact)
	}
}

// own is the function of the package's own source that g runs: g itself, or the method a
// bound method value (`(&h{}).fetch`, which a package variable may hold) calls; nil for any
// other.
func (r *reacher) own(g *ssa.Function) *ssa.Function {
	if g == nil {
		return nil
	}
	if g.Syntax() == nil {
		if obj, ok := g.Object().(*types.Func); ok && obj.Pkg() == r.p.Pkg {
			g = r.fl.Package().Prog.FuncValue(obj)
		}
	}
	if g == nil || g.Syntax() == nil || g.Pkg != r.fl.Package() {
		return nil
	}
	return g
}

// placed reports whether the pass's file set places c where it was found.
func (r *reacher) placed(c carried) bool {
	at := r.p.Fset.PositionFor(c.Diag.Pos, false)
	return at.Filename == c.At.Filename && at.Line == c.At.Line && at.Column == c.At.Column
}

func (r *reacher) inTest(pos token.Pos) bool {
	return astutil.TestSupport(r.p.Fset, r.p.Files, pos)
}

// reaching returns the findings the errors of fn's calls carry when they reach what fn hands
// out (sinks, asked for only when fn calls a function that may carry some): the functions of
// this package it calls, judged here, and those of other packages, by their facts.
func (r *reacher) reaching(fn *ssa.Function, sinks func() []ssa.Value) []carried {
	var out []carried
	var got []ssa.Value
	reaches := func(c *ssa.Call, sig *types.Signature) bool {
		k := errorResultIndex(sig)
		if k < 0 {
			return false
		}
		errV := resultValue(c, k)
		if errV == nil {
			return false
		}
		if got == nil {
			got = sinks()
			if got == nil {
				got = []ssa.Value{}
			}
		}
		return anyDependsOn(got, errV)
	}
	for _, c := range calls(fn) {
		if g := r.own(r.fl.Called(c)); g != nil {
			if r.isHandler[g] || r.inTest(g.Pos()) || !reaches(c, g.Signature) {
				continue
			}
			out = append(out, r.of(g)...)
			continue
		}
		// A function of another package, or the one function another package's variable
		// holds (a method value, a factory's closure): its fact is on the variable.
		var obj types.Object
		if f := r.fl.CalleeOf(c); f != nil {
			obj = f
		}
		if v := flow.CalledVar(c); v != nil {
			obj = v
		}
		if obj == nil || obj.Pkg() == nil || obj.Pkg() == r.p.Pkg {
			continue
		}
		fact := r.newFact()
		if !r.p.ImportObjectFact(obj, fact) || !reaches(c, c.Call.Signature()) {
			continue
		}
		for _, f := range *fact.carried() {
			if r.placed(f) {
				out = append(out, f)
			}
		}
	}
	return out
}

// of returns the findings in g, a function of the package whose error reaches a handler, and
// in the functions whose error g returns; once per function.
func (r *reacher) of(g *ssa.Function) []carried {
	if found, ok := r.memo[g]; ok {
		return found
	}
	if r.busy[g] {
		return nil // recursion: what g carries is being worked out
	}
	r.busy[g] = true
	defer delete(r.busy, g)

	h, got := r.helper(g)
	r.check(h)
	var out []carried
	for _, d := range *got {
		out = append(out, carried{Diag: d, At: r.p.Fset.PositionFor(d.Pos, false)})
	}
	out = append(out, r.reaching(g, h.errorSinks)...)
	r.memo[g] = out
	return out
}

// helper describes g the way the rules read a handler (its syntax, signature and error result,
// no tool result) with a pass that collects what the rule reports instead of reporting it.
func (r *reacher) helper(g *ssa.Function) (*handler, *[]analysis.Diagnostic) {
	got := new([]analysis.Diagnostic)
	ap := *r.p.Pass
	ap.Report = func(d analysis.Diagnostic) { *got = append(*got, d) }
	q := *r.p
	q.Pass = &ap

	mh := &mcpmodel.Handler{Node: g.Syntax(), Sig: g.Signature, ResultIndex: -1, OutIndex: -1, ErrorIndex: errorResultIndex(g.Signature)}
	switch n := g.Syntax().(type) {
	case *ast.FuncDecl:
		mh.Type, mh.Body, mh.Name = n.Type, n.Body, n.Name.Name
	case *ast.FuncLit:
		mh.Type, mh.Body = n.Type, n.Body
	}
	rets := ownReturns(mh.Body)
	h := &handler{pass: &q, defs: r.defs, Handler: mh, file: astutil.FileOf(r.p.Files, g.Pos()), rets: rets, flow: r.fl, helper: true}
	// The module's summaries, as the bodies analyzer the rule's kind requires holds them.
	for _, res := range r.p.ResultOf {
		if b, ok := res.(*bodies); ok {
			h.sums = b.sums
		}
	}
	return h, got
}

// errorSinks are the values paths hand out as error errIdx where it may be non-nil.
func errorSinks(paths []flow.Path, errIdx int) []ssa.Value {
	if errIdx < 0 {
		return nil
	}
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	for _, p := range paths {
		if errIdx >= len(p.Results) || p.Results[errIdx].Nil == flow.Nil {
			continue
		}
		if v := p.Results[errIdx].Value; v != nil && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// toolErrorArgs are the arguments of the tool-error results handler h builds (an SDK's error
// result constructor, or a module helper that returns an IsError result on every path): their
// text is what the model reads. A success result's text is not one.
func toolErrorArgs(defs *mcpdefs.Result, h *handler, fn *ssa.Function) []ssa.Value {
	var out []ssa.Value
	for _, c := range calls(fn) {
		e := flow.CallExprAt(h.Node, c.Pos())
		if e == nil {
			continue
		}
		switch defs.CallAPI(e) {
		case sdkapi.APIToolResultError, sdkapi.APIToolResultErrorf, sdkapi.APIToolResultErrorFromErr:
		default:
			if !h.sums.IsErrorResult(e) {
				continue
			}
		}
		out = append(out, flow.Arguments(c)...)
	}
	return out
}

// calls lists fn's calls in block order.
func calls(fn *ssa.Function) []*ssa.Call {
	var out []*ssa.Call
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				out = append(out, c)
			}
		}
	}
	return out
}

// errorResultIndex is the index of sig's last result when it is the error interface (or an
// interface that embeds it), or -1.
func errorResultIndex(sig *types.Signature) int {
	n := sig.Results().Len()
	if n == 0 {
		return -1
	}
	t := sig.Results().At(n - 1).Type()
	if _, ok := t.Underlying().(*types.Interface); !ok || !astutil.ImplementsError(t) {
		return -1
	}
	return n - 1
}

// resultValue is the value of result k of call: the call itself for a single result, else
// the extraction of k (nil when the result is never used).
func resultValue(c *ssa.Call, k int) ssa.Value {
	if c.Call.Signature().Results().Len() == 1 {
		return c
	}
	for _, ref := range *c.Referrers() {
		if ex, ok := ref.(*ssa.Extract); ok && ex.Index == k {
			return ex
		}
	}
	return nil
}

func anyDependsOn(sinks []ssa.Value, target ssa.Value) bool {
	for _, s := range sinks {
		if flow.DependsOn(s, target) {
			return true
		}
	}
	return false
}

// helperPaths are the paths of a helper's returns, computed once for the rule that judges it
// and not kept by the engine (a handler's are).
func (h *handler) helperPaths() []flow.Path {
	if h.ownPaths == nil {
		h.ownPaths, _ = h.flow.ReturnPaths(h.flow.Function(h.Node))
		if h.ownPaths == nil {
			h.ownPaths = []flow.Path{}
		}
	}
	return h.ownPaths
}

// errorSinks are the values a helper returns as its error where it may be non-nil.
func (h *handler) errorSinks() []ssa.Value {
	if h.sinks == nil {
		h.sinks = errorSinks(h.helperPaths(), h.ErrorIndex)
		if h.sinks == nil {
			h.sinks = []ssa.Value{}
		}
	}
	return h.sinks
}

// buildsReturnedError reports whether the error call builds reaches what h returns as its
// error, on some path where that error may be non-nil. For a handler every error it builds
// is judged, as before; for a helper only those that leave it through its error.
func (h *handler) buildsReturnedError(call *ast.CallExpr) bool {
	if !h.helper {
		return true
	}
	c, _ := flow.CallIn(h.flow.Function(h.Node), call.Lparen)
	return c != nil && anyDependsOn(h.errorSinks(), c)
}
