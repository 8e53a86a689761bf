// Package defuse is the def-use index the rule families and the helper summaries read, on the
// syntax tree: the package's functions with their own return statements, and every value each
// variable is given (assignments, zero values, type switches, errors.As targets, escapes),
// with the variables whose fields are assigned or whose methods are called. It is computed
// once per package, on first use, and shared through Analyzer, the way x/tools passes share
// inspect.Analyzer. What each reader derives from it stays with the reader: the summaries of
// helpers (flow/summary), what a rendering shows (schemarules' parity). The contract rules
// ask the SSA engine (package flow) instead.
//
// It is part of the flow engine's layer and knows nothing about MCP: it must not import
// recognition (mcpdefs), a rule family, the registry or the driver; internal/layers' test
// pins it.
package defuse

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/mcplint-go/mcplint/internal/astutil"
)

// Analyzer computes the package's def-use index. It has no options and no facts, so one
// instance serves every configuration.
var Analyzer = &analysis.Analyzer{
	Name:             "mcpflow",
	Doc:              "indexes each function's returns and each variable's assignments for the rule families",
	URL:              "https://github.com/mcplint-go/mcplint/blob/main/docs/recognition.md",
	RunDespiteErrors: true,
	Requires:         []*analysis.Analyzer{inspect.Analyzer},
	ResultType:       reflect.TypeFor[*Index](),
	Run: func(pass *analysis.Pass) (any, error) {
		return &Index{info: pass.TypesInfo, inspect: pass.ResultOf[inspect.Analyzer].(*inspector.Inspector), pkg: pass.Pkg}, nil
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

// Index is the def-use index of one package.
type Index struct {
	info    *types.Info
	inspect *inspector.Inspector
	pkg     *types.Package

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

func (f *Index) index() {
	f.once.Do(func() {
		f.byNode = map[ast.Node]*Func{}
		f.decls = map[*types.Func]*Func{}
		f.defs = map[types.Object][]Def{}
		f.mutated = map[types.Object]bool{}
		for file := range f.inspect.Root().Children() {
			f.collect(file)
		}
		sort.SliceStable(f.all, func(i, j int) bool { return f.all[i].At < f.all[j].At })
	})
}

// Funcs lists the package's functions with bodies in source order, each declaration before
// the literals written in it.
func (f *Index) Funcs() []*Func {
	if f == nil {
		return nil
	}
	f.index()
	return f.funcs
}

// Func returns the function declared or written at node (an *ast.FuncDecl or *ast.FuncLit),
// or nil.
func (f *Index) Func(node ast.Node) *Func {
	if f == nil {
		return nil
	}
	f.index()
	return f.byNode[node]
}

// Decl returns the body of a function or method of this package, or nil.
func (f *Index) Decl(fn *types.Func) *Func {
	if f == nil || fn == nil {
		return nil
	}
	f.index()
	return f.decls[fn.Origin()]
}

// Defs lists every value obj is given in the package, in source order.
func (f *Index) Defs(obj types.Object) []Def {
	if f == nil || obj == nil {
		return nil
	}
	f.index()
	return f.defs[obj]
}

// PackageVars lists the package-level variables, in source order.
func (f *Index) PackageVars() []*types.Var {
	if f == nil {
		return nil
	}
	f.index()
	return f.vars
}

// Mutated reports whether the package assigns a field of obj or calls a method on it
// (res.IsError = cond, res.SetError(err)): the value obj was given no longer says all it
// holds.
func (f *Index) Mutated(obj types.Object) bool {
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
func (f *Index) Assignments(body ast.Node, tupleCalls bool) map[types.Object][]ast.Expr {
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
func (f *Index) DefsIn(node ast.Node) []VarDef {
	if f == nil || node == nil {
		return nil
	}
	f.index()
	from := sort.Search(len(f.all), func(i int) bool { return f.all[i].At >= node.Pos() })
	to := sort.Search(len(f.all), func(i int) bool { return f.all[i].At >= node.End() })
	return f.all[from:to]
}

func (f *Index) collect(file inspector.Cursor) {
	file.Inspect(nil, func(c inspector.Cursor) bool {
		switch n := c.Node().(type) {
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
			if d, ok := topDecl(c).(*ast.FuncDecl); ok {
				lit.Decl = f.byNode[d]
			}
			f.add(lit)
		case *ast.ReturnStmt:
			f.addReturn(c, n)
		case *ast.GenDecl:
			if _, top := c.Parent().Node().(*ast.File); n.Tok == token.VAR && top {
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
			if sel != nil && sel.Sel.Name == "As" && len(n.Args) == 2 && astutil.IsPkgFunc(f.info, n, "errors", "As") {
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

// topDecl returns the file-level declaration c stands in.
func topDecl(c inspector.Cursor) ast.Node {
	for a := range c.Enclosing() {
		if _, ok := a.Parent().Node().(*ast.File); ok {
			return a.Node()
		}
	}
	return nil
}

// addReturn gives ret, at c, to the innermost function around it, with the nodes between
// that function and ret (outermost first).
func (f *Index) addReturn(c inspector.Cursor, ret *ast.ReturnStmt) {
	var between []ast.Node
	for a := range c.Parent().Enclosing() {
		if fn := f.byNode[a.Node()]; fn != nil {
			slices.Reverse(between)
			fn.Returns = append(fn.Returns, ret)
			fn.Stacks = append(fn.Stacks, between)
			return
		}
		between = append(between, a.Node())
	}
}

func (f *Index) add(fn *Func) *Func {
	f.funcs = append(f.funcs, fn)
	f.byNode[fn.Node] = fn
	return fn
}

func (f *Index) def(id *ast.Ident, d Def) {
	obj := f.info.Defs[id]
	if obj == nil {
		obj = f.info.Uses[id]
	}
	if obj != nil {
		f.record(obj, d)
	}
}

func (f *Index) mutate(e ast.Expr) {
	if obj := astutil.SelectorRootObject(f.info, e); obj != nil {
		f.mutated[obj] = true
	}
}

func (f *Index) record(obj types.Object, d Def) {
	f.defs[obj] = append(f.defs[obj], d)
	f.all = append(f.all, VarDef{obj, d})
}
