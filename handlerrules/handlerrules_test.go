package handlerrules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/analyzers/lint"
	"github.com/mcplint/mcplint/internal/fixtures"
)

func TestMain(m *testing.M) {
	if err := fixtures.Prepare(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// analyzerFor builds the analyzer of one rule, with every other rule disabled.
func analyzerFor(t *testing.T, id string, configure func(*analyzers.Config)) *analysis.Analyzer {
	t.Helper()
	cfg := analyzers.NewConfig()
	cfg.Disable = []string{"all"}
	cfg.Enable = []string{id}
	if configure != nil {
		configure(cfg)
	}
	as, err := analyzers.New(cfg)
	require.NoError(t, err)
	for _, a := range as {
		if a.Name == lint.AnalyzerName(id) {
			return a
		}
	}
	t.Fatalf("no analyzer for %s", id)
	return nil
}

func TestRules(t *testing.T) {
	cases := []struct {
		id        string
		dir       string // defaults to id
		configure func(*analyzers.Config)
	}{
		{id: "result-and-error"},
		{id: "nil-result-nil-error"},
		{id: "wrapped-protocol-error"},
		{id: "structured-content-on-error"},
		{id: "resource-not-found-error"},
		{id: "tool-error-as-protocol-error"},
		{id: "preserve-cause-on-rethrow"},
		{id: "no-stringify-upstream-error"},
		{id: "prefer-mcp-error-in-handler", configure: func(c *analyzers.Config) { c.PlainHandlerErrors = true }},
		{id: "prefer-mcp-error-in-handler", dir: "prefer-mcp-error-in-handler-mcptool"},
		{id: "prefer-error-factory"},
	}
	for _, c := range cases {
		if c.dir == "" {
			c.dir = c.id
		}
		t.Run(c.dir, func(t *testing.T) {
			t.Parallel()
			a := analyzerFor(t, c.id, c.configure)
			dir := "./handlerrules/" + c.dir
			golden, _ := filepath.Glob(filepath.Join(fixtures.Dir(), dir, "*.golden"))
			if len(golden) > 0 {
				analysistest.RunWithSuggestedFixes(t, fixtures.Dir(), a, dir)
			} else {
				analysistest.Run(t, fixtures.Dir(), a, dir)
			}
		})
	}
}

// Without plain-handler-errors, prefer-mcp-error-in-handler leaves plain SDK handlers alone.
func TestPreferMCPErrorDefaultIsMCPToolOnly(t *testing.T) {
	a := analyzerFor(t, "prefer-mcp-error-in-handler", nil)
	results := analysistest.Run(nopT{t}, fixtures.Dir(), a, "./handlerrules/prefer-mcp-error-in-handler")
	require.Len(t, results, 1)
	require.Empty(t, results[0].Diagnostics)
}

// nopT swallows analysistest's complaints about unmatched want comments, so that a test can
// assert that nothing was reported.
type nopT struct{ *testing.T }

func (nopT) Errorf(string, ...any) {}
