package flow_test

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
)

// valuesAnalyzer reports, for each argument of every call of probe (read as written with
// flow.Arguments), what the small questions about one value answer: the call it is a result
// of (CallOf, Callee), whether it depends on the function's first call of get (DependsOn),
// whether the function tests it against nil (NilTested on its branches), the calls given its
// address (CallsGiven), how many values were stored through it (Stored) and whether it is
// the constant nil (IsNilConst).
var valuesAnalyzer = &analysis.Analyzer{
	Name:     "values",
	Doc:      "test: prints the engine's answers about values",
	Requires: []*analysis.Analyzer{engine},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[engine].(*flow.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "probe" {
					return true
				}
				fn := enclosingFunction(res, f, call)
				c, _ := flow.CallIn(fn, call.Lparen)
				if c == nil {
					return true
				}
				get := firstCall(fn, "get")
				var parts []string
				for i, a := range flow.Arguments(c) {
					if mi, ok := a.(*ssa.MakeInterface); ok {
						a = mi.X
					}
					a = flow.Core(a)
					var says []string
					if flow.IsNilConst(a) {
						says = append(says, "nil")
					}
					if cl := flow.CallOf(a); cl != nil && flow.Callee(cl) != nil {
						says = append(says, "call "+flow.Callee(cl).Name())
					}
					if get != nil && flow.CallOf(a) != get && flow.DependsOn(a, get) {
						says = append(says, "depends on get")
					}
					if nilTested(fn, a) {
						says = append(says, "nil-tested")
					}
					addr := a
					if ld, ok := a.(*ssa.UnOp); ok && ld.Op == token.MUL {
						addr = ld.X // a local whose address is taken: ask of its cell
					}
					for _, g := range flow.CallsGiven(addr) {
						if callee := flow.Callee(g); callee != nil {
							says = append(says, "given to "+callee.Name())
						}
					}
					if n := len(flow.Stored(addr)); n > 1 {
						says = append(says, fmt.Sprintf("stored %d", n))
					}
					if len(says) > 0 {
						parts = append(parts, fmt.Sprintf("arg %d: %s", i, strings.Join(says, ", ")))
					}
				}
				if len(parts) > 0 {
					pass.Reportf(call.Pos(), "%s", strings.Join(parts, "; "))
				}
				return true
			})
		}
		return nil, nil
	},
}

// nilTested reports whether some branch of fn tests v against nil (flow.NilTested).
func nilTested(fn *ssa.Function, v ssa.Value) bool {
	for _, b := range fn.Blocks {
		if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && flow.NilTested(ifi.Cond) == v {
			return true
		}
	}
	return false
}

func TestValues(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), valuesAnalyzer, "example.com/values")
}
