package astutil

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"slices"
)

// ReturnedWhole reports whether call is written as the whole of one of fn's returns
// (`return f(x)`), in fn's own body rather than a function literal inside it.
func ReturnedWhole(fn ast.Node, call *ast.CallExpr) bool {
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok && n != fn {
			return false
		}
		if ret, ok := n.(*ast.ReturnStmt); ok && len(ret.Results) == 1 && ast.Unparen(ret.Results[0]) == call {
			found = true
		}
		return !found
	})
	return found
}

// ReadsElsewhere reports whether every local variable e reads (outside kept, which a rewrite
// keeps) is read somewhere else in fn too, so that deleting e leaves none declared and not
// used.
func ReadsElsewhere(info *types.Info, fn ast.Node, e ast.Expr, kept ...ast.Node) bool {
	locals := map[*types.Var]bool{}
	ast.Inspect(e, func(n ast.Node) bool {
		if slices.Contains(kept, n) {
			return false
		}
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && v.Parent() != nil && v.Parent() != v.Pkg().Scope() && !v.IsField() {
				locals[v] = true
			}
		}
		return true
	})
	for v := range locals {
		found := false
		ast.Inspect(fn, func(n ast.Node) bool {
			if found || n == e {
				return false
			}
			if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v {
				found = true
			}
			return !found
		})
		if !found {
			return false
		}
	}
	return true
}

// Render prints a node as source text, or "" when it cannot be printed.
func Render(fset *token.FileSet, n ast.Node) string {
	var b bytes.Buffer
	if err := format.Node(&b, fset, n); err != nil {
		return ""
	}
	return b.String()
}
