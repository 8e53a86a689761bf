package metamorphic

import (
	"go/ast"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// apply rewrites one file of package a (importing only the standard library) and returns
// the printed files, the helper package's after the file's.
func apply(t *testing.T, rw Rewrite, src string) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "a.go", src, parser.ParseComments)
	require.NoError(t, err)
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Scopes: map[ast.Node]*types.Scope{},
		Selections: map[*ast.SelectorExpr]*types.Selection{}, Implicits: map[ast.Node]types.Object{},
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("example.com/a", fset, []*ast.File{f}, info)
	require.NoError(t, err)
	u := newUnit(fset, pkg, info, []*ast.File{f}, []string{"a/a.go"})
	rw.apply(u)
	files, _ := u.finish()
	var out []string
	for _, f := range files {
		src, err := printFile(f)
		require.NoError(t, err)
		out = append(out, string(src))
	}
	// The rewritten file still compiles (a helper package's file is checked by the matrix).
	if len(files) == 1 {
		fset := token.NewFileSet()
		g, err := parser.ParseFile(fset, "a.go", out[0], 0)
		require.NoError(t, err)
		_, err = (&types.Config{Importer: importer.Default()}).Check("example.com/a", fset, []*ast.File{g}, nil)
		require.NoError(t, err, out[0])
	}
	return out
}

func gofmt(t *testing.T, src string) string {
	t.Helper()
	out, err := format.Source([]byte(strings.TrimSpace(src) + "\n"))
	require.NoError(t, err)
	return string(out)
}

func requireRewrite(t *testing.T, rw Rewrite, src, want string) {
	t.Helper()
	got := apply(t, rw, src)
	require.Equal(t, gofmt(t, want), got[0])
}

func TestNegateGuardSwapsBranches(t *testing.T) {
	requireRewrite(t, negateGuard, `package a
import "errors"
func f(err error) error {
	if err != nil {
		return errors.New("a")
	} else {
		return nil
	}
}`, `package a

import "errors"

func f(err error) error {
	if err == nil {
		return nil
	} else {
		return errors.New("a")
	}
}`)
}

func TestNegateGuardMovesTheRestUnderTheGuard(t *testing.T) {
	requireRewrite(t, negateGuard, `package a
func f(err error, x float64) (int, error) {
	if err != nil {
		return 0, err
	}
	if x < 1 {
		return 1, nil
	}
	return 2, nil
}`, `package a

func f(err error, x float64) (int, error) {
	if err == nil {
		if !(x < 1) {
			return 2, nil
		}
		return 1, nil
	}
	return 0, err
}`)
}

func TestNegateGuardKeepsInitVariablesInScope(t *testing.T) {
	requireRewrite(t, negateGuard, `package a
func g() error { return nil }
func f() error {
	if err := g(); err != nil {
		return err
	}
	return nil
}`, `package a

func g() error {
	return nil
}
func f() error {
	if err := g(); err == nil {
		return nil
	} else {
		return err
	}
}`)
}

func TestNegateGuardLeavesGuardsWithoutAFinalReturn(t *testing.T) {
	src := `package a

func f(err error) {
	if err != nil {
		return
	}
	println()
}
`
	require.Equal(t, gofmt(t, src), apply(t, negateGuard, src)[0])
}

func TestElseBranchBothWays(t *testing.T) {
	requireRewrite(t, elseBranch, `package a
func f(a, b bool) int {
	if a {
		return 1
	}
	if b {
		return 2
	}
	return 3
}
func g(a bool) int {
	x := 0
	if a {
		return 1
	} else {
		x = 2
	}
	return x
}`, `package a

func f(a, b bool) int {
	if a {
		return 1
	} else if b {
		return 2
	} else {
		return 3
	}
}
func g(a bool) int {
	x := 0
	if a {
		return 1
	}
	x = 2
	return x
}`)
}

func TestSwitchFromGuardsAndBack(t *testing.T) {
	requireRewrite(t, ifSwitch, `package a
import "errors"
func f(name string, n int) error {
	if name == "" {
		return errors.New("name")
	}
	if n < 0 {
		return errors.New("n")
	}
	return nil
}
func g(id string) int {
	switch id {
	case "a", "b":
		return 1
	default:
		return 3
	}
}`, `package a

import "errors"

func f(name string, n int) error {
	switch {
	case name == "":
		return errors.New("name")
	case n < 0:
		return errors.New("n")
	}
	return nil
}
func g(id string) int {
	if id == "a" || id == "b" {
		return 1
	} else {
		return 3
	}
}`)
}

