package mcpdefs

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/printf"
)

// This file is the def-use layer every rule family reads: the package's functions with their
// own return statements, and every value each variable is given. It is computed once per
// package (on first use, so the dependencies a fact-exporting analyzer visits pay nothing)
// and shared through FlowAnalyzer, the way x/tools passes share inspect.Analyzer. What each
// family derives from it stays in the family: the handler summaries (summary.go), the error
// codes a path can produce (contractrules), what a rendering shows (schemarules' parity).

// FlowAnalyzer computes the package's def-use index. It has no options and no facts, so one
// instance serves every configuration.
var FlowAnalyzer = &analysis.Analyzer{
	Name:             "mcpflow",
	Doc:              "indexes each function's returns and each variable's assignments for the rule families",
	URL:              "https://github.com/mcplint-go/mcplint/blob/main/docs/recognition.md",
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Flow](),
	Run: func(pass *analysis.Pass) (any, error) {
		return &Flow{info: pass.TypesInfo, files: pass.Files, pkg: pass.Pkg}, nil
	},
}

// Func is one function declaration or literal of the package.
type Func struct {
	// Node is the *ast.FuncDecl or *ast.FuncLit.
	Node ast.Node
	// Obj is the declared function; nil for a literal.
	Obj  *types.Func
	Sig  *types.Signature
	Body *ast.BlockStmt
	// Decl is the declaration a literal is written in (nil for a declaration, and for a
	// literal in a package-level initialiser).
	Decl *Func
	// Returns are the function's own return statements (not those of nested literals), in
	// source order; Stacks[i] are the ancestors of Returns[i] from Body down.
	Returns []*ast.ReturnStmt
	Stacks  [][]ast.Node
}

// DefKind says how a variable is given a value.
type DefKind int

const (
	// DefAssign: an assignment or an initialised declaration.
	DefAssign DefKind = iota
	// DefZero: a declaration without a value (Rhs is nil).
	DefZero
	// DefEscape: &x is taken, so anything may assign x (Rhs is nil).
	DefEscape
	// DefTypeSwitch: the variable of a type switch's clause holds the switched value.
	DefTypeSwitch
	// DefErrorsAs: errors.As(err, &v) gives v err's value (Rhs is err).
	DefErrorsAs
)

// Def is one value a variable is given.
type Def struct {
	Kind DefKind
	// Rhs is the value; nil for DefZero and DefEscape.
	Rhs ast.Expr
	// Index is the result of Rhs the variable takes when Rhs has several (x, err := f()),
	// else -1.
	Index int
	// At is the position of the node that gives the value.
	At token.Pos
}

// Flow is the def-use index of one package.
type Flow struct {
	info  *types.Info
	files []*ast.File
	pkg   *types.Package

	once   sync.Once
	funcs  []*Func
	byNode map[ast.Node]*Func
	decls  map[*types.Func]*Func
	defs   map[types.Object][]Def
	// all are the definitions ordered by position, for the ones inside one body.
	all  []VarDef
	vars []*types.Var
	// mutated are the variables whose fields are assigned or whose methods are called.
	mutated map[types.Object]bool
}

// VarDef is a Def with the variable it gives a value to.
type VarDef struct {
	Obj types.Object
	Def
}

func (f *Flow) index() {
	f.once.Do(func() {
		f.byNode = map[ast.Node]*Func{}
		f.decls = map[*types.Func]*Func{}
		f.defs = map[types.Object][]Def{}
		f.mutated = map[types.Object]bool{}
		for _, file := range f.files {
			f.collect(file)
		}
		sort.SliceStable(f.all, func(i, j int) bool { return f.all[i].At < f.all[j].At })
	})
}

// Funcs lists the package's functions with bodies in source order, each declaration before
// the literals written in it.
func (f *Flow) Funcs() []*Func {
	if f == nil {
		return nil
	}
	f.index()
	return f.funcs
}

// Func returns the function declared or written at node (an *ast.FuncDecl or *ast.FuncLit),
// or nil.
func (f *Flow) Func(node ast.Node) *Func {
	if f == nil {
		return nil
	}
	f.index()
	return f.byNode[node]
}

