package flow_test

import (
	"go/ast"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
)

// originsAnalyzer reports, at the argument of every call of sink, the leaves flow.Origins
// finds it made of, sorted: a parameter, a free variable, a package variable, a constant, or
// the call it stops at. It goes through calls of the standard library only.
var originsAnalyzer = &analysis.Analyzer{
	Name:     "origins",
	Doc:      "test: prints the engine's Origins",
	Requires: []*analysis.Analyzer{engine},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[engine].(*flow.Result)
		through := func(c *ssa.Call) bool {
			fn := flow.Callee(c)
			return fn != nil && fn.Pkg() != nil && !strings.Contains(fn.Pkg().Path(), ".")
		}
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "sink" {
					return true
				}
				c, _ := flow.CallIn(enclosingFunction(res, f, call), call.Lparen)
				if c == nil || len(c.Call.Args) != 1 {
					return true
				}
				seen := map[string]bool{}
				var names []string
				for _, o := range flow.Origins(c.Call.Args[0], through) {
					var name string
					switch o := o.(type) {
					case *ssa.Parameter:
						name = "param " + o.Name()
					case *ssa.FreeVar:
						name = "freevar " + o.Name()
					case *ssa.Global:
						name = "global " + o.Name()
					case *ssa.Const:
						name = "const"
					case *ssa.Call:
						name = "call"
						if fn := flow.Callee(o); fn != nil {
							name += " " + fn.Name()
						}
					default:
						continue
					}
					if !seen[name] {
						seen[name] = true
						names = append(names, name)
					}
				}
				sort.Strings(names)
				if len(names) > 0 {
					pass.Reportf(call.Pos(), "%s", strings.Join(names, ", "))
				}
				return true
			})
		}
		return nil, nil
	},
}

func TestOrigins(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), originsAnalyzer, "example.com/origin")
}

// untilAnalyzer reports, at the argument of every call of sink, where flow.OriginsUntil
// stops when it is told to stop at the error result of a call and at a local named
// "target", going through every call: "error of f", "local target", or nothing.
var untilAnalyzer = &analysis.Analyzer{
	Name:     "until",
	Doc:      "test: prints where the engine's OriginsUntil stops",
	Requires: []*analysis.Analyzer{engine},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[engine].(*flow.Result)
		stop := func(v ssa.Value) bool {
			switch v := v.(type) {
			case *ssa.Extract:
				_, isCall := v.Tuple.(*ssa.Call)
				return isCall && v.Index == 1
			case *ssa.Alloc:
				return v.Comment == "target"
			}
			return false
		}
		all := func(*ssa.Call) bool { return true }
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if id, isIdent := call.Fun.(*ast.Ident); !isIdent || id.Name != "sink" {
					return true
				}
				c, _ := flow.CallIn(enclosingFunction(res, f, call), call.Lparen)
				if c == nil || len(c.Call.Args) != 1 {
					return true
				}
				var names []string
				for _, o := range flow.OriginsUntil(c.Call.Args[0], all, stop) {
					switch o := o.(type) {
					case *ssa.Extract:
						names = append(names, "error of "+flow.Callee(o.Tuple.(*ssa.Call)).Name())
					case *ssa.Alloc:
						names = append(names, "local "+o.Comment)
					}
				}
				sort.Strings(names)
				if len(names) > 0 {
					pass.Reportf(call.Pos(), "%s", strings.Join(names, ", "))
				}
				return true
			})
		}
		return nil, nil
	},
}

func TestOriginsUntil(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), untilAnalyzer, "example.com/until")
}
