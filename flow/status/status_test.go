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
// return lies behind (status.Failure).
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
				}
			}
		}
		return nil, nil
	},
}

func TestFailure(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), statusAnalyzer, "example.com/status")
}