// Decl returns the body of a function or method of this package, or nil.
func (f *Flow) Decl(fn *types.Func) *Func {
	if f == nil || fn == nil {
		return nil
	}
	f.index()
	return f.decls[fn.Origin()]
}

// Defs lists every value obj is given in the package, in source order.
func (f *Flow) Defs(obj types.Object) []Def {
	if f == nil || obj == nil {
		return nil
	}
	f.index()
	return f.defs[obj]
}

// PackageVars lists the package-level variables, in source order.
func (f *Flow) PackageVars() []*types.Var {
	if f == nil {
		return nil
	}
	f.index()
	return f.vars
}

// Mutated reports whether the package assigns a field of obj or calls a method on it
// (res.IsError = cond, res.SetError(err)): the value obj was given no longer says all it
// holds.
func (f *Flow) Mutated(obj types.Object) bool {
	if f == nil || obj == nil {
		return false
	}
	f.index()
	return f.mutated[obj]
}

// Assignments lists, for each variable given a value inside body, those values in source
// order, as handler rules ask "is this variable always X": a declaration without a value and
// an escaping &x are nil (anything may assign it then); a call that defines several
// variables is recorded for each when tupleCalls is true and as nil otherwise. Type switch
// and errors.As definitions are left out.
func (f *Flow) Assignments(body ast.Node, tupleCalls bool) map[types.Object][]ast.Expr {
	out := map[types.Object][]ast.Expr{}
	if f == nil || body == nil {
		return out
	}
	for _, d := range f.DefsIn(body) {
		switch d.Kind {
		case DefAssign:
			if d.Index >= 0 && !tupleCalls {
				out[d.Obj] = append(out[d.Obj], nil)
			} else {
				out[d.Obj] = append(out[d.Obj], d.Rhs)
			}
		case DefZero, DefEscape:
			out[d.Obj] = append(out[d.Obj], nil)
		}
	}
	return out
}

// DefsIn lists the definitions made inside node (a body), in source order.
func (f *Flow) DefsIn(node ast.Node) []VarDef {
	if f == nil || node == nil {
		return nil
	}
	f.index()
	from := sort.Search(len(f.all), func(i int) bool { return f.all[i].At >= node.Pos() })
	to := sort.Search(len(f.all), func(i int) bool { return f.all[i].At >= node.End() })
	return f.all[from:to]
}

