package flow

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Oracle tells the engine what functions outside the analysed module return, where the
// engine cannot read their bodies: recognition knows that an SDK's result constructors never
// return nil. The engine itself knows the few standard-library constructors it needs.
type Oracle interface {
	// Returns reports the nilness of result i of fn, a function outside the analysed module.
	Returns(fn *types.Func, i int) Nilness
}

// New returns the flow analyzer. oracle may be nil.
func New(oracle Oracle) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "flow",
		Doc:              "builds SSA for the module's packages and answers path questions (nilness per return, typed nils, errors in hand, value sources) for recognition and the rules",
		URL:              "https://github.com/mcplint-go/mcplint/blob/main/docs/flow.md",
		RunDespiteErrors: true,
		FactTypes:        []analysis.Fact{new(Summary), new(LeavesProcess), new(LocalContext), new(ErrorAsText)},
		ResultType:       reflect.TypeFor[*Result](),
		Run: func(pass *analysis.Pass) (any, error) {
			return run(pass, oracle)
		},
	}
}

// Result is the engine's answer for one package. Rules of one package run concurrently and
// share it: the caches filled on demand are guarded by mu.
type Result struct {
	mu     sync.Mutex
	pass   *analysis.Pass
	oracle Oracle
	pkg    *ssa.Package
	// funcs maps a function's syntax (*ast.FuncDecl or *ast.FuncLit) to its SSA function.
	funcs map[ast.Node]*ssa.Function
	info  map[*ssa.Function]*funcInfo
	// sums are the package's own functions' summaries, computed on first use; inProgress
	// marks those being computed, so recursion answers "unknown".
	sums       map[*ssa.Function]*Summary
	inProgress map[*ssa.Function]bool
	// stores are the package variables of function type stored once (see storedOnce).
	stores map[*ssa.Global]ssa.Value
	// globalUses indexes the instructions that use each package variable (ContentsOf), made
	// on first use under mu.
	globalUses map[*ssa.Global][]ssa.Instruction
	// leaves are the package's functions that leave the process (LeavesProcess); implLeaves
	// caches the answer per interface method.
	leaves map[*ssa.Function]bool
	// localCtx holds the functions that take a context but use it only locally.
	localCtx   map[*ssa.Function]bool
	implLeaves map[*types.Func]bool
	// calls indexes the package's call expressions by left parenthesis (CallSyntax), made on
	// first use under mu.
	calls map[token.Pos]*ast.CallExpr
	// Skipped says why the package has no SSA ("" when it has).
	Skipped string
}

func run(pass *analysis.Pass, oracle Oracle) (res *Result, err error) {
	res = &Result{pass: pass, oracle: oracle, funcs: map[ast.Node]*ssa.Function{}, info: map[*ssa.Function]*funcInfo{},
		sums: map[*ssa.Function]*Summary{}, inProgress: map[*ssa.Function]bool{}}
	switch {
	case !InModule(pass.Module, pass.Pkg):
		res.Skipped = "a dependency outside the module"
		return res, nil
	case len(pass.TypeErrors) > 0:
		res.Skipped = "the package does not type-check"
		return res, nil
	}
	if err := res.build(); err != nil {
		res.Skipped = err.Error()
		res.pkg, res.funcs = nil, map[ast.Node]*ssa.Function{}
		return res, nil
	}
	res.exportSummaries()
	res.computeLeaves()
	res.computeErrorText()
	return res, nil
}

// build creates the package's SSA the way passes/buildssa does; the builder's panics on code
// it cannot handle become an error, and the package is then analysed without SSA.
func (r *Result) build() (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("building SSA failed: %v", p)
		}
	}()
	pass := r.pass
	prog := ssa.NewProgram(pass.Fset, ssa.BuilderMode(0))
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	r.pkg = prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	r.pkg.Build()
	var add func(f *ssa.Function)
	add = func(f *ssa.Function) {
		if syn := f.Syntax(); syn != nil {
			r.funcs[syn] = f
		}
		for _, anon := range f.AnonFuncs {
			add(anon)
		}
	}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				if f := prog.FuncValue(obj); f != nil {
					add(f)
				}
			}
		}
	}
	// Function literals in package-level initialisers belong to init.
	if init := r.pkg.Func("init"); init != nil {
		for _, anon := range init.AnonFuncs {
			add(anon)
		}
	}
	return nil
}

