package schemarules_test

import (
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	mcplint "github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/internal/fixtures"
	"github.com/mcplint/mcplint/internal/rule"
	"github.com/mcplint/mcplint/mcpdefs"
	"github.com/mcplint/mcplint/schemarules"
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

type scenario struct {
	rule string
	// dir defaults to schemarules/<rule>.
	dir    string
	config func(*rule.Config)
}

func strict(c *rule.Config) { c.Portability = "strict" }

func scenarios() []scenario {
	return []scenario{
		{rule: "schema-is-object"},
		{rule: "schema-serializable"},
		{rule: "schema-tag-syntax"},
		{rule: "schema-tag-required-ignored"},
		{rule: "describe-on-fields"},
		{rule: "schema-unsatisfiable"},
		{rule: "schema-format-portability", dir: "schemarules/schema-format-portability/default"},
		{rule: "schema-format-portability", dir: "schemarules/schema-format-portability/allowlist", config: func(c *rule.Config) {
			c.FormatAllowlist = []string{"uri", "email"}
		}},
		{rule: "schema-anyof-needs-type"},
		{rule: "schema-no-discriminator-keyword"},
		{rule: "schema-no-defs", config: strict},
		{rule: "schema-root-oneof-portability", config: strict},
		{rule: "schema-dialect-tag", config: strict},
		{rule: "name-required"},
		{rule: "name-format"},
		{rule: "name-unique"},
		{rule: "description-required"},
		{rule: "handler-required"},
		{rule: "prompt-handler-required"},
		{rule: "annotation-coherence"},
		{rule: "auth-scope-format"},
		{rule: "meta-ui-type"},
		{rule: "meta-ui-resource-uri-required"},
		{rule: "meta-ui-resource-uri-scheme"},
		{rule: "app-tool-resource-pairing"},
		{rule: "uri-template-required"},
		{rule: "uri-template-valid"},
		{rule: "resource-name-not-uri"},
		{rule: "template-params-align"},
		{rule: "format-parity"},
		{rule: "format-parity-unchecked"},
	}
}

// TestRules runs each rule alone over its fixture directory and checks the want comments
// and, where suggested fixes exist, the .golden files.
func TestRules(t *testing.T) {
	for _, s := range scenarios() {
		dir := s.dir
		if dir == "" {
			dir = "schemarules/" + s.rule
		}
		t.Run(strings.TrimPrefix(dir, "schemarules/"), func(t *testing.T) {
			cfg := rule.NewConfig()
			if s.config != nil {
				s.config(cfg)
			}
			a := analyzers(t, cfg)[rule.AnalyzerName(s.rule)]
			require.NotNil(t, a, "rule %s has no analyzer under this configuration", s.rule)
			out := fixtures.Run(t, packagesUnder(t, dir), a)
			out.Check(t, dir)
			out.CheckGolden(t, dir)
		})
	}
}

// TestEveryRuleHasAFixture keeps the scenario list in step with the catalog.
func TestEveryRuleHasAFixture(t *testing.T) {
	covered := map[string]bool{}
	for _, s := range scenarios() {
		covered[s.rule] = true
	}
	var missing []string
	for _, r := range mcplint.NewCatalog().Rules() {
		if r.Family == schemarules.Family && r.Status == rule.Implemented && !covered[r.ID] {
			missing = append(missing, r.ID)
		}
	}
	sort.Strings(missing)
	assert.Empty(t, missing, "implemented schema rules without a fixture scenario")
}

// TestStrictRulesOffByDefault checks that the strict portability rules build no analyzer
// under the default configuration and do under portability: strict.
func TestStrictRulesOffByDefault(t *testing.T) {
	def := analyzers(t, rule.NewConfig())
	cfg := rule.NewConfig()
	strict(cfg)
	str := analyzers(t, cfg)
	for _, id := range []string{"schema-no-defs", "schema-root-oneof-portability", "schema-dialect-tag"} {
		assert.NotContains(t, def, rule.AnalyzerName(id))
		assert.Contains(t, str, rule.AnalyzerName(id))
	}
	assert.Contains(t, def, rule.AnalyzerName("schema-format-portability"))
}
