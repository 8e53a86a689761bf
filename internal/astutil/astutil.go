// Package astutil holds small syntax helpers the recognition layer and the rule families share.
package astutil

import (
	"go/ast"
	"go/token"
	"go/types"
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

// IsNil reports whether e is the predeclared nil (not a variable that holds nil, and not an
// identifier named nil that shadows it).
func IsNil(info *types.Info, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.Uses[id] == types.Universe.Lookup("nil")
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

// Assignments lists every expression assigned to each variable in body: assignments,
// declarations and, as nil, a zero-value declaration or an escaping &x (anything may assign
// it then). A call that defines several variables (x, err := f()) is recorded for each of them
// when tupleCalls is true (the call stands for all it defines), and as nil otherwise (not
// followed, for a caller that needs to know which result a variable holds).
func Assignments(info *types.Info, body *ast.BlockStmt, tupleCalls bool) map[types.Object][]ast.Expr {
	out := map[types.Object][]ast.Expr{}
	record := func(id *ast.Ident, e ast.Expr) {
		obj := info.Defs[id]
		if obj == nil {
			obj = info.Uses[id]
		}
		if obj != nil {
			out[obj] = append(out[obj], e)
		}
	}
	tuple := func(e ast.Expr) ast.Expr {
		if tupleCalls {
			return e
		}
		return nil
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, ok := ast.Unparen(lhs).(*ast.Ident)
				if !ok {
					continue
				}
				if len(n.Lhs) == len(n.Rhs) {
					record(id, n.Rhs[i])
				} else {
					record(id, tuple(n.Rhs[0]))
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				switch {
				case len(n.Values) == len(n.Names):
					record(id, n.Values[i])
				case len(n.Values) == 1:
					record(id, tuple(n.Values[0]))
				default:
					record(id, nil)
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
					record(id, nil)
				}
			}
		}
		return true
	})
	return out
}
