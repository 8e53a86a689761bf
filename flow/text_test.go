package flow_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint-go/mcplint/flow"
)

// textAnalyzer reports every fmt.Errorf whose result the engine says is used only for its
// text (flow.Result.TextOnly); the ErrorAsText facts are checked by their `want` comments.
var textAnalyzer = &analysis.Analyzer{
	Name:     "text",
	Doc:      "test: prints the engine's TextOnly",
	Requires: []*analysis.Analyzer{engine},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[engine].(*flow.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				fd, ok := n.(*ast.FuncDecl)
				if !ok {
					return true
				}
				fn := res.Function(fd)
				ast.Inspect(fd, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok {
						return true
					}
					if sel, ok := call.Fun.(*ast.SelectorExpr); !ok || sel.Sel.Name != "Errorf" {
						return true
					}
					if c, _ := flow.CallIn(fn, call.Lparen); c != nil && res.TextOnly(c) {
						pass.Reportf(call.Pos(), "text only")
					}
					return true
				})
				return false
			})
		}
		return nil, nil
	},
}

func TestTextOnly(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), textAnalyzer, "example.com/text/...")
}
