package astutil

import "go/ast"

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
