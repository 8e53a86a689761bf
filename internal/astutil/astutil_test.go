package astutil

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// identCases checks that ident finds the identifier each expression names (the map's value),
// or none where the value is "".
func identCases(t *testing.T, ident func(ast.Expr) *ast.Ident, cases map[string]string) {
	t.Helper()
	for src, want := range cases {
		e, err := parser.ParseExpr(src)
		require.NoError(t, err)
		id := ident(e)
		if want == "" {
			assert.Nil(t, id, src)
			continue
		}
		require.NotNil(t, id, src)
		assert.Equal(t, want, id.Name, src)
	}
}

func TestNameIdent(t *testing.T) {
	identCases(t, NameIdent, map[string]string{"x": "x", "(pkg.Name)": "Name", "v.f.g": "g", "f()": "", "a[0]": ""})
}

func TestInstanceIdent(t *testing.T) {
	identCases(t, InstanceIdent, map[string]string{"f": "f", "f[T]": "f", "(pkg.F[T, U])": "F", "x.m[int]": "m", "f()": "", "*T": ""})
}

// TestInspectAncestorsAfterSkip checks that a subtree the visitor declines to enter leaves
// no trace: the node after it still sees its real parent.
func TestInspectAncestorsAfterSkip(t *testing.T) {
	e, err := parser.ParseExpr(`f(m["a"], m)`)
	require.NoError(t, err)
	call := e.(*ast.CallExpr)
	parents := map[ast.Node]ast.Node{}
	InspectAncestors(call, func(n ast.Node, ancestors []ast.Node) bool {
		if len(ancestors) > 0 {
			parents[n] = ancestors[len(ancestors)-1]
		}
		_, isIndex := n.(*ast.IndexExpr)
		return !isIndex
	})
	assert.Same(t, call, parents[call.Args[1]], "the second argument's parent")
	assert.NotContains(t, parents, call.Args[0].(*ast.IndexExpr).X, "the skipped subtree was entered")
}

func TestStatements(t *testing.T) {
	src := "package p\nfunc f(c chan int, x int) {\n\tswitch x {\n\tcase 1:\n\t\tx++\n\t\tx--\n\t}\n\tselect {\n\tcase <-c:\n\t\tx++\n\t}\n}\n"
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	body := f.Decls[0].(*ast.FuncDecl).Body
	if got := len(Statements(body)); got != 2 {
		t.Errorf("function body: %d statements, want 2", got)
	}
	sw := body.List[0].(*ast.SwitchStmt)
	if got := len(Statements(sw.Body.List[0])); got != 2 {
		t.Errorf("switch case: %d statements, want 2", got)
	}
	sel := body.List[1].(*ast.SelectStmt)
	if got := len(Statements(sel.Body.List[0])); got != 1 {
		t.Errorf("select case: %d statements, want 1", got)
	}
	if Statements(sw) != nil {
		t.Errorf("a switch statement itself has no statement list of its own")
	}
}

func TestChainRoot(t *testing.T) {
	for src, want := range map[string]string{
		"t": "t", "t.a.b": "t", "t[i].c": "t", "*t.p": "t", "(t).a": "t", "(*t)[0].x": "t",
		"f().a": "f()", "&t.a": "&t.a", "m[k]": "m",
	} {
		e, err := parser.ParseExpr(src)
		require.NoError(t, err)
		assert.Equal(t, want, types.ExprString(ChainRoot(e)), src)
	}
}

// TestFuncParts: a declaration and a literal give their own type and body; anything else
// gives neither.
func TestFuncParts(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", "package p\nfunc f(a int) { _ = func(b string) {} }\n", 0)
	require.NoError(t, err)
	decl := f.Decls[0].(*ast.FuncDecl)
	lit := decl.Body.List[0].(*ast.AssignStmt).Rhs[0].(*ast.FuncLit)
	ft, body := FuncParts(decl)
	assert.Same(t, decl.Type, ft)
	assert.Same(t, decl.Body, body)
	ft, body = FuncParts(lit)
	assert.Same(t, lit.Type, ft)
	assert.Same(t, lit.Body, body)
	ft, body = FuncParts(decl.Body)
	assert.Nil(t, ft)
	assert.Nil(t, body)
}

func TestEnclosingLoopAndKeyedWithout(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", `package x
func f(xs []int) {
	for _, x := range xs {
		for i := 0; i < x; i++ {
			g(T{A: 1})
		}
		g(T{A: 2})
	}
	g(T{1})
}
type T struct{ A int }
func g(T) {}`, 0)
	if err != nil {
		t.Fatal(err)
	}
	var calls []*ast.CallExpr
	var lits []*ast.CompositeLit
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			calls = append(calls, n)
		case *ast.CompositeLit:
			lits = append(lits, n)
		}
		return true
	})
	body := f.Decls[0].(*ast.FuncDecl).Body
	if _, ok := EnclosingLoop(body, calls[0]).(*ast.ForStmt); !ok {
		t.Errorf("the innermost loop of the first call is the for statement")
	}
	if _, ok := EnclosingLoop(body, calls[1]).(*ast.RangeStmt); !ok {
		t.Errorf("the second call is in the range statement only")
	}
	if EnclosingLoop(body, calls[2]) != nil {
		t.Errorf("the last call is in no loop")
	}
	if !KeyedWithout(lits[0], map[string]ast.Expr{"A": nil}, "Handler") || KeyedWithout(lits[0], map[string]ast.Expr{"Handler": nil}, "Handler") || KeyedWithout(lits[2], nil, "Handler") {
		t.Errorf("KeyedWithout: a keyed literal without the key only")
	}
}

// TestReturnsList: a function returning an accepted value, or a map, slice or array of them,
// returns a list; a struct holding one, a pointer to a slice, or a variable does not.
func TestReturnsList(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "l.go", `package l
type Tool struct{}
type Holder struct{ T Tool }
func One() Tool { return Tool{} }
func Slice() (int, []Tool) { return 0, nil }
func Map() map[string]Tool { return nil }
func Array() [2]Tool { return [2]Tool{} }
func Struct() Holder { return Holder{} }
func Pointer() *[]Tool { return nil }
func None() {}
var V = []Tool{}
`, 0)
	require.NoError(t, err)
	pkg, err := new(types.Config).Check("l", fset, []*ast.File{f}, nil)
	require.NoError(t, err)
	isTool := func(t types.Type) bool { n, ok := t.(*types.Named); return ok && n.Obj().Name() == "Tool" }
	got := map[string]bool{}
	for _, name := range []string{"One", "Slice", "Map", "Array", "Struct", "Pointer", "None", "V"} {
		got[name] = ReturnsList(pkg.Scope().Lookup(name), isTool)
	}
	assert.Equal(t, map[string]bool{"One": true, "Slice": true, "Map": true, "Array": true, "Struct": false, "Pointer": false, "None": false, "V": false}, got)
}
