package contractrules

import (
	"bytes"
	"encoding/gob"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/internal/defcheck"
	"github.com/mcplint-go/mcplint/mcperr"
)

func TestSnakeCaseSuggestionsAreValidReasons(t *testing.T) {
	for in, want := range map[string]string{
		"NotFound":     "not_found",
		"no-match":     "no_match",
		"No Match":     "no_match",
		"rateLimited2": "rate_limited2",
		" spaced ":     "spaced",
		"already_ok":   "already_ok",
	} {
		got := snakeCase(in)
		assert.Equal(t, want, got, in)
		assert.True(t, defcheck.ValidReason(got), "%q -> %q is not a valid reason", in, got)
	}
	// Nothing to suggest: the result would still be invalid.
	assert.False(t, defcheck.ValidReason(snakeCase("1st")))
}

func TestClosestSuggestsOnlyAnUnambiguousNearReason(t *testing.T) {
	declared := []string{"no_item", "no_user", "quota_exceeded"}
	assert.Equal(t, "no_item", closest("no_itme", declared))
	assert.Equal(t, "quota_exceeded", closest("quota_exceded", declared))
	assert.Equal(t, "", closest("no_ite", []string{"no_item", "no_itex"}), "two candidates: no guess")
	assert.Equal(t, "", closest("archived", declared))
}

func TestFactString(t *testing.T) {
	f := &ErrorsFact{
		Produces: []Produced{
			{Code: mcperr.CodeNotFound, Reason: "no_item"},
			{Fail: true, Reason: "archived"},
			{Code: 0, ReasonDynamic: true},
			{Code: mcperr.CodeConflict},
		},
		Opaque: true,
		Params: []int{1},
	}
	assert.Equal(t, "errors(NotFound[no_item] fail[archived] runtime[?] Conflict opaque param1)", f.String())
}

// Facts cross process boundaries under go vet (unitchecker), gob-encoded.
func TestFactsSurviveGob(t *testing.T) {
	in := &ErrorsFact{
		Produces: []Produced{{Code: mcperr.CodeRateLimited, Reason: "quota", By: "mcperr.RateLimited", Func: "store.(*Store).Reserve", At: "store/store.go:12"}},
		Opaque:   true, OpaqueAt: "service/service.go:40",
		Params: []int{0, 2},
	}
	var b bytes.Buffer
	require.NoError(t, gob.NewEncoder(&b).Encode(in))
	out := new(ErrorsFact)
	require.NoError(t, gob.NewDecoder(&b).Decode(out))
	assert.Equal(t, in, out)

	b.Reset()
	require.NoError(t, gob.NewEncoder(&b).Encode(&analyzedFact{}))
	require.NoError(t, gob.NewDecoder(&b).Decode(new(analyzedFact)))
}

// calleeAPI's callee: for a call with explicit type arguments, one or two (an
// *ast.IndexListExpr, which the hand-written lookup it replaced missed), the generic function
// itself, whose origin the API table is keyed by.
func TestCalleeSeesThroughTypeArguments(t *testing.T) {
	const src = `package p

func one[A any](a A)        {}
func two[A, B any](a A, b B) {}

func use() {
	one[int](1)
	two[int, string](1, "x")
	two(1, "x")
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	require.NoError(t, err)
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}, Instances: map[*ast.Ident]types.Instance{}}
	_, err = (&types.Config{}).Check("p", fset, []*ast.File{f}, info)
	require.NoError(t, err)
	var got []string
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			fn, _ := typeutil.Callee(info, call).(*types.Func)
			require.NotNil(t, fn, "no callee for %s", types.ExprString(call))
			got = append(got, fn.Origin().Name())
		}
		return true
	})
	assert.Equal(t, []string{"one", "two", "two"}, got)
}
