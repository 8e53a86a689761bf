package slice_test

import (
	"go/ast"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/flow/slice"
)

var engine = flow.New(nil)

// sliceAnalyzer reports, at every function slice*, which of its parameters the slice of its
// returned values uses. Counts (len, cap) are not made of their argument, and the walk stops at
// the results of calls of opaque.
var sliceAnalyzer = &analysis.Analyzer{
	Name:     "slice",
	Doc:      "test: prints the parameters each function's returned values are made of",
	Requires: []*analysis.Analyzer{engine},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[engine].(*flow.Result)
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				decl, ok := d.(*ast.FuncDecl)
				if !ok || !strings.HasPrefix(decl.Name.Name, "slice") {
					continue
				}
				fn := res.Function(decl)
				var seeds []ssa.Value
				for _, b := range fn.Blocks {
					if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
						seeds = append(seeds, ret.Results...)
					}
				}
				s := &slice.Slice{
					Args: func(c *ssa.Call) bool {
						b, ok := c.Call.Value.(*ssa.Builtin)
						return !ok || b.Name() != "len" && b.Name() != "cap"
					},
					Stop: func(v ssa.Value) bool {
						c := flow.CallOf(v)
						return c != nil && flow.Callee(c) != nil && flow.Callee(c).Name() == "opaque"
					},
				}
				s.From(seeds...)
				var reached []string
				for _, p := range fn.Params {
					if len(s.Uses(p)) > 0 || slices.Contains(seeds, ssa.Value(p)) {
						reached = append(reached, p.Name())
					}
				}
				if len(reached) == 0 {
					reached = []string{"nothing"}
				}
				pass.Reportf(decl.Name.Pos(), "reaches %s", strings.Join(reached, ", "))
			}
		}
		return nil, nil
	},
}

func TestSlice(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), sliceAnalyzer, "example.com/slice")
}
