package defuse

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/ast/inspector"
)

const flowSrc = `package p

import "errors"

type T struct{ N int }

type T2 struct{}

func (*T2) Error() string { return "" }

func (x *T) Set() {}

func two() (int, error) { return 0, nil }

func f(in error) error {
	n, err := two()
	var zero error
	var t T
	t.N = n
	var u T
	u.Set()
	p := &zero
	_ = p
	var target *T
	if errors.As(in, &target) {
		return in
	}
	switch e := in.(type) {
	case *T2:
		return e
	}
	g := func() error { return err }
	_ = g
	return err
}
`

func newTestIndex(t *testing.T) (*Index, *types.Info, *ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", flowSrc, 0)
	require.NoError(t, err)
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}, Types: map[ast.Expr]types.TypeAndValue{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info)
	require.NoError(t, err)
	return &Index{info: info, inspect: inspector.New([]*ast.File{file}), pkg: pkg}, info, file
}

func local(t *testing.T, info *types.Info, name string) types.Object {
	t.Helper()
	for id, obj := range info.Defs {
		if id.Name == name && obj != nil {
			return obj
		}
	}
	t.Fatalf("no variable %s", name)
	return nil
}

// TestFlowFuncs: each function has its own returns, not those of the literals written in it,
// and a literal knows the declaration it is written in.
func TestFlowFuncs(t *testing.T) {
	flow, info, _ := newTestIndex(t)
	var f, lit *Func
	for _, fn := range flow.Funcs() {
		switch {
		case fn.Obj != nil && fn.Obj.Name() == "f":
			f = fn
		case fn.Obj == nil:
			lit = fn
		}
	}
	require.NotNil(t, f)
	require.NotNil(t, lit)
	assert.Len(t, f.Returns, 3, "f's own returns")
	assert.Len(t, lit.Returns, 1)
	assert.Same(t, f, lit.Decl)
	assert.Same(t, f.Body, f.Stacks[0][0], "a return's ancestors start at the body")
	assert.Same(t, f, flow.Decl(info.Defs[f.Node.(*ast.FuncDecl).Name].(*types.Func)))
}

// TestFlowDefs: every way a variable is given a value is recorded with its kind, and the
// handler rules' view leaves out the type-switch and errors.As ones.
func TestFlowDefs(t *testing.T) {
	flow, info, _ := newTestIndex(t)
	kinds := func(name string) []DefKind {
		var out []DefKind
		for _, d := range flow.Defs(local(t, info, name)) {
			out = append(out, d.Kind)
		}
		return out
	}
	errDefs := flow.Defs(local(t, info, "err"))
	require.Len(t, errDefs, 1)
	assert.Equal(t, 1, errDefs[0].Index, "err is the second result of two()")
	assert.Equal(t, []DefKind{DefZero, DefEscape}, kinds("zero"))
	assert.Equal(t, []DefKind{DefZero, DefErrorsAs, DefEscape}, kinds("target"))

	var clause types.Object
	for n, obj := range info.Implicits {
		if _, ok := n.(*ast.CaseClause); ok {
			clause = obj
		}
	}
	require.NotNil(t, clause)
	require.Len(t, flow.Defs(clause), 1)
	assert.Equal(t, DefTypeSwitch, flow.Defs(clause)[0].Kind)

	var body *ast.BlockStmt
	for _, fn := range flow.Funcs() {
		if fn.Obj != nil && fn.Obj.Name() == "f" {
			body = fn.Body
		}
	}
	plain := flow.Assignments(body, false)
	assert.Equal(t, []ast.Expr{nil}, plain[local(t, info, "err")], "a multi-value call is not followed")
	tuple := flow.Assignments(body, true)
	assert.IsType(t, &ast.CallExpr{}, tuple[local(t, info, "err")][0])
	assert.Len(t, tuple[local(t, info, "target")], 2, "zero value and &target, not errors.As")
	assert.NotContains(t, tuple, clause)

	assert.True(t, flow.Mutated(local(t, info, "t")), "t.N = n")
	assert.True(t, flow.Mutated(local(t, info, "u")), "u.Set()")
	assert.False(t, flow.Mutated(local(t, info, "n")))
}
