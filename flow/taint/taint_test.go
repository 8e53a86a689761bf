package taint_test

import (
	"go/ast"
	"go/constant"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/flow/taint"
)

// engine is the flow engine the test analyzer reads.
var engine = flow.New(nil)

// taintAnalyzer reports, at the argument of every call of sink or sinkAny, the source the
// engine's taint query finds it made of and the length of the chain to it. Sources are calls of
// secret and os.Getenv of a name with TOKEN; fmt.Sprintf and fmt.Sprint carry their
// operands (but not len, an int); nothing else is gone through.
var taintAnalyzer = &analysis.Analyzer{
	Name:     "taint",
	Doc:      "test: prints the engine's taint query",
	Requires: []*analysis.Analyzer{engine},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[engine].(*flow.Result)
		t := &taint.Query{
			Source: func(v ssa.Value) (string, bool) {
				c, ok := v.(*ssa.Call)
				if !ok {
					return "", false
				}
				fn := flow.Callee(c)
				switch {
				case fn == nil:
					return "", false
				case fn.Name() == "secret":
					return "secret()", true
				case fn.Pkg() != nil && fn.Pkg().Path() == "os" && fn.Name() == "Getenv" && len(c.Call.Args) == 1:
					if k, ok := c.Call.Args[0].(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
						if name := constant.StringVal(k.Value); strings.Contains(name, "TOKEN") {
							return name, true
						}
					}
				}
				return "", false
			},
			Carries: func(c *ssa.Call, result int) []ssa.Value {
				fn := flow.Callee(c)
				if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "fmt" && (fn.Name() == "Sprintf" || fn.Name() == "Sprint") {
					return c.Call.Args
				}
				return nil
			},
		}
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				id, ok := call.Fun.(*ast.Ident)
				if !ok || (id.Name != "sink" && id.Name != "sinkAny") {
					return true
				}
				c := res.CallAt(call.Lparen)
				if c == nil || len(c.Call.Args) != 1 {
					return true
				}
				if found := t.Find(c.Call.Args[0]); found != nil {
					pass.Reportf(call.Pos(), "%s via %d", found.Name, len(found.Chain)-1)
				}
				return true
			})
		}
		return nil, nil
	},
}

func TestTaint(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), taintAnalyzer, "example.com/tainted")
}
