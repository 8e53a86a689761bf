package metamorphic

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
	"testing"

	"github.com/mcplint-go/mcplint/internal/fixtures"
)

func TestZZSurvey(t *testing.T) {
	pkgs, err := fixtures.Load("./" + Family + "/...")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		for _, f := range p.Syntax {
			name := relPath(p.Fset.Position(f.Pos()).Filename)
			ast.Inspect(f, func(n ast.Node) bool {
				var sig *types.Signature
				var what string
				switch n := n.(type) {
				case *ast.FuncDecl:
					if obj := p.TypesInfo.Defs[n.Name]; obj != nil {
						sig = obj.Type().(*types.Signature)
					}
					what = "decl " + n.Name.Name
					if n.Recv != nil {
						what = "method " + n.Name.Name
					}
				case *ast.FuncLit:
					sig, _ = p.TypesInfo.TypeOf(n).(*types.Signature)
					what = "lit"
				default:
					return true
				}
				if sig == nil {
					return true
				}
				kind := ""
				if sig.Params().Len() >= 2 {
					a := types.TypeString(sig.Params().At(1).Type(), nil)
					switch {
					case a == "*github.com/modelcontextprotocol/go-sdk/mcp.CallToolRequest" && sig.Results().Len() == 3:
						kind = "gotyped"
					case a == "*github.com/modelcontextprotocol/go-sdk/mcp.CallToolRequest" && sig.Results().Len() == 2 && sig.Params().Len() == 2:
						kind = "golow"
					case a == "github.com/mark3labs/mcp-go/mcp.CallToolRequest" && sig.Results().Len() == 2 && sig.Params().Len() == 2:
						kind = "m3"
					case strings.Contains(a, "Request"):
						kind = "other:" + a
					}
				}
				if kind != "" {
					refs := ""
					if fd, ok := n.(*ast.FuncDecl); ok {
						obj := p.TypesInfo.Defs[fd.Name]
						for _, q := range pkgs {
							for id, o := range q.TypesInfo.Uses {
								if o == obj {
									refs += " " + relPath(q.Fset.Position(id.Pos()).Filename) + ":" + fmt.Sprint(q.Fset.Position(id.Pos()).Line)
								}
							}
						}
					}
					fmt.Printf("%s\t%s\t%s:%d\t%s\n", kind, what, name, p.Fset.Position(n.Pos()).Line, refs)
				}
				return true
			})
		}
	}
}
