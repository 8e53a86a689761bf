package flow_test

import (
	"fmt"
	"go/ast"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
)

// callsAnalyzer reports, at every call of probe, what the engine's questions about one call's
// values answer for its argument: which result of the function's first call to pair or one it
// is (ResultOf, Extracted), whether the function tests it against nil (TestsNil), which
// parameter of the enclosing factory a closure's captured variable is bound to (BoundParam),
// and how many values it may be (ReturnedValues) when there are several.
var callsAnalyzer = &analysis.Analyzer{
	Name:     "calls",
	Doc:      "test: prints the engine's answers about calls",
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
				if c == nil || len(c.Call.Args) != 1 {
					return true
				}
				v := c.Call.Args[0]
				if mi, ok := v.(*ssa.MakeInterface); ok {
					v = mi.X // probe takes any
				}
				v = flow.Core(v)
				var parts []string
				if target := firstCall(fn, "pair", "one"); target != nil {
					parts = append(parts, fmt.Sprintf("result %d of %s", flow.ResultOf(v, target), flow.Callee(target).Name()))
				}
				if ex, k := flow.Extracted(v); ex != nil {
					parts = append(parts, fmt.Sprintf("extracted %d", k))
				}
				if flow.TestsNil(fn, v) {
					parts = append(parts, "nil-tested")
				}
				if fn.Parent() != nil {
					parts = append(parts, fmt.Sprintf("bound to param %d", flow.BoundParam(fn, v)))
				}
				if vals := flow.ReturnedValues(v, 0); len(vals) > 1 {
					parts = append(parts, fmt.Sprintf("returned %d", len(vals)))
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

// firstCall is fn's first call of a function named one of names, or nil.
func firstCall(fn *ssa.Function, names ...string) *ssa.Call {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				if callee := flow.Callee(c); callee != nil {
					for _, name := range names {
						if callee.Name() == name {
							return c
						}
					}
				}
			}
		}
	}
	return nil
}

// returnsAnalyzer reports, at every return of a function that calls pair, whether its path
// returns pair's results whole (ReturnsWhole) and the target type of an errors.As of pair's
// error the path took (ErrorsAsTaken).
var returnsAnalyzer = &analysis.Analyzer{
	Name:     "returns",
	Doc:      "test: prints what each path does with pair's results",
	Requires: []*analysis.Analyzer{engine},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[engine].(*flow.Result)
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || res.Function(fd) == nil {
					continue
				}
				fn := res.Function(fd)
				target := firstCall(fn, "pair")
				if target == nil {
					continue
				}
				_, errV := flow.FirstAndLast(target)
				for _, p := range res.Paths(fn) {
					ret := flow.ReturnStmt(fd, p.Return.Pos())
					switch {
					case ret == nil:
					case flow.ReturnsWhole(p, target):
						pass.Reportf(ret.Pos(), "returns pair whole")
					case flow.ErrorsAsTaken(p, errV) != nil:
						pass.Reportf(ret.Pos(), "took errors.As to %s", flow.ErrorsAsTaken(p, errV))
					}
				}
			}
		}
		return nil, nil
	},
}

func TestCalls(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), callsAnalyzer, "example.com/calls")
}

func TestReturns(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), returnsAnalyzer, "example.com/returns")
}

// TestReturnInstructions: the returns of every block that ends in one, in block order, a stop
// honoured, none for a nil function, one that never returns or one without a body.
func TestReturnInstructions(t *testing.T) {
	const src = `package p

func three(a, b bool) int {
	if a {
		return 1
	}
	if b {
		return 2
	}
	return 3
}

func loops() {
	for {
	}
}

func external() int
`
	pkg := backwardPackage(t, src)
	var consts []string
	for ret := range flow.Returns(pkg.Func("three")) {
		consts = append(consts, ret.Results[0].(*ssa.Const).Value.String())
	}
	if got := strings.Join(consts, ","); got != "1,2,3" {
		t.Errorf("three returns %s, want 1,2,3", got)
	}
	n := 0
	for range flow.Returns(pkg.Func("three")) {
		n++
		break
	}
	for _, fn := range []*ssa.Function{pkg.Func("loops"), pkg.Func("external"), nil} {
		for ret := range flow.Returns(fn) {
			t.Errorf("%v returns at %v", fn, ret)
		}
	}
	if n != 1 {
		t.Errorf("a loop that stops after the first return ran %d times", n)
	}
}
