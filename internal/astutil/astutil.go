// Package astutil holds small syntax helpers the recognition layer and the rule families share.
package astutil

import (
	"go/ast"
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
