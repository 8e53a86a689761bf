package handlerrules_test

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/handlerrules"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
	"github.com/mcplint-go/mcplint/mcpdefs"
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
		if a.Name == rule.AnalyzerName(id) {
			return a
		}
	}
	t.Fatalf("no analyzer for %s", id)
	return nil
}

// TestRules checks every handler rule against its fixture directory,
// passes/testdata/handlerrules/<id>/, settled over the directory's packages as `mcplint ./...`
// settles a run: a handler package's findings that a server package converts are dropped.
func TestRules(t *testing.T) {
	fixtures.CheckRules(t, handlerrules.Rules(), analyzers.New, wireSettle)
}

// wireSettle settles a fixture run with analyzers.Wire, as the driver does.
func wireSettle() *fixtures.Settle {
	w := analyzers.NewWire()
	return &fixtures.Settle{Result: reflect.TypeFor[*mcpdefs.Result](), Observe: w.ObserveResult, Drop: func(d fixtures.Diagnostic) bool {
		return w.Converted(d.Category, d.Position.Filename, d.Position.Offset)
	}}
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
	results := analysistest.Run(nopT{t}, fixtures.Dir(), a, "./handlerrules/prefer-mcp-error-in-handler/plain")
	require.Len(t, results, 1)
	require.Empty(t, results[0].Diagnostics)
}

// nopT swallows analysistest's complaints about unmatched want comments, so that a test can
// assert that nothing was reported.
type nopT struct{ *testing.T }

func (nopT) Errorf(string, ...any) {}
