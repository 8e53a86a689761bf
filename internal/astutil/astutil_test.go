package astutil

import (
	"go/ast"
	"go/parser"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNameIdent(t *testing.T) {
	for src, want := range map[string]string{"x": "x", "(pkg.Name)": "Name", "v.f.g": "g", "f()": "", "a[0]": ""} {
		e, err := parser.ParseExpr(src)
		require.NoError(t, err)
		id := NameIdent(e)
		if want == "" {
			assert.Nil(t, id, src)
			continue
		}
		require.NotNil(t, id, src)
		assert.Equal(t, want, id.Name, src)
	}
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
