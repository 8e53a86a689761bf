// Package astutil holds small syntax and type helpers the recognition layer, the flow engine and
// the rule families share. It imports no package of the module but internal/printf.
package astutil

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// NameIdent returns the identifier that e names: x for x, Sel for pkg.Sel or v.Sel, nil for
// any other expression. Looking it up in types.Info.Uses gives the object e refers to.
func NameIdent(e ast.Expr) *ast.Ident {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// InstanceIdent is NameIdent through type arguments: the identifier that names a function or
// type also when it is instantiated (f[T], pkg.F[T, U]). On a call's Fun it is the function
// called; on an embedded field's type (after any *) the type embedded.
func InstanceIdent(e ast.Expr) *ast.Ident {
	switch x := ast.Unparen(e).(type) {
	case *ast.IndexExpr:
		return InstanceIdent(x.X)
	case *ast.IndexListExpr:
		return InstanceIdent(x.X)
	}
	return NameIdent(e)
}

// IsNil reports whether e is the predeclared nil (not a variable that holds nil, and not an
// identifier named nil that shadows it).
func IsNil(info *types.Info, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.Uses[id] == types.Universe.Lookup("nil")
}

// ChainRoot is the expression a chain of field selections, indexes and dereferences starts
// from, parentheses removed: t for t.a.b, t[i].c, *t.p and (t).a. Callers decide what a root
// that is not an identifier means.
func ChainRoot(e ast.Expr) ast.Expr { return chainRoot(e, true) }

// chainRoot walks down field selections, and indexes and dereferences when throughIndexes
// is set: the one loop behind ChainRoot and SelectorRootObject.
func chainRoot(e ast.Expr, throughIndexes bool) ast.Expr {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			if !throughIndexes {
				return x
			}
			e = x.X
		case *ast.StarExpr:
			if !throughIndexes {
				return x
			}
			e = x.X
		default:
			return x
		}
	}
}

// Mentions reports whether e uses the object obj.
func Mentions(info *types.Info, e ast.Node, obj types.Object) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == obj {
			found = true
		}
		return !found
	})
	return found
}

// InspectAncestors walks root depth-first like ast.Inspect, calling visit with each node and
// its ancestors from root down to (not including) the node; visit returns whether to descend.
// The walk keeps the ancestor list itself and pushes a node only when it descends into it,
// so a visit that stops early can never leave a stale entry behind (a hand-kept stack that
// pushes before deciding must also pop on every early return). The slice is reused: copy
// it to keep it beyond the call.
func InspectAncestors(root ast.Node, visit func(n ast.Node, ancestors []ast.Node) (descend bool)) {
	var ancestors []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			ancestors = ancestors[:len(ancestors)-1]
			return false
		}
		if !visit(n, ancestors) {
			return false
		}
		ancestors = append(ancestors, n)
		return true
	})
}

// Statements returns the statement list of a block, a switch case or a select case; nil for
// any other node.
func Statements(n ast.Node) []ast.Stmt {
	switch b := n.(type) {
	case *ast.BlockStmt:
		return b.List
	case *ast.CaseClause:
		return b.Body
	case *ast.CommClause:
		return b.Body
	}
	return nil
}

// FuncParts returns the type and the body of a function declaration or literal; nil, nil
// for any other node.
func FuncParts(n ast.Node) (*ast.FuncType, *ast.BlockStmt) {
	switch f := n.(type) {
	case *ast.FuncDecl:
		return f.Type, f.Body
	case *ast.FuncLit:
		return f.Type, f.Body
	}
	return nil, nil
}

// CompositeOf returns the composite literal e is, or that a unary operator applies to (T{...},
// &T{...}), parentheses removed; nil for anything else.
func CompositeOf(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

// HasTypeParam reports whether t mentions a type parameter anywhere.
func HasTypeParam(t types.Type) bool {
	return walkOnce(t, func(t types.Type, walk func(types.Type) bool) bool {
		switch x := types.Unalias(t).(type) {
		case *types.TypeParam:
			return true
		case *types.Named:
			if args := x.TypeArgs(); args != nil {
				for i := range args.Len() {
					if walk(args.At(i)) {
						return true
					}
				}
			}
			return false
		}
		return anyComponent(types.Unalias(t), Edges{MapKeys: true, Chans: true}, walk)
	})
}

// walkOnce reports whether step finds what it looks for from t, step walking on through walk,
// which visits each type once (types can be cyclic) and answers false for nil.
func walkOnce(t types.Type, step func(t types.Type, walk func(types.Type) bool) bool) bool {
	seen := map[types.Type]bool{}
	var walk func(types.Type) bool
	walk = func(t types.Type) bool {
		if t == nil || seen[t] {
			return false
		}
		seen[t] = true
		return step(t, walk)
	}
	return walk(t)
}

// FieldIndex is the index of the field of st named name, or -1.
func FieldIndex(st *types.Struct, name string) int {
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return i
		}
	}
	return -1
}

