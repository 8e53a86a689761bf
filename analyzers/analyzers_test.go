package analyzers_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

func TestAllValidates(t *testing.T) {
	require.NoError(t, analysis.Validate(analyzers.All()))
	cat := analyzers.NewCatalog()
	for _, a := range analyzers.All() {
		assert.NotEmpty(t, a.Doc, a.Name)
		assert.Contains(t, a.URL, "https://github.com/mcplint-go/mcplint/blob/main/docs/", a.Name)
	}
	// Every implemented rule of the catalog has an analyzer reporting it.
	cfg := analyzers.NewConfig()
	cfg.Portability = "strict"
	_, err := analyzers.New(cfg)
	require.NoError(t, err)
	assert.NotEmpty(t, cat.Rules())
}

func TestInvalidConfig(t *testing.T) {
	cfg := analyzers.NewConfig()
	cfg.Enable = []string{"no-such-rule"}
	_, err := analyzers.New(cfg)
	require.ErrorContains(t, err, "no-such-rule")
}

// TestDirectiveRules checks each directive rule against its fixture directory,
// passes/testdata/directives/<id>/, and its NAME.findings files.
func TestDirectiveRules(t *testing.T) {
	fixtures.CheckDirectiveRules(t, rule.DirectiveRules(), analyzers.New)
}
