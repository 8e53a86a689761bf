package astutil

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const callsSrc = `package p

import (
	"errors"
	"fmt"
)

type T struct{ Meta struct{ Items []int } }

var format = "%v"

func f(err error, t T, ts []T) {
	_ = fmt.Errorf("a %w and %v, then %w", err, 1, err)
	_ = fmt.Errorf(format, err)
	_ = errors.New("x")
	_ = t.Meta.Items
	_ = ts[0].Meta
}
`

// checkCalls type-checks callsSrc and returns its calls and selector expressions in source
// order.
func checkCalls(t *testing.T) (*types.Info, []*ast.CallExpr, []*ast.SelectorExpr) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", callsSrc, 0)
	require.NoError(t, err)
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	_, err = (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info)
	require.NoError(t, err)
	var calls []*ast.CallExpr
	var sels []*ast.SelectorExpr
	ast.Inspect(file.Decls[len(file.Decls)-1], func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			calls = append(calls, x)
		case *ast.AssignStmt:
			if sel, ok := x.Rhs[0].(*ast.SelectorExpr); ok {
				sels = append(sels, sel)
			}
		}
		return true
	})
	return info, calls, sels
}

// TestErrorfWraps: the arguments a constant format wraps with %w, counted from the format;
// with a variable format nothing is known.
func TestErrorfWraps(t *testing.T) {
	info, calls, _ := checkCalls(t)
	wrapped, known := ErrorfWraps(info, calls[0])
	assert.True(t, known)
	assert.Equal(t, []int{1, 3}, wrapped)
	_, known = ErrorfWraps(info, calls[1])
	assert.False(t, known, "a variable format")
}

// TestIsPkgFunc: a call is matched by the called function's package path and name.
func TestIsPkgFunc(t *testing.T) {
	info, calls, _ := checkCalls(t)
	assert.True(t, IsPkgFunc(info, calls[0], "fmt", "Errorf"))
	assert.True(t, IsPkgFunc(info, calls[2], "errors", "New"))
	assert.False(t, IsPkgFunc(info, calls[2], "fmt", "New"))
	assert.False(t, IsPkgFunc(info, calls[0], "fmt", "Sprintf"))
}

// TestSelectorRootObject: the variable a field chain starts from; a chain through an index
// has none.
func TestSelectorRootObject(t *testing.T) {
	info, _, sels := checkCalls(t)
	require.Len(t, sels, 2)
	root := SelectorRootObject(info, sels[0])
	require.NotNil(t, root)
	assert.Equal(t, "t", root.Name())
	assert.Nil(t, SelectorRootObject(info, sels[1]), "ts[0].Meta starts from an index")
}

// TestMentions: t.Meta.Items uses t and not ts; ts[0].Meta uses ts.
func TestMentions(t *testing.T) {
	info, _, sels := checkCalls(t)
	require.Len(t, sels, 2)
	tVar, tsVar := SelectorRootObject(info, sels[0]), info.Uses[sels[1].X.(*ast.IndexExpr).X.(*ast.Ident)]
	assert.True(t, Mentions(info, sels[0], tVar))
	assert.False(t, Mentions(info, sels[0], tsVar))
	assert.True(t, Mentions(info, sels[1], tsVar))
}

func TestCompositeOf(t *testing.T) {
	for src, want := range map[string]bool{"T{}": true, "(&T{A: 1})": true, "&(T{})": true, "f(T{})": false, "x": false} {
		e, err := parser.ParseExpr(src)
		require.NoError(t, err)
		assert.Equal(t, want, CompositeOf(e) != nil, src)
	}
}

func TestFieldIndex(t *testing.T) {
	st := types.NewStruct([]*types.Var{
		types.NewField(token.NoPos, nil, "A", types.Typ[types.Int], false),
		types.NewField(token.NoPos, nil, "B", types.Typ[types.String], false),
	}, nil)
	assert.Equal(t, 1, FieldIndex(st, "B"))
	assert.Equal(t, -1, FieldIndex(st, "C"))
}
