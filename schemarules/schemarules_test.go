package schemarules_test

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	mcplint "github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/schemarules"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

// loaded holds every schemarules fixture package, loaded once for all tests.
var loaded = sync.OnceValues(func() ([]*packages.Package, error) {
	return fixtures.Load("./schemarules/...")
})

// analyzers builds the rule analyzers for a configuration, by name.
func analyzers(t *testing.T, cfg *rule.Config) map[string]*analysis.Analyzer {
	t.Helper()
	as, err := rule.Build(mcplint.NewCatalog(), cfg, schemarules.Groups(mcpdefs.New(mcpdefs.Options{}), schemarules.Config{FormatAllowlist: cfg.FormatAllowlist}))
	require.NoError(t, err)
	out := map[string]*analysis.Analyzer{}
	for _, a := range as {
		out[a.Name] = a
	}
	return out
}

// packagesUnder returns the loaded packages whose directory is dir or below it.
func packagesUnder(t *testing.T, dir string) []*packages.Package {
	t.Helper()
	pkgs, err := loaded()
	require.NoError(t, err)
	root := filepath.Join(fixtures.Dir(), dir)
	var out []*packages.Package
	for _, p := range pkgs {
		if len(p.GoFiles) == 0 {
			continue
		}
		d := filepath.Dir(p.GoFiles[0])
		if d == root || strings.HasPrefix(d, root+string(filepath.Separator)) {
			out = append(out, p)
		}
	}
	require.NotEmpty(t, out, "no fixture packages under %s", dir)
	return out
}

// TestRules checks every schema rule against its fixture directory,
// passes/testdata/schemarules/<id>/.
func TestRules(t *testing.T) {
	fixtures.CheckRules(t, schemarules.Rules(), mcplint.New, nil)
}

// TestStrictRulesOffByDefault checks that the strict portability rules build no analyzer
// under the default configuration and do under portability: strict.
func TestStrictRulesOffByDefault(t *testing.T) {
	def := analyzers(t, rule.NewConfig())
	cfg := rule.NewConfig()
	cfg.Portability = "strict"
	str := analyzers(t, cfg)
	for _, id := range []string{"schema-no-defs", "schema-root-oneof-portability", "schema-dialect-tag"} {
		assert.NotContains(t, def, rule.AnalyzerName(id))
		assert.Contains(t, str, rule.AnalyzerName(id))
	}
	assert.Contains(t, def, rule.AnalyzerName("schema-format-portability"))
}