func (f *Flow) collect(file *ast.File) {
	astutil.InspectAncestors(file, func(n ast.Node, ancestors []ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			obj, _ := f.info.Defs[n.Name].(*types.Func)
			if obj == nil || n.Body == nil {
				return false
			}
			f.decls[obj] = f.add(&Func{Node: n, Obj: obj, Sig: obj.Signature(), Body: n.Body})
		case *ast.FuncLit:
			sig, _ := f.info.TypeOf(n).(*types.Signature)
			if sig == nil {
				return false
			}
			lit := &Func{Node: n, Sig: sig, Body: n.Body}
			if len(ancestors) > 1 {
				if d, ok := ancestors[1].(*ast.FuncDecl); ok {
					lit.Decl = f.byNode[d]
				}
			}
			f.add(lit)
		case *ast.ReturnStmt:
			for i := len(ancestors) - 1; i >= 0; i-- {
				if fn := f.byNode[ancestors[i]]; fn != nil {
					fn.Returns = append(fn.Returns, n)
					fn.Stacks = append(fn.Stacks, slices.Clone(ancestors[i+1:]))
					break
				}
			}
		case *ast.GenDecl:
			if n.Tok == token.VAR && len(ancestors) == 1 {
				for _, spec := range n.Specs {
					for _, id := range spec.(*ast.ValueSpec).Names {
						if v, ok := f.info.Defs[id].(*types.Var); ok {
							f.vars = append(f.vars, v)
						}
					}
				}
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok {
					f.mutate(sel.X)
				}
				id, ok := ast.Unparen(lhs).(*ast.Ident)
				if !ok {
					continue
				}
				switch {
				case len(n.Lhs) == len(n.Rhs):
					f.def(id, Def{Rhs: n.Rhs[i], Index: -1, At: n.Pos()})
				case len(n.Rhs) == 1:
					f.def(id, Def{Rhs: n.Rhs[0], Index: i, At: n.Pos()})
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				switch {
				case len(n.Values) == len(n.Names):
					f.def(id, Def{Rhs: n.Values[i], Index: -1, At: n.Pos()})
				case len(n.Values) == 1:
					f.def(id, Def{Rhs: n.Values[0], Index: i, At: n.Pos()})
				default:
					f.def(id, Def{Kind: DefZero, Index: -1, At: n.Pos()})
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
					f.def(id, Def{Kind: DefEscape, Index: -1, At: n.Pos()})
				}
			}
		case *ast.TypeSwitchStmt:
			// switch e := err.(type) { case *T: return e }: each clause's e is err.
			if as, ok := n.Assign.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
				if ta, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr); ok {
					for _, cc := range n.Body.List {
						if obj := f.info.Implicits[cc]; obj != nil {
							f.record(obj, Def{Kind: DefTypeSwitch, Rhs: ta.X, Index: -1, At: cc.Pos()})
						}
					}
				}
			}
		case *ast.CallExpr:
			sel, _ := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if sel != nil && f.info.Selections[sel] != nil {
				f.mutate(sel.X)
			}
			// The name first: resolving the callee of every call of the package costs.
			if sel != nil && sel.Sel.Name == "As" && len(n.Args) == 2 && IsPkgFunc(f.info, n, "errors", "As") {
				if u, ok := ast.Unparen(n.Args[1]).(*ast.UnaryExpr); ok && u.Op == token.AND {
					if id, ok := ast.Unparen(u.X).(*ast.Ident); ok {
						if obj := f.info.Uses[id]; obj != nil {
							f.record(obj, Def{Kind: DefErrorsAs, Rhs: n.Args[0], Index: -1, At: n.Pos()})
						}
					}
				}
			}
		}
		return true
	})
}

func (f *Flow) add(fn *Func) *Func {
	f.funcs = append(f.funcs, fn)
	f.byNode[fn.Node] = fn
	return fn
}

func (f *Flow) def(id *ast.Ident, d Def) {
	obj := f.info.Defs[id]
	if obj == nil {
		obj = f.info.Uses[id]
	}
	if obj != nil {
		f.record(obj, d)
	}
}

func (f *Flow) mutate(e ast.Expr) {
	if obj := rootObj(f.info, e); obj != nil {
		f.mutated[obj] = true
	}
}

// rootObj is the variable a selector chain starts from (res for res.Meta.Items), or nil.
func rootObj(info *types.Info, e ast.Expr) types.Object {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return info.Uses[x]
		case *ast.SelectorExpr:
			e = x.X
		default:
			return nil
		}
	}
}

func (f *Flow) record(obj types.Object, d Def) {
	f.defs[obj] = append(f.defs[obj], d)
	f.all = append(f.all, VarDef{obj, d})
}

// IsPkgFunc reports whether call invokes the package-level function path.name.
func IsPkgFunc(info *types.Info, call *ast.CallExpr, path, name string) bool {
	return isPkgFuncObj(typeutil.Callee(info, call), path, name)
}

func isPkgFuncObj(obj types.Object, path, name string) bool {
	fn, ok := obj.(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == path && fn.Name() == name && fn.Signature().Recv() == nil
}

// ErrorfWraps returns the indexes (into call.Args) of the arguments a fmt.Errorf call wraps
// with %w, so errors.Is and errors.As reach them. known is false when the format is not a
// constant: then any error argument may be wrapped.
func ErrorfWraps(info *types.Info, call *ast.CallExpr) (wrapped []int, known bool) {
	if len(call.Args) == 0 {
		return nil, true
	}
	format, ok := constStringOf(info, call.Args[0])
	if !ok {
		return nil, false
	}
	for _, v := range printf.Parse(format) {
		if v.Verb == 'w' && v.Arg >= 0 && v.Arg+1 < len(call.Args) {
			wrapped = append(wrapped, v.Arg+1)
		}
	}
	return wrapped, true
}

func constStringOf(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}
