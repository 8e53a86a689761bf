package parity_test

import (
	"go/ast"
	"go/types"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/mcpdefs/typewalk"
	"github.com/mcplint-go/mcplint/schemarules/parity"
)

var engine = flow.New(nil)

// TestEngine: for each function render*(Out, ...) string, the leaves of Out its returned text
// does not show: read directly, through a builder and a range loop, as a whole value with %v,
// through a helper of the package, through a variable, an else branch, a guard, a closure, a
// count, json.Marshal, a copy into another value and an interface.
func TestEngine(t *testing.T) {
	report := &analysis.Analyzer{
		Name:       "describeparity",
		Doc:        "test-only: reports the leaves each render function leaves out",
		Requires:   []*analysis.Analyzer{engine},
		ResultType: reflect.TypeFor[bool](),
		Run: func(pass *analysis.Pass) (any, error) {
			fl := pass.ResultOf[engine].(*flow.Result)
			for _, file := range pass.Files {
				for _, d := range file.Decls {
					decl, ok := d.(*ast.FuncDecl)
					if !ok || !strings.HasPrefix(decl.Name.Name, "render") {
						continue
					}
					param := pass.TypesInfo.Defs[decl.Name].(*types.Func).Signature().Params().At(0)
					e := parity.NewEngine(fl, typewalk.Walk(param.Type(), typewalk.GoSDK))
					fn := fl.Function(decl)
					e.Output(fn.Params[0])
					var sinks []ssa.Value
					for _, b := range fn.Blocks {
						if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
							sinks = append(sinks, ret.Results...)
						}
					}
					e.Run(fn, sinks)
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
	analysistest.Run(t, analysistest.TestData(), report, "example.com/parity")
}
