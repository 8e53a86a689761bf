package flow_test

import (
	"go/ast"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint-go/mcplint/flow"
)

// heldAnalyzer reports, at every call, the function the engine says it runs (Result.Called,
// found by CallAt) and, for a call through a package variable, the variable (CalledVar);
// the variable's HeldBy must agree. A variable stored twice or whose address is taken holds
// no one function, and a parameter's function is unknown.
var heldAnalyzer = &analysis.Analyzer{
	Name:     "held",
	Doc:      "test: prints the function each call runs",
	Requires: []*analysis.Analyzer{engine},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[engine].(*flow.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) != 1 {
					return true
				}
				c := res.CallAt(call.Lparen)
				fn := res.Called(c)
				if fn == nil {
					return true
				}
				if v := flow.CalledVar(c); v != nil {
					// The variable's own answers agree: stored once, holding fn, and fn is
					// what the call's value is.
					g := res.Package().Var(v.Name())
					held := res.StoredOnce(g) && res.HeldBy(g) == fn && res.FunctionOf(c.Call.Value) == fn
					if obj := res.CalleeOf(c); obj != nil && obj.Name() != fn.Name() && !strings.HasPrefix(fn.Name(), obj.Name()) {
						held = false
					}
					if !held {
						pass.Reportf(call.Pos(), "%s: the variable's answers disagree", v.Name())
						return true
					}
					pass.Reportf(call.Pos(), "runs %s through %s", fn.Name(), v.Name())
					return true
				}
				pass.Reportf(call.Pos(), "runs %s", fn.Name())
				return true
			})
		}
		return nil, nil
	},
}

func TestHeld(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), heldAnalyzer, "example.com/held")
}

// factoryOfAnalyzer reports, at every call through a package variable, the function of
// another package whose result the variable holds (Result.FactoryOf): directly, or through a
// factory of the package that returns it. A variable stored twice, a literal, and a factory
// with two different returns hold no one factory's result.
var factoryOfAnalyzer = &analysis.Analyzer{
	Name:     "factoryof",
	Doc:      "test: prints the factory whose result a called variable holds",
	Requires: []*analysis.Analyzer{engine},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[engine].(*flow.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				id, ok := call.Fun.(*ast.Ident)
				if !ok {
					return true
				}
				v, ok := pass.TypesInfo.Uses[id].(*types.Var)
				if !ok {
					return true
				}
				if fn := res.FactoryOf(v); fn != nil {
					pass.Reportf(call.Pos(), "%s holds a result of %s", v.Name(), fn.Name())
				}
				return true
			})
		}
		return nil, nil
	},
}

func TestFactoryOf(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), factoryOfAnalyzer, "example.com/factoryof")
}
