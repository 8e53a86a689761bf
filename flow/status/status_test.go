package status_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/flow/status"
)

var engine = flow.New(nil)

// statusAnalyzer reports, at every return, the function whose response's failing status the
// return lies behind (status.Failure), and the interface method whose decoded answer lacks
// what the return lies behind the check of (status.Missing).
var statusAnalyzer = &analysis.Analyzer{
	Name:     "status",
	Doc:      "test: prints the engine's status.Failure",
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
				for _, b := range fn.Blocks {
					ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
					if !ok {
						continue
					}
					if c := status.Failure(fn, b); c != nil && ret.Pos().IsValid() {
						pass.Reportf(ret.Pos(), "status: %s", c.Call.StaticCallee().Name())
					}
					if c := status.Missing(fn, b, res.CallLeaves); c != nil && ret.Pos().IsValid() {
						pass.Reportf(ret.Pos(), "missing: %s", c.Call.Method.Name())
					}
				}
			}
		}
		return nil, nil
	},
}

func TestFailure(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), statusAnalyzer, "example.com/status")
}

// TestMissing: a field of an upstream call's decoded answer found nil (or an error field
// found set) is the call's failure; near misses in the same package stay silent.
func TestMissing(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), statusAnalyzer, "example.com/missing")
}
