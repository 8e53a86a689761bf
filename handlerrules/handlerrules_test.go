package handlerrules_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/packages"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/analyzers/lint"
	"github.com/mcplint/mcplint/internal/fixtures"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

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
		{id: "typed-nil-error"},
	}
	// One load for every fixture directory; the SDKs come from export data.
	pkgs, err := fixtures.Load("./handlerrules/...")
	require.NoError(t, err)
	for _, c := range cases {
		if c.dir == "" {
			c.dir = c.id
		}
		t.Run(c.dir, func(t *testing.T) {
			dir := "handlerrules/" + c.dir
			out := fixtures.Run(t, under(pkgs, dir), analyzerFor(t, c.id, c.configure))
			out.Check(t, dir)
			out.CheckGolden(t, dir)
		})
	}
}

// under selects the loaded packages of one fixture directory.
func under(pkgs []*packages.Package, dir string) []*packages.Package {
	var out []*packages.Package
	for _, p := range pkgs {
		if strings.HasSuffix(p.PkgPath, "/"+dir) {
			out = append(out, p)
		}
	}
	return out
}

// Handlers in test files are test doubles and are not checked: the fixture's a_test.go
// returns (nil, nil) from a stub and must stay silent. (The fast harness does not load test
// files, so this one goes through analysistest.)
func TestHandlersInTestFilesAreSkipped(t *testing.T) {
	analysistest.Run(t, fixtures.Dir(), analyzerFor(t, "nil-result-nil-error", nil), "./handlerrules/nil-result-nil-error")
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
