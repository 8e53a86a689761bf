package flow_test

import (
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint-go/mcplint/flow"
)

// syntaxAnalyzer checks the bridge from SSA positions back to syntax: for every call,
// type assertion and composite literal of a function, the engine finds the SSA value written
// there (CallIn, AssertedIn) and the syntax at the position SSA gives it (CallExprAt,
// CompositeLitAt, NodeStart, and the package's index, CallSyntax), and reports what it found;
// for a function literal, the declaration it is written in (Outermost).
var syntaxAnalyzer = &analysis.Analyzer{
	Name:     "syntax",
	Doc:      "test: maps syntax to SSA and back",
	Requires: []*analysis.Analyzer{engine},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[engine].(*flow.Result)
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok {
					continue
				}
				fn := res.Function(fd)
				if fn == nil {
					continue
				}
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					switch x := n.(type) {
					case *ast.CallExpr:
						c, b := flow.CallIn(fn, x.Lparen)
						if c != nil && b != nil && flow.CallExprAt(fd, c.Pos()) == x && res.CallSyntax(c.Pos()) == x && flow.NodeStart(fn, c.Pos()) == x.Pos() {
							pass.Reportf(x.Pos(), "call %s", types.ExprString(x.Fun))
						}
					case *ast.TypeAssertExpr:
						if v := flow.AssertedIn(fn, x.Lparen); v != nil {
							pass.Reportf(x.Pos(), "assert %s", types.ExprString(x.Type))
						}
					case *ast.FuncLit:
						if lit := res.Function(x); lit != nil && lit != fn && flow.Outermost(lit) == fn {
							pass.Reportf(x.Pos(), "function literal in %s", fn.Name())
						}
					case *ast.CompositeLit:
						if flow.CompositeLitAt(fd, x.Lbrace) == x {
							pass.Reportf(x.Pos(), "literal %s", types.ExprString(x.Type))
						}
					}
					return true
				})
			}
		}
		return nil, nil
	},
}

func TestSyntax(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), syntaxAnalyzer, "example.com/syntax")
}