// FirstNonNil is the first of es that is not nil, or nil.
func FirstNonNil(es ...ast.Expr) ast.Expr {
	for _, e := range es {
		if e != nil {
			return e
		}
	}
	return nil
}

// SliceOf is []t, or nil when t is nil.
func SliceOf(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return types.NewSlice(t)
}

// IsBool reports whether t's underlying type is bool.
func IsBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

var errorType = types.Universe.Lookup("error").Type()

// IsError reports whether t is the predeclared error interface itself (not a type that
// implements it).
func IsError(t types.Type) bool {
	return types.Identical(t, errorType)
}

// IsErrorInterface reports whether t is error or an interface that includes its method set
// (a value of t is an error whatever its dynamic type).
func IsErrorInterface(t types.Type) bool {
	if IsError(t) {
		return true
	}
	_, isIface := t.Underlying().(*types.Interface)
	return isIface && ImplementsError(t)
}

// ImplementsError reports whether t is error or any type that implements it.
func ImplementsError(t types.Type) bool {
	return t != nil && (IsError(t) || types.Implements(t, errorType.Underlying().(*types.Interface)))
}

// FuncByKey finds the package-level function "package path.Name" in pkg or the packages
// it imports, directly or not; nil when key is empty or not found.
func FuncByKey(pkg *types.Package, key string) *types.Func {
	i := strings.LastIndex(key, ".")
	if pkg == nil || i < 0 {
		return nil
	}
	path, name := key[:i], key[i+1:]
	seen := map[*types.Package]bool{}
	var find func(p *types.Package) *types.Func
	find = func(p *types.Package) *types.Func {
		if seen[p] {
			return nil
		}
		seen[p] = true
		if p.Path() == path {
			fn, _ := p.Scope().Lookup(name).(*types.Func)
			return fn
		}
		for _, q := range p.Imports() {
			if fn := find(q); fn != nil {
				return fn
			}
		}
		return nil
	}
	return find(pkg)
}

// IsParam reports whether v is a parameter or receiver of a function or literal in
// files.
func IsParam(files []*ast.File, v *types.Var) bool {
	for _, f := range files {
		if v.Pos() < f.Pos() || v.Pos() >= f.End() {
			continue
		}
		found := false
		ast.Inspect(f, func(n ast.Node) bool {
			if found || n == nil {
				return false
			}
			switch x := n.(type) {
			case *ast.FuncDecl:
				if x.Recv != nil && x.Recv.Pos() <= v.Pos() && v.Pos() < x.Recv.End() {
					found = true
				}
			case *ast.FuncType:
				if x.Params != nil && x.Params.Pos() <= v.Pos() && v.Pos() < x.Params.End() {
					found = true
				}
			}
			return n.Pos() <= v.Pos() && v.Pos() < n.End()
		})
		return found
	}
	return false
}

// OnlyRead reports whether the value of e, assigned in body to a local variable (`v := e`), is
// only read there: its methods and fields, or json.Marshal of it; never handed on, returned or
// stored.
func OnlyRead(info *types.Info, body *ast.BlockStmt, e ast.Node) bool {
	var v types.Object
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == e {
			if id, ok := as.Lhs[0].(*ast.Ident); ok {
				v = info.Defs[id]
			}
		}
		return v == nil
	})
	if v == nil {
		return false
	}
	var parents []ast.Node // the parent of each use of v
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v && len(stack) > 0 {
			parents = append(parents, stack[len(stack)-1])
		}
		stack = append(stack, n)
		return true
	})
	for _, parent := range parents {
		switch p := parent.(type) {
		case *ast.SelectorExpr:
			// v.MarshalJSON(), v.InputSchema
		case *ast.CallExpr:
			if !IsPkgFunc(info, p, "encoding/json", "Marshal") && !IsPkgFunc(info, p, "encoding/json", "MarshalIndent") {
				return false
			}
		default:
			return false
		}
	}
	return len(parents) > 0
}

// BuiltAt is where SSA places the allocation or call that makes the value of n: a composite
// literal's brace, a call's left parenthesis.
func BuiltAt(n ast.Node) token.Pos {
	switch x := n.(type) {
	case *ast.CallExpr:
		return x.Lparen
	case ast.Expr:
		if lit := CompositeOf(x); lit != nil {
			return lit.Lbrace
		}
	}
	return token.NoPos
}

// FindPackage is the package of the given path among p and its transitive imports, or nil.
func FindPackage(p *types.Package, path string) *types.Package {
	seen := map[*types.Package]bool{}
	var walk func(*types.Package) *types.Package
	walk = func(x *types.Package) *types.Package {
		if x.Path() == path {
			return x
		}
		if seen[x] {
			return nil
		}
		seen[x] = true
		for _, imp := range x.Imports() {
			if found := walk(imp); found != nil {
				return found
			}
		}
		return nil
	}
	return walk(p)
}

