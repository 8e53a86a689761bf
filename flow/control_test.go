package flow_test

import (
	"go/ast"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/flow/decided"
)

// controlAnalyzer reports, at every return, the branches that decide whether it runs
// (flow.Controlling: innermost first, the way each is taken), the errors in hand on its path,
// and whether a branch taken after they arose decides it on something else than their nil
// test (decided.Otherwise).
var controlAnalyzer = &analysis.Analyzer{
	Name:     "control",
	Doc:      "test: prints the engine's Controlling and decided.Otherwise",
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
				done := map[*ast.ReturnStmt]bool{}
				for _, p := range res.Paths(fn) {
					ret := flow.ReturnStmt(fd, p.Return.Pos())
					if ret == nil || done[ret] {
						continue
					}
					done[ret] = true
					b := p.Return.Block()
					var ways []string
					for _, c := range flow.Controlling(b) {
						if c.Taken {
							ways = append(ways, "taken")
						} else {
							ways = append(ways, "not taken")
						}
					}
					if len(ways) == 0 {
						continue
					}
					msg := "controlled by " + strings.Join(ways, ", ")
					hand := p.InHand()
					if len(hand) > 0 {
						msg += "; in hand " + string(rune('0'+len(hand)))
						if decided.Otherwise(b, hand) {
							msg += "; decided otherwise"
						}
					}
					pass.Reportf(ret.Pos(), "%s", msg)
				}
			}
		}
		return nil, nil
	},
}

func TestControl(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), controlAnalyzer, "example.com/control")
}
