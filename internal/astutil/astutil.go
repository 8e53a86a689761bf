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
