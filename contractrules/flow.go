package contractrules

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/mcperr"
)

// Produced is one kind of *mcperr.Error a function's returned error can carry.
type Produced struct {
	// Code is the error's code, or 0 when it is decided at run time (an HTTP status, a
	// variable code) or by the calling tool's contract (Fail).
	Code mcperr.Code
	// Fail is true when (*mcptool.Call).Fail builds the error: the contract entry for Reason
	// decides its code.
	Fail bool
	// Reason is data.reason when a constant sets it. ReasonDynamic is true when something
	// mcplint cannot read may set it (a variable reason, an option from a helper).
	Reason        string
	ReasonDynamic bool
	// By is the building call as it reads in messages ("mcperr.NotFound").
	By string
	// Func is the function the building call is in ("store.(*Store).Get").
	Func string
	// At is where the building call is ("store/store.go:14").
	At string
}

// key identifies a Produced for deduplication: its origin is only an example.
func (p Produced) key() Produced {
	return Produced{Code: p.Code, Fail: p.Fail, Reason: p.Reason, ReasonDynamic: p.ReasonDynamic}
}

func (p Produced) String() string {
	var s string
	switch {
	case p.Fail:
		s = "fail"
	case p.Code == 0:
		s = "runtime"
	default:
		s = p.Code.String()
	}
	switch {
	case p.ReasonDynamic:
		s += "[?]"
	case p.Reason != "":
		s += "[" + p.Reason + "]"
	}
	return s
}

// ErrorsFact is exported for each exported function, method and package-level variable of the
// module whose returned error (or value) can carry an *mcperr.Error, or may do so through a
// call mcplint cannot follow. A function of an analysed package without the fact returns none.
type ErrorsFact struct {
	Produces []Produced
	// Opaque is true when a returned error comes from a call through an interface or a
	// function value: it may carry any code and reason. OpaqueAt says where such a call is.
	Opaque   bool
	OpaqueAt string
	// Params are the indexes of parameters whose error the function returns (possibly
	// wrapped): what the caller passes in comes back out.
	Params []int
}

func (*ErrorsFact) AFact() {}

func (f *ErrorsFact) String() string {
	var parts []string
	for _, p := range f.Produces {
		parts = append(parts, p.String())
	}
	if f.Opaque {
		parts = append(parts, "opaque")
	}
	for _, i := range f.Params {
		parts = append(parts, fmt.Sprintf("param%d", i))
	}
	return "errors(" + strings.Join(parts, " ") + ")"
}

// analyzedFact marks a package whose functions were summarised, so that a function of it
// without an ErrorsFact is known to return no *mcperr.Error.
type analyzedFact struct{}

func (*analyzedFact) AFact()         {}
func (*analyzedFact) String() string { return "analyzed" }

// Item is a Produced as it reaches one function of the analysed package.
type Item struct {
	Produced
	// Entry is the expression of the function's body through which the error arrives: the
	// building call itself, the call of the function it comes from, or the package-level
	// variable that holds it.
	Entry ast.Expr
	// Callee names what Entry calls or reads when the error was built elsewhere; "" when it
	// is built at Entry.
	Callee string
}

// Summary is what one function of the analysed package can return.
type Summary struct {
	Items []Item
	// Opaque are the calls through interfaces or function values whose error is returned.
	Opaque []ast.Expr
	// Params are the indexes of error parameters the function returns.
	Params []int
}

func (s *Summary) empty() bool {
	return s == nil || len(s.Items) == 0 && len(s.Opaque) == 0 && len(s.Params) == 0
}

// size grows with every addition; summaries only grow while a recursion is resolved.
func (s *Summary) size() int { return len(s.Items) + len(s.Opaque) + len(s.Params) }

// Result is the flow analyzer's result for one package.
type Result struct {
	// Analyzed is false for packages that were skipped (outside the module being checked, or
	// unable to reach mcperr): their summaries are all empty.
	Analyzed  bool
	summaries map[ast.Node]*Summary
	imported  map[*types.Func]*ErrorsFact
	// marked are the other packages that were analysed.
	marked map[*types.Package]bool
}

// Of returns the summary of the function declared or written at node (an *ast.FuncDecl or
// *ast.FuncLit), or nil when it returns no error the analysis could follow.
func (r *Result) Of(node ast.Node) *Summary { return r.summaries[node] }

