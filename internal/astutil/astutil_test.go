package astutil

import (
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
