package flow_test

import (
	"fmt"
	"go/ast"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint-go/mcplint/flow"
)

// summaryAnalyzer reports, at every call of probe whose argument is another call's results,
// the summary of the function that call runs (Result.SummaryOfCall: the package's own, an
// imported fact, or a fact on a package variable that holds one function), whether result 0
// can be nil (CanBeNil), and the concrete types it holds where it is not nil (NonNilTypes).
var summaryAnalyzer = &analysis.Analyzer{
	Name:     "summary",
	Doc:      "test: prints the engine's summaries of called functions",
	Requires: []*analysis.Analyzer{engine},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[engine].(*flow.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) != 1 {
					return true
				}
				if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "probe" {
					return true
				}
				inner, ok := call.Args[0].(*ast.CallExpr)
				if !ok {
					return true
				}
				c, _ := flow.CallIn(enclosingFunction(res, f, call), inner.Lparen)
				s := res.SummaryOfCall(c)
				if s == nil {
					return true
				}
				var parts []string
				text := strings.TrimPrefix(s.String(), "flow ")
				parts = append(parts, fmt.Sprintf("%s: %s", calledName(inner), text))
				if s.CanBeNil(0) {
					parts = append(parts, "result 0 can be nil")
				}
				if names, all := s.NonNilTypes(0); all && len(names) == 1 {
					parts = append(parts, "result 0 is "+names[0])
				}
				pass.Reportf(call.Pos(), "%s", strings.Join(parts, "; "))
				return true
			})
		}
		return nil, nil
	},
}

// calledName names the function a call expression calls, as written.
func calledName(call *ast.CallExpr) string {
	switch fun := call.Fun.(type) {
	case *ast.SelectorExpr:
		return fun.Sel.Name
	case *ast.Ident:
		return fun.Name
	}
	return "?"
}

func TestSummaries(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), summaryAnalyzer, "example.com/summ")
}
