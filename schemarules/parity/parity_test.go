package parity_test

import (
	"go/ast"
	"go/types"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint-go/mcplint/flow/defuse"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/typewalk"
	"github.com/mcplint-go/mcplint/schemarules/parity"
)

// TestEngine: for each function render*(Out) string, the leaves of Out its returned text
// does not show: read directly, through a builder and a range loop, as a whole value with %v,
// and through a helper of the package.
func TestEngine(t *testing.T) {
	report := &analysis.Analyzer{
		Name:       "describeparity",
		Doc:        "test-only: reports the leaves each render function leaves out",
		Requires:   []*analysis.Analyzer{defuse.Analyzer},
		ResultType: reflect.TypeFor[bool](),
		Run: func(pass *analysis.Pass) (any, error) {
			index := pass.ResultOf[defuse.Analyzer].(*defuse.Index)
			for _, file := range pass.Files {
				for _, d := range file.Decls {
					decl, ok := d.(*ast.FuncDecl)
					if !ok || !strings.HasPrefix(decl.Name.Name, "render") {
						continue
					}
					param := pass.TypesInfo.Defs[decl.Name].(*types.Func).Signature().Params().At(0)
					e := parity.NewEngine(pass.TypesInfo, &mcpdefs.Result{}, index, typewalk.Walk(param.Type(), typewalk.GoSDK))
					f := e.FuncOf(decl)
					roots := parity.Aliases{}
					roots.Add(param, nil)
					var sinks []ast.Expr
					for _, ret := range f.Returns {
						sinks = append(sinks, ret.Results...)
					}
					e.Run(f, roots, sinks)
					res := e.Result()
					if res.Unchecked != "" {
						pass.Reportf(decl.Name.Pos(), "%s: unchecked: %s", decl.Name.Name, res.Unchecked)
						continue
					}
					if len(res.Missing) == 0 {
						pass.Reportf(decl.Name.Pos(), "%s: every leaf shown", decl.Name.Name)
						continue
					}
					var missing []string
					for _, l := range res.Missing {
						missing = append(missing, l.Path.Under("output"))
					}
					pass.Reportf(decl.Name.Pos(), "%s: missing %s", decl.Name.Name, strings.Join(missing, ", "))
				}
			}
			return true, nil
		},
	}
	analysistest.Run(t, analysistest.TestData(), report, "p")
}
