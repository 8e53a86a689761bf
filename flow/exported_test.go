package flow_test

import (
	"fmt"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint-go/mcplint/flow"
)

// exportedAnalyzer reports, at each exported function and variable that may hold something,
// what the engine says another package may get from it (Result.Exported): the functions of
// other packages whose results it may hold, and the package's own functions.
var exportedAnalyzer = &analysis.Analyzer{
	Name:     "exported",
	Doc:      "test: prints the engine's Exported",
	Requires: []*analysis.Analyzer{engine},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[engine].(*flow.Result)
		for obj, c := range res.Exported(func(types.Object) bool { return true }) {
			var parts []string
			if len(c.Foreign) > 0 {
				parts = append(parts, fmt.Sprintf("foreign %d", len(c.Foreign)))
			}
			if len(c.Funcs) > 0 {
				parts = append(parts, fmt.Sprintf("funcs %d", len(c.Funcs)))
			}
			if len(parts) > 0 {
				pass.Reportf(obj.Pos(), "%s: %s", obj.Name(), strings.Join(parts, ", "))
			}
		}
		return nil, nil
	},
}

func TestExported(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), exportedAnalyzer, "example.com/exported")
}
