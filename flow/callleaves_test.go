package flow_test

import (
	"fmt"
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint-go/mcplint/flow"
)

// callLeavesAnalyzer reports every call the engine says leaves the process (CallLeaves:
// through a package variable's method value or factory closure, an interface method taking a
// context, the standard library's I/O; not a request builder, not a parser), and for every
// call the arguments that hold such a call's error (UpstreamArgs).
var callLeavesAnalyzer = &analysis.Analyzer{
	Name:     "callleaves",
	Doc:      "test: prints the engine's CallLeaves and UpstreamArgs",
	Requires: []*analysis.Analyzer{engine},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[engine].(*flow.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				c, _ := flow.CallIn(enclosingFunction(res, f, call), call.Lparen)
				if c == nil {
					return true
				}
				if res.CallLeaves(c) {
					pass.Reportf(call.Pos(), "leaves")
				}
				if args := res.UpstreamArgs(c); len(args) > 0 {
					pass.Reportf(call.Pos(), "upstream args %s", fmt.Sprint(args[0]))
				}
				return true
			})
		}
		return nil, nil
	},
}

func TestCallLeaves(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), callLeavesAnalyzer, "example.com/callleaves")
}