// ReflectValueOfArg is x for e written `reflect.ValueOf(x)`, or nil.
func ReflectValueOfArg(info *types.Info, e ast.Expr) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	f, _ := typeutil.Callee(info, call).(*types.Func)
	if f == nil || f.Pkg() == nil || f.Pkg().Path() != "reflect" || f.Name() != "ValueOf" {
		return nil
	}
	return call.Args[0]
}

// ReflectCallArgs are the arguments a reflective call passes when written as a slice literal
// of reflect.ValueOf calls: `v.Call([]reflect.Value{reflect.ValueOf(ctx), reflect.ValueOf(req)})`
// passes ctx and req. Nil when they are not written so.
func ReflectCallArgs(info *types.Info, call *ast.CallExpr) []ast.Expr {
	if len(call.Args) != 1 {
		return nil
	}
	lit, ok := ast.Unparen(call.Args[0]).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	out := make([]ast.Expr, len(lit.Elts))
	for i, e := range lit.Elts {
		if out[i] = ReflectValueOfArg(info, e); out[i] == nil {
			return nil
		}
	}
	return out
}

// MayHold reports whether a value of type t may hold a value of a type pred admits: t
// itself, or the type of an element, pointee or struct field reached from it.
func MayHold(t types.Type, pred func(types.Type) bool) bool {
	return Reaches(t, pred, Edges{Chans: true})
}

// Edges are the steps Reaches takes besides pointees, slice, array and map elements and
// struct fields: what a type holds differs by who asks (a value held through a channel, a
// schema that covers a map's keys).
type Edges struct {
	MapKeys, Chans bool
}

// Reaches reports whether pred admits t or a type reached from it through its underlying
// types along the steps edges allow.
func Reaches(t types.Type, pred func(types.Type) bool, edges Edges) bool {
	return walkOnce(t, func(t types.Type, walk func(types.Type) bool) bool {
		return pred(t) || anyComponent(t.Underlying(), edges, walk)
	})
}

// anyComponent reports whether f holds for a type that a value of the composite type t
// directly holds, tried in order: the pointee, the element, a map's key (edges.MapKeys) and
// value, a channel's element (edges.Chans), each field's type. Other types hold none.
func anyComponent(t types.Type, edges Edges, f func(types.Type) bool) bool {
	switch x := t.(type) {
	case *types.Pointer:
		return f(x.Elem())
	case *types.Slice:
		return f(x.Elem())
	case *types.Array:
		return f(x.Elem())
	case *types.Map:
		return edges.MapKeys && f(x.Key()) || f(x.Elem())
	case *types.Chan:
		return edges.Chans && f(x.Elem())
	case *types.Struct:
		for i := range x.NumFields() {
			if f(x.Field(i).Type()) {
				return true
			}
		}
	}
	return false
}

// FileOf is the file of files that holds pos, or nil.
func FileOf(files []*ast.File, pos token.Pos) *ast.File {
	for _, f := range files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// FuncValueText says in a few words what function value e is, for a reason that names a
// value recognition does not follow: an element, what a call returns, an interface method, a
// field, or the value itself.
func FuncValueText(info *types.Info, e ast.Expr) string {
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.IndexExpr:
		return "an element of " + types.ExprString(x.X)
	case *ast.CallExpr:
		return "the function " + types.ExprString(x.Fun) + " returns"
	case *ast.SelectorExpr:
		if sel := info.Selections[x]; sel != nil {
			if sel.Kind() == types.MethodVal && types.IsInterface(sel.Recv()) {
				return "the interface method " + types.ExprString(x)
			}
			if sel.Kind() == types.FieldVal {
				return "the function held in the field " + types.ExprString(x)
			}
		}
	}
	return "the function value " + types.ExprString(e)
}

// ReturnsList reports whether o is a function one of whose results is a value is accepts, or
// a map, slice or array of such values: a list another package reads, not a struct (whose
// fields other questions follow).
func ReturnsList(o types.Object, is func(types.Type) bool) bool {
	fn, ok := o.(*types.Func)
	return ok && slices.ContainsFunc(slices.Collect(fn.Signature().Results().Variables()), func(v *types.Var) bool {
		switch t := v.Type().Underlying().(type) {
		case *types.Map, *types.Slice, *types.Array:
			return is(t.(interface{ Elem() types.Type }).Elem())
		}
		return is(v.Type())
	})
}

// NamedStruct is the named struct type of v, through one pointer, or nil.
func NamedStruct(v types.Object) *types.TypeName {
	if v == nil {
		return nil
	}
	t := v.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if _, isStruct := named.Underlying().(*types.Struct); !isStruct {
		return nil
	}
	return named.Origin().Obj()
}
