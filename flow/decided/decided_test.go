package decided_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/flow/decided"
)

var engine = flow.New(nil)

// decidedAnalyzer reports, at every return built where an error is in hand, whether a branch
// decided it on something else than the error's nil test (decided.Otherwise).
var decidedAnalyzer = &analysis.Analyzer{
	Name:     "decided",
	Doc:      "test: prints decided.Otherwise at each return with an error in hand",
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
				if fn == nil {
					continue
				}
				for _, b := range fn.Blocks {
					ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
					hand := res.InHand(b)
					if !ok || !ret.Pos().IsValid() || len(hand) == 0 {
						continue
					}
					if decided.Otherwise(b, hand) {
						pass.Reportf(ret.Pos(), "decided otherwise")
					} else {
						pass.Reportf(ret.Pos(), "the failure")
					}
				}
			}
		}
		return nil, nil
	},
}

func TestOtherwise(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), decidedAnalyzer, "example.com/decided")
}
