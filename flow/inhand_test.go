package flow_test

import (
	"fmt"
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
)

// inHandAnalyzer reports, at every return, how many errors the engine knows to be non-nil
// wherever its block runs (Result.InHand) and what the path knows of the error of the
// function's first call of one or two (Path.Known), and the variables a taken test filled
// from an error (Result.Bound).
var inHandAnalyzer = &analysis.Analyzer{
	Name:     "inhand",
	Doc:      "test: prints the engine's InHand and Known",
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
				var errV ssa.Value
				if c := firstCall(fn, "one", "two"); c != nil {
					_, errV = flow.FirstAndLast(c)
				}
				done := map[*ast.ReturnStmt]bool{}
				for _, p := range res.Paths(fn) {
					ret := flow.ReturnStmt(fd, p.Return.Pos())
					if ret == nil || done[ret] || errV == nil {
						continue
					}
					done[ret] = true
					msg := ""
					if n := len(res.InHand(p.Return.Block())); n > 0 {
						msg = fmt.Sprintf("in hand %d; ", n)
					}
					pass.Reportf(ret.Pos(), "%serr %s%s", msg, p.Known(errV), boundNames(res.Bound(p.Return.Block())))
				}
			}
		}
		return nil, nil
	},
}

// boundNames prints Result.Bound: an errors.As target by its variable, an assertion's value by
// its type.
func boundNames(vals []ssa.Value) string {
	out := ""
	for _, v := range vals {
		switch v := v.(type) {
		case *ssa.Alloc:
			out += "; bound " + v.Comment
		default:
			out += "; bound " + v.Type().String()
		}
	}
	return out
}

func TestInHand(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), inHandAnalyzer, "example.com/inhand")
}
