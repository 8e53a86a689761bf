package metamorphic

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"github.com/stretchr/testify/require"
)

// A node moved by a rewrite is found on its new line: the printed text, parsed back, lists
// the same nodes in the same order.
func TestPrintedNodesKeepTheirIdentity(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "a.go", `package a

import "errors"

func f(err error) error {
	if err != nil { return errors.New("a") } // want "x"
	return nil
}
`, parser.ParseComments)
	require.NoError(t, err)
	var ret *ast.ReturnStmt
	ast.Inspect(f, func(n ast.Node) bool {
		if r, ok := n.(*ast.ReturnStmt); ok && ret == nil {
			ret = r
		}
		return true
	})
	// Move the return out of the if, in front of it.
	body := f.Decls[1].(*ast.FuncDecl).Body
	ifs := body.List[0].(*ast.IfStmt)
	ifs.Body.List = []ast.Stmt{&ast.ReturnStmt{Results: []ast.Expr{ast.NewIdent("err")}}}
	body.List = append([]ast.Stmt{&ast.ExprStmt{X: &ast.CallExpr{Fun: ast.NewIdent("println")}}, ret}, body.List...)
	u := &unit{origin: map[ast.Node]ast.Node{}, orig: map[ast.Node]ast.Node{}}
	o, err := u.print(f, "a/a.go")
	require.NoError(t, err)
	require.Equal(t, `package a

import "errors"

func f(err error) error {
	println()
	return errors.New("a")
	if err != nil {
		return err
	}
	return nil
}
`, string(o.src), "comments go, braces get lines of their own")
	require.Equal(t, 7, o.lines[ret])
}

func TestFloorsRoundTrip(t *testing.T) {
	m := &Matrix{Rules: []string{"r1", "r2"}, Rewrites: []string{"none", "w1", "w2"}, Cells: map[[2]string]*Cell{}}
	*m.Cell("r1", "w1") = Cell{Rule: "r1", Rewrite: "w1", Kept: 3, Applicable: 4, NearMisses: 5, Reported: 1, Stray: 2}
	*m.Cell("r2", "w2") = Cell{Rule: "r2", Rewrite: "w2", Kept: 0, Applicable: 0, NearMisses: 2}
	back, err := ParseFloors(FormatFloors(m))
	require.NoError(t, err)
	require.Equal(t, []string{"w1", "w2"}, back.Rewrites, "the unrewritten copy is a check, not a column")
	require.Equal(t, Table(m), Table(back))
	require.Equal(t, 1, back.Cell("r1", "w1").LostCount())
	require.Contains(t, Table(back), "| `r1` | 3/4 | n/a | 3/4 (75 %) |")
	require.Contains(t, Table(back), "`r1` under w1: 2")
}
