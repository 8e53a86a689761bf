package manifest_test

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/internal/fixtures"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

var envVar = regexp.MustCompile(`WEATHER_[A-Z_]+`)

type quiet struct{ *testing.T }

func (quiet) Errorf(string, ...any) {} // server.json cannot carry want comments

// TestCodeCrossChecks runs the adapter on a module whose server.json disagrees with its
// code: the version differs, one variable the code reads is undeclared, one declared
// variable is never read, and HOME (ambient) is ignored. The reads happen in another
// package than the one that builds the server, so they arrive through facts.
func TestCodeCrossChecks(t *testing.T) {
	cfg := analyzers.NewConfig()
	cfg.Disable = []string{"all"}
	cfg.Enable = []string{"serverjson"}
	as, err := analyzers.New(cfg)
	require.NoError(t, err)
	var a *analysis.Analyzer
	for _, x := range as {
		if x.Name == "serverjson" {
			a = x
		}
	}
	require.NotNil(t, a)
	dir := filepath.Join(fixtures.Dir(), "serverjson", "codecheck")
	results := analysistest.Run(quiet{t}, dir, a, "./...")
	var got []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			pos := r.Pass.Fset.Position(d.Pos)
			got = append(got, fmt.Sprintf("%s:%d %s %s", filepath.Base(pos.Filename), pos.Line, d.Category, envVar.FindString(d.Message)))
		}
	}
	// analysistest checks the package and its test variant; the driver and go vet check one.
	sort.Strings(got)
	got = slices.Compact(got)
	assert.Equal(t, []string{
		"server.json:11 server-json-env-var-missing WEATHER_REGION",         // required, read in package config
		"server.json:11 server-json-env-var-missing WEATHER_UPSTREAM_TOKEN", // a credential
		"server.json:13 server-json-env-var-unused WEATHER_UNITS",
		"server.json:5 server-json-code-version-sync ", // 1.3.0 vs the code's 1.2.0
		// Silent: WEATHER_CACHE_TTL (an optional knob), HOME (ambient), TEST_ONLY_SETTING and
		// the test server (tests are not the published server).
	}, got)
}
