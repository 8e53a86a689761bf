package analyzers_test

import (
	"fmt"
	"os"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/internal/fixtures"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

func TestAllValidates(t *testing.T) {
	require.NoError(t, analysis.Validate(analyzers.All()))
	cat := analyzers.NewCatalog()
	for _, a := range analyzers.All() {
		assert.NotEmpty(t, a.Doc, a.Name)
		assert.Contains(t, a.URL, "https://github.com/mcplint/mcplint/blob/main/docs/", a.Name)
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

// TestSuppression runs result-and-error with the directive checker over a fixture: two
// findings are suppressed (comment above, trailing comment), one directive without a reason
// suppresses its finding but is reported, one suppresses nothing and one names no rule.
func TestSuppression(t *testing.T) {
	cfg := analyzers.NewConfig()
	cfg.Disable = []string{"all"}
	cfg.Enable = []string{"result-and-error", "nil-result-nil-error", "directives"}
	as, err := analyzers.New(cfg)
	require.NoError(t, err)

	pkgs, err := packages.Load(&packages.Config{
		Mode: packages.LoadAllSyntax | packages.NeedModule,
		Dir:  fixtures.Dir(),
		Env:  append(os.Environ(), "GOPROXY=off", "GOWORK=off"),
	}, "./directives/suppress")
	require.NoError(t, err)
	require.Len(t, pkgs, 1)
	require.Empty(t, pkgs[0].Errors)
	g, err := checker.Analyze(as, pkgs, nil)
	require.NoError(t, err)
	var got []string
	for act := range g.All() {
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			got = append(got, fmt.Sprintf("%d %s", act.Package.Fset.Position(d.Pos).Line, d.Category))
		}
	}
	sort.Strings(got)
	assert.Equal(t, []string{
		"18 ignore-reason-required",
		"21 ignore-unused",
		"24 ignore-unused",
		"25 result-and-error",
	}, got)
}