// Function returns the SSA function of a function's syntax (*ast.FuncDecl or *ast.FuncLit), or
// nil when the package has no SSA.
func (r *Result) Function(node ast.Node) *ssa.Function {
	if r == nil {
		return nil
	}
	return r.funcs[node]
}

// Package returns the package's SSA, or nil when it has none.
func (r *Result) Package() *ssa.Package {
	if r == nil {
		return nil
	}
	return r.pkg
}

// Functions returns every function of the package that has SSA, declarations and literals.
func (r *Result) Functions() []*ssa.Function {
	if r == nil {
		return nil
	}
	out := make([]*ssa.Function, 0, len(r.funcs))
	for _, f := range r.funcs {
		out = append(out, f)
	}
	return out
}

// Instructions yields every instruction of the package's own code once: its functions and
// literals, and the package initialiser with the literals of package-level initialisers.
func (r *Result) Instructions() iter.Seq[ssa.Instruction] {
	return func(yield func(ssa.Instruction) bool) {
		if r == nil || r.pkg == nil {
			return
		}
		seen := map[*ssa.Function]bool{}
		var walk func(f *ssa.Function) bool
		walk = func(f *ssa.Function) bool {
			if f == nil || seen[f] {
				return true
			}
			seen[f] = true
			for _, b := range f.Blocks {
				for _, instr := range b.Instrs {
					if !yield(instr) {
						return false
					}
				}
			}
			for _, anon := range f.AnonFuncs {
				if !walk(anon) {
					return false
				}
			}
			return true
		}
		for _, f := range r.funcs {
			if !walk(f) {
				return
			}
		}
		for _, m := range r.pkg.Members {
			if f, ok := m.(*ssa.Function); ok && !walk(f) {
				return
			}
		}
	}
}

// InModule reports whether a package belongs to the module being checked rather than to a
// dependency from the module cache or the standard library. Without module information
// (GOPATH mode), every package whose path starts with a domain qualifies.
func InModule(m *analysis.Module, pkg *types.Package) bool {
	if m == nil || m.Path == "" {
		first, _, _ := strings.Cut(pkg.Path(), "/")
		return strings.Contains(first, ".")
	}
	return m.Main || m.Version == ""
}

// exportSummaries exports the summary of every exported function and method whose results
// the engine describes, for the packages that import this one.
func (r *Result) exportSummaries() {
	for node, f := range r.funcs {
		fd, ok := node.(*ast.FuncDecl)
		if !ok || !fd.Name.IsExported() {
			continue
		}
		obj, ok := r.pass.TypesInfo.Defs[fd.Name].(*types.Func)
		if !ok || !summarised(obj.Signature()) {
			continue
		}
		if s := r.summaryOf(f); s != nil {
			r.pass.ExportObjectFact(obj, s)
		}
	}
	// Exported variables that hold one function for the whole run (`var Map =
	// (&mapper{}).Map`, a factory's closure): callers in other packages call through them.
	for _, m := range r.pkg.Members {
		g, ok := m.(*ssa.Global)
		if !ok || g.Object() == nil || !g.Object().Exported() {
			continue
		}
		sig, ok := g.Type().(*types.Pointer).Elem().Underlying().(*types.Signature)
		if !ok || !summarised(sig) {
			continue
		}
		if f := r.globalHolds(g, 1); f != nil {
			if s := r.summaryOf(f); s != nil {
				r.pass.ExportObjectFact(g.Object(), s)
			}
		}
	}
}

// summarised reports whether any result of sig is one the engine tracks: a pointer, an
// interface, a map, a slice, a func or a chan.
func summarised(sig *types.Signature) bool {
	for i := 0; i < sig.Results().Len(); i++ {
		if nillable(sig.Results().At(i).Type()) {
			return true
		}
	}
	return false
}

// nillable reports whether a value of type t can be nil.
func nillable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Signature, *types.Chan:
		return true
	}
	return false
}

// ReturnStmt returns the return statement of node (a function's syntax) at pos, the position
// of an ssa.Return; nil for the implicit return at the end of a function.
func ReturnStmt(node ast.Node, pos token.Pos) *ast.ReturnStmt {
	if !pos.IsValid() {
		return nil
	}
	// Not inside a nested function literal: its returns are its own.
	var found *ast.ReturnStmt
	ast.Inspect(node, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && lit != node {
			return false
		}
		if ret, ok := n.(*ast.ReturnStmt); ok && ret.Return == pos {
			found = ret
		}
		return found == nil
	})
	return found
}
