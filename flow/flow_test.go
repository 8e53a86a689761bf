package flow_test

import (
	"go/ast"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
)

var engine = flow.New(nil)

// pathsAnalyzer reports, at every return statement, the distinct shapes of the paths that
// reach it, and at every function declaration the summary it exports.
var pathsAnalyzer = &analysis.Analyzer{
	Name:     "paths",
	Doc:      "test: prints the engine's paths",
	Requires: []*analysis.Analyzer{engine},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[engine].(*flow.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n.(type) {
				case *ast.FuncDecl, *ast.FuncLit:
				default:
					return true
				}
				fn := res.Function(n)
				if fn == nil {
					return true
				}
				byRet := map[*ast.ReturnStmt][]string{}
				for _, p := range res.Paths(fn) {
					stmt := flow.ReturnStmt(n, p.Return.Pos())
					if stmt == nil {
						continue
					}
					var rs []string
					for _, o := range p.Results {
						r := o.Nil.String()
						if name := o.DynamicName; name != "" {
							// Without the package path: *example.com/paths.VErr is *paths.VErr.
							star := strings.HasPrefix(name, "*")
							name = name[strings.LastIndex(name, "/")+1:]
							if star && !strings.HasPrefix(name, "*") {
								name = "*" + name
							}
							r += ":" + name
						}
						if o.TypedNil {
							r += " typed nil"
						}
						rs = append(rs, r)
					}
					shape := "(" + strings.Join(rs, ", ") + ")"
					if !slices.Contains(byRet[stmt], shape) {
						byRet[stmt] = append(byRet[stmt], shape)
					}
				}
				for stmt, shapes := range byRet {
					slices.Sort(shapes)
					pass.Reportf(stmt.Pos(), "paths: %s", strings.Join(shapes, " "))
				}
				return true
			})
		}
		return nil, nil
	},
}

func TestPaths(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), pathsAnalyzer, "example.com/paths")
}

// enclosingFunction is the SSA function of the innermost function syntax around n.
func enclosingFunction(res *flow.Result, f *ast.File, n ast.Node) *ssa.Function {
	var fn *ssa.Function
	ast.Inspect(f, func(m ast.Node) bool {
		if m == nil || m.Pos() > n.Pos() || m.End() < n.End() {
			return false
		}
		switch m.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			if g := res.Function(m); g != nil {
				fn = g
			}
		}
		return true
	})
	return fn
}
