package astutil

import (
	"go/ast"
	"go/types"
)

// EnclosingLoop is the innermost for or range statement in body that contains n, or nil.
func EnclosingLoop(body ast.Node, n ast.Node) ast.Node {
	var loop ast.Node
	ast.Inspect(body, func(m ast.Node) bool {
		if m == nil || m.Pos() > n.Pos() || n.End() > m.End() {
			return false
		}
		switch m.(type) {
		case *ast.RangeStmt, *ast.ForStmt:
			loop = m // the innermost: Inspect goes on into it
		}
		return true
	})
	return loop
}

// ReturnsFunc reports whether call's value is a function.
func ReturnsFunc(info *types.Info, call *ast.CallExpr) bool {
	if info == nil {
		return false
	}
	t := info.TypeOf(call)
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// ResolveAll resolves each of exprs (the results a callee can return) and returns what they
// all resolve to: the zero value when one resolves to nothing or two to different things.
func ResolveAll[T comparable](exprs []ast.Expr, resolve func(ast.Expr) T) T {
	var found, none T
	for _, e := range exprs {
		got := resolve(e)
		if got == none || (found != none && found != got) {
			return none
		}
		found = got
	}
	return found
}

// KeyedWithout reports whether lit is a keyed composite literal (its first element is
// key: value) whose fields f, by key, leave out key.
func KeyedWithout(lit *ast.CompositeLit, f map[string]ast.Expr, key string) bool {
	if _, ok := f[key]; ok || len(lit.Elts) == 0 {
		return false
	}
	_, keyed := lit.Elts[0].(*ast.KeyValueExpr)
	return keyed
}
