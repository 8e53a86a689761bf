package mcpdefs

import "go/ast"

// nameIdent returns the identifier that e names: x for x, Sel for pkg.Sel or v.Sel, nil for
// any other expression. Looking it up in types.Info.Uses gives the object e refers to.
func nameIdent(e ast.Expr) *ast.Ident {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}
