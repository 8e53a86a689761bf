package flow_test

import (
	"go/ast"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/flow"
)

// leavesAnalyzer reports every function declared, and every call of a function outside the
// standard library, that the engine says leaves the process (flow.Result.LeavesProcess).
var leavesAnalyzer = &analysis.Analyzer{
	Name:     "leaves",
	Doc:      "test: prints the engine's LeavesProcess",
	Requires: []*analysis.Analyzer{engine},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[engine].(*flow.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncDecl:
					if fn, ok := pass.TypesInfo.Defs[n.Name].(*types.Func); ok && res.LeavesProcess(fn) {
						pass.Reportf(n.Name.Pos(), "leaves")
					}
				case *ast.CallExpr:
					fn, ok := typeutil.Callee(pass.TypesInfo, n).(*types.Func)
					if ok && fn.Pkg() != nil && strings.Contains(fn.Pkg().Path(), ".") && res.LeavesProcess(fn) {
						pass.Reportf(n.Pos(), "leaves")
					}
				}
				return true
			})
		}
		return nil, nil
	},
}

func TestLeavesProcess(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), leavesAnalyzer, "example.com/leaves/...")
}

// deadAnalyzer reports every return in a block no path runs (flow.Result.Dead).
var deadAnalyzer = &analysis.Analyzer{
	Name:     "dead",
	Doc:      "test: prints the engine's Dead",
	Requires: []*analysis.Analyzer{engine},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[engine].(*flow.Result)
		for _, fn := range res.Functions() {
			for _, b := range fn.Blocks {
				if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && ret.Pos().IsValid() && res.Dead(b) {
					pass.Reportf(ret.Pos(), "dead")
				}
			}
		}
		return nil, nil
	},
}

func TestDead(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), deadAnalyzer, "example.com/dead")
}