func TestSwitchLeavesBreaksAlone(t *testing.T) {
	src := `package a

func f(xs []int) {
	for _, x := range xs {
		if x > 0 {
			break
		}
	}
}
`
	require.Equal(t, gofmt(t, src), apply(t, ifSwitch, src)[0])
}

func TestThroughVariableBothWays(t *testing.T) {
	requireRewrite(t, throughVariable, `package a
import "fmt"
func two() (int, error) { return 0, nil }
func f(err error) (*int, error) {
	if err != nil {
		return nil, fmt.Errorf("x: %v", err)
	}
	e := fmt.Errorf("y")
	return nil, e
}
func g() (int, error) {
	return two()
}`, `package a

import "fmt"

func two() (int, error) {
	return 0, nil
}
func f(err error) (*int, error) {
	if err != nil {
		e2 := fmt.Errorf("x: %v", err)
		return nil, e2
	}
	return nil, fmt.Errorf("y")
}
func g() (int, error) {
	v, v2 := two()
	return v, v2
}`)
}

func TestHelperTakesTheBody(t *testing.T) {
	requireRewrite(t, helperSamePackage, `package a
import "errors"
type s struct{}
func (r *s) m(_ string, xs ...int) error {
	return errors.New("x")
}`, `package a

import "errors"

type s struct {
}

func (r *s) m(p string, xs ...int) error {
	return mImpl(r, p, xs...)
}
func mImpl(r *s, p string, xs ...int) error {
	return errors.New("x")
}`)
}

func TestHelperInAnotherPackage(t *testing.T) {
	got := apply(t, helperOtherPackage, `package a
import "errors"
type local struct{}
func f(n int) error {
	return errors.New("x")
}
func g(l local) error { return nil }
`)
	require.Len(t, got, 2)
	require.Equal(t, gofmt(t, `package a

import "example.com/a/mmhelp"

type local struct {
}

func f(n int) error {
	return mmhelp.FImpl(n)
}
func g(l local) error {
	return nil
}`), got[0], "g uses a type of its own package: it stays")
	require.Equal(t, gofmt(t, `package mmhelp

import "errors"

func FImpl(n int) error {
	return errors.New("x")
}`), got[1])
}

func TestMethodValue(t *testing.T) {
	requireRewrite(t, methodValue, `package a
var h = f
func f(n int) int { return n }
func rec(n int) int { return rec(n) }
`, `package a

var h = f

type fHandler struct {
}

func (*fHandler) f(n int) int {
	return n
}

var f = (&fHandler{}).f

func rec(n int) int {
	return rec(n)
}`)
}

func TestFactory(t *testing.T) {
	requireRewrite(t, factory, `package a
var hs = []func() int{func() int { return 1 }}
func f(n int) int { return n }
`, `package a

var hs = []func() int{newHs()}

func newHs() func() int {
	return func() int {
		return 1
	}
}
func newF() func(n int) int {
	return func(n int) int {
		return n
	}
}

var f = newF()`)
}

func TestNamedResults(t *testing.T) {
	requireRewrite(t, namedResults, `package a
func f(err2 error) (*int, error) {
	err := err2
	return nil, err
}`, `package a

func f(err2 error) (res *int, err3 error) {
	err := err2
	return nil, err
}`)
}

func TestBareReturns(t *testing.T) {
	requireRewrite(t, bareReturns, `package a
func two() (int, error) { return 0, nil }
func f(ok bool) (int, error) {
	if ok {
		return 1, nil
	}
	g := func() int { return 2 }
	_ = g
	return two()
}`, `package a

func two() (res int, err error) {
	res, err = 0, nil
	return
}
func f(ok bool) (res2 int, err error) {
	if ok {
		res2, err = 1, nil
		return
	}
	g := func() (res int) {
		res = 2
		return
	}
	_ = g
	res2, err = two()
	return
}`)
}
