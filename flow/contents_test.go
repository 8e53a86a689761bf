package flow_test

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint-go/mcplint/flow"
)

// contentsAnalyzer reports, at every call of a function whose name starts with register, what its argument
// leads to: the functions' names, then the names of the types converted to an interface.
var contentsAnalyzer = &analysis.Analyzer{
	Name:     "contents",
	Doc:      "test: prints the engine's ContentsOf",
	Requires: []*analysis.Analyzer{engine},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[engine].(*flow.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if id, isIdent := ast.Unparen(call.Fun).(*ast.Ident); !isIdent || !strings.HasPrefix(id.Name, "register") {
					return true
				}
				c := res.CallAt(call.Lparen)
				if c == nil {
					return true
				}
				got := res.ContentsOf(c.Call.Args...)
				var names []string
				for _, fn := range got.Funcs {
					names = append(names, fn.Name())
				}
				for _, t := range got.Types {
					names = append(names, strings.TrimPrefix(types.TypeString(t, (*types.Package).Name), "contents."))
				}
				slices.Sort(names)
				if len(names) == 0 {
					names = []string{"-"}
				}
				pass.Reportf(call.Pos(), "contents: %s", strings.Join(names, " "))
				return true
			})
		}
		return nil, nil
	},
}

func TestContentsOf(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), contentsAnalyzer, "example.com/contents")
}
