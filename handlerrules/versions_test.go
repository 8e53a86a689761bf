package handlerrules_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
)

// TestRulesFollowTheSDKVersion runs the rules whose message depends on SDK behaviour or on
// the protocol revisions the SDK speaks on fixture modules that pin real SDK versions
// (passes/testdata/versions/*): each finding must describe what that version does. The
// same code sits on go-sdk v1.6.1 and v1.8.0, and on mcp-go v0.32.0, v0.47.1 and v1.2.1, so each
// revision-dependent difference is proved on the SDK that implements it.
func TestRulesFollowTheSDKVersion(t *testing.T) {
	for _, c := range []struct {
		module string
		rules  []string
	}{
		{"versions/gosdk-v1.6", []string{"nil-result-nil-error", "resource-not-found-error", "x-mcp-header-valid", "registration-after-start"}},
		{"versions/gosdk-v1.8", []string{"nil-result-nil-error", "resource-not-found-error", "x-mcp-header-valid", "registration-after-start"}},
		{"versions/gosdk-v1.1", []string{"tool-error-as-protocol-error", "upstream-error-as-protocol-error"}},
		{"versions/mcpgo-v0.32", []string{"nil-result-nil-error", "x-mcp-header-valid", "registration-after-start"}},
		{"versions/mcpgo-v0.47", []string{"nil-result-nil-error", "argument-panic"}},
		{"versions/mcpgo-v1.2", []string{"nil-result-nil-error", "x-mcp-header-valid", "registration-after-start"}},
	} {
		t.Run(c.module, func(t *testing.T) {
			pkgs, err := fixtures.LoadModule(c.module, "./...")
			require.NoError(t, err)
			// One configuration for the module's rules: their analyzers share recognition
			// and its fact analyzers.
			cfg := analyzers.NewConfig()
			cfg.Disable = []string{"all"}
			cfg.Enable = c.rules
			all, err := analyzers.New(cfg)
			require.NoError(t, err)
			var as []*analysis.Analyzer
			for _, a := range all {
				for _, id := range c.rules {
					if a.Name == rule.AnalyzerName(id) {
						as = append(as, a)
					}
				}
			}
			require.Len(t, as, len(c.rules))
			out := fixtures.Run(t, pkgs, as...)
			out.Check(t, c.module)
			// Fixes follow the version too: go-sdk before v1.3.0 has no SetError.
			out.CheckGolden(t, c.module)
		})
	}
}
