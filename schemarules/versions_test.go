package schemarules_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
)

// TestInvopopTagsOnMCPGo045: on mcp-go v0.36 to v0.45, WithInputSchema used invopop, whose
// `required,description=...` tags are right: the tag rules stay silent, and a field with no
// description= is still reported (passes/testdata/versions/mcpgo-v0.45 pins v0.45.0).
func TestInvopopTagsOnMCPGo045(t *testing.T) {
	const module = "versions/mcpgo-v0.45"
	pkgs, err := fixtures.LoadModule(module, "./...")
	require.NoError(t, err)
	byName := analyzers(t, rule.NewConfig())
	var as []*analysis.Analyzer
	for _, id := range []string{"schema-tag-syntax", "schema-tag-required-ignored", "describe-on-fields"} {
		a := byName[rule.AnalyzerName(id)]
		require.NotNil(t, a, id)
		as = append(as, a)
	}
	fixtures.Run(t, pkgs, as...).Check(t, module)
}
