package layers_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"strings"
	"testing"
)

// interfaceMethods are the methods whose meaning their interface gives (fmt.Stringer,
// analysis.Fact, error): they need no doc comment of their own.
var interfaceMethods = map[string]bool{"String": true, "AFact": true, "Error": true}

// TestExportedNamesHaveDocComments: every exported function, method of an exported type,
// type, constant and variable of a non-main package has a doc comment (on itself or on its
// declaration block), the methods of interfaceMethods aside (issue 39).
func TestExportedNamesHaveDocComments(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{if ne .Name "main"}}{{range .GoFiles}}{{$.Dir}}/{{.}} {{end}}{{end}}`, module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, name := range strings.Fields(string(out)) {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		missing := func(pos token.Pos, what string) {
			t.Errorf("%s: exported %s has no doc comment", fset.Position(pos), what)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Name.IsExported() && d.Doc == nil && receiverExported(d) && !(d.Recv != nil && interfaceMethods[d.Name.Name]) {
					missing(d.Pos(), d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() && s.Doc == nil && d.Doc == nil {
							missing(s.Pos(), s.Name.Name)
						}
					case *ast.ValueSpec:
						for _, id := range s.Names {
							if id.IsExported() && s.Doc == nil && s.Comment == nil && d.Doc == nil {
								missing(id.Pos(), id.Name)
							}
						}
					}
				}
			}
		}
	}
}

// receiverExported reports whether d is a function or a method of an exported type.
func receiverExported(d *ast.FuncDecl) bool {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return true
	}
	t := d.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	id, ok := t.(*ast.Ident)
	return ok && id.IsExported()
}