// External returns what a function declared in another package can return. known is false
// when that cannot be told: the function's package was not analysed (a dependency outside
// the module that uses mcperr).
func (r *Result) External(fn *types.Func) (f *ErrorsFact, known bool) {
	if f, ok := r.imported[fn.Origin()]; ok {
		return f, true
	}
	if r.marked[fn.Pkg()] || !sdkapi.ReachesErrors(fn.Pkg(), nil) {
		return &ErrorsFact{}, true
	}
	return nil, false
}

// NewFlow returns the analyzer that summarises, for every function of the module, which
// *mcperr.Error codes and reasons its returned error can carry, and exports them as facts so
// that callers in other packages see through it. It reports nothing.
func NewFlow() *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "mcplint_errorflow",
		Doc:        "summarises which mcperr codes and reasons each function's returned error can carry (facts for the error-contract rules)",
		URL:        "https://github.com/mcplint-go/mcplint/blob/main/docs/contractrules.md#error-contract-conformance",
		Requires:   []*analysis.Analyzer{mcpdefs.FlowEngine},
		FactTypes:  []analysis.Fact{new(ErrorsFact), new(analyzedFact)},
		ResultType: reflect.TypeFor[*Result](),
		Run:        runFlow,
	}
}

func runFlow(pass *analysis.Pass) (any, error) {
	res := &Result{summaries: map[ast.Node]*Summary{}}
	// Cheapest first: dependencies from the module cache, then packages that cannot see
	// mcperr, then the runtime library itself (understood by its API, never followed).
	if !checkedModule(pass.Module) || !sdkapi.ReachesErrors(pass.Pkg, nil) || sdkapi.IsRuntimePackage(pass.Pkg) {
		return res, nil
	}
	engine := pass.ResultOf[mcpdefs.FlowEngine].(*flow.Result)
	if engine.Package() == nil {
		// No SSA (the package does not type-check): nothing can be told, so no rule speaks.
		return res, nil
	}
	res.Analyzed = true
	w := newWalker(pass, engine)
	w.run()
	for _, f := range w.ordered {
		if !f.summary.empty() && f.node != nil {
			res.summaries[f.node] = f.summary
		}
	}
	w.export()
	pass.ExportPackageFact(&analyzedFact{})
	res.imported = map[*types.Func]*ErrorsFact{}
	res.marked = map[*types.Package]bool{}
	for _, pf := range pass.AllPackageFacts() {
		if _, ok := pf.Fact.(*analyzedFact); ok {
			res.marked[pf.Package] = true
		}
	}
	for _, of := range pass.AllObjectFacts() {
		fn, ok := of.Object.(*types.Func)
		if f, isErr := of.Fact.(*ErrorsFact); ok && isErr && fn.Pkg() != pass.Pkg {
			res.imported[fn] = f
		}
	}
	return res, nil
}

// checkedModule reports whether a package belongs to the module being checked rather than
// to a dependency from the module cache. Without module information (GOPATH, some drivers)
// every package qualifies and reachability of mcperr alone decides.
func checkedModule(m *analysis.Module) bool {
	if m == nil || m.Path == "" {
		return true
	}
	return m.Main || m.Version == ""
}

// export records the facts of the package's exported functions, methods and variables.
func (w *walker) export() {
	for _, f := range w.ordered {
		decl, ok := f.node.(*ast.FuncDecl)
		if !ok || !decl.Name.IsExported() || f.summary.empty() {
			continue
		}
		if obj, ok := w.pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
			w.pass.ExportObjectFact(obj, factOf(w, f.summary))
		}
	}
	scope := w.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		v, ok := scope.Lookup(name).(*types.Var)
		if !ok || !v.Exported() || !w.errorish(v.Type()) {
			continue
		}
		g := w.res.Package().Var(name)
		if g == nil {
			continue
		}
		if s := w.varSummary(g); !s.empty() {
			w.pass.ExportObjectFact(v, factOf(w, s))
		}
	}
}

// factOf condenses a summary into a fact: one Produced per kind, positions as text.
func factOf(w *walker, s *Summary) *ErrorsFact {
	f := &ErrorsFact{Params: slices.Clone(s.Params)}
	seen := map[Produced]bool{}
	for _, it := range s.Items {
		if k := it.key(); !seen[k] {
			seen[k] = true
			f.Produces = append(f.Produces, it.Produced)
		}
	}
	if len(s.Opaque) > 0 {
		f.Opaque, f.OpaqueAt = true, w.at(s.Opaque[0].Pos())
	}
	return f
}
