package manifest

import (
	"go/ast"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/mcpdefs"
)

// envUseAnalyzer reports, at each environment read, what classifyReads makes of it.
var envUseAnalyzer = &analysis.Analyzer{
	Name:     "envuse",
	Doc:      "test: prints classifyReads' answers",
	Requires: []*analysis.Analyzer{mcpdefs.FlowEngine},
	Run: func(pass *analysis.Pass) (any, error) {
		fl := pass.ResultOf[mcpdefs.FlowEngine].(*flow.Result)
		var reads []*ast.CallExpr
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok && envReadName(pass.TypesInfo, c) != "" {
					reads = append(reads, c)
				}
				return true
			})
		}
		use := classifyReads(pass.TypesInfo, fl, reads)
		for _, r := range reads {
			var what []string
			switch {
			case use.required[r] && !use.optional[r]:
				what = append(what, "required")
			case use.optional[r]:
				what = append(what, "optional")
			}
			if fb := use.fallbackFor[r]; fb != "" {
				what = append(what, "fallback for "+fb)
			}
			if len(what) > 0 {
				pass.Reportf(r.Pos(), "%s %s", envReadName(pass.TypesInfo, r), strings.Join(what, " "))
			}
		}
		return nil, nil
	},
}

func TestClassifyReads(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), envUseAnalyzer, "example.com/envuse")
}
