package analyzers_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/internal/fixtures"
	"github.com/mcplint/mcplint/internal/rule"
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

// TestDirectiveRules checks each directive rule against its fixture directory, found by
// convention from the ID: passes/testdata/directives/<id>/. The findings sit on the
// directive comments themselves, where a want comment cannot go (it would become the
// directive's reason), so each NAME.go has a NAME.findings file: one "line rule" a line,
// in position order, every finding of the rule and of the rules the directory's mcplint.yaml enables beside it.
func TestDirectiveRules(t *testing.T) {
	for _, r := range rule.DirectiveRules() {
		t.Run(r.ID, func(t *testing.T) {
			dir := filepath.Join(string(r.Family), r.ID)
			cfg := analyzers.NewConfig()
			if data, err := os.ReadFile(filepath.Join(fixtures.Dir(), dir, fixtures.VariantConfig)); err == nil {
				cfg, err = rule.ParseConfig(data)
				require.NoError(t, err)
			}
			cfg.Enable = append(cfg.Enable, r.ID)
			cfg.Disable = []string{"all"}
			as, err := analyzers.New(cfg)
			require.NoError(t, err)
			pkgs, err := fixtures.Load("./" + filepath.ToSlash(dir))
			require.NoError(t, err, "rule %s has no fixture directory passes/testdata/%s", r.ID, dir)
			out := fixtures.Run(t, pkgs, as...)
			got := map[string][]string{}
			for _, d := range out.Diagnostics {
				got[d.Position.Filename] = append(got[d.Position.Filename], fmt.Sprintf("%d %s", d.Position.Line, d.Category))
			}
			files := 0
			for _, p := range pkgs {
				for _, f := range p.GoFiles {
					files++
					data, err := os.ReadFile(strings.TrimSuffix(f, ".go") + ".findings")
					require.NoError(t, err)
					var want []string
					for _, l := range strings.Split(string(data), "\n") {
						if l = strings.TrimSpace(l); l != "" {
							want = append(want, l)
						}
					}
					assert.Equal(t, want, got[f], f)
				}
			}
			require.NotZero(t, files, "no fixture files in passes/testdata/%s", dir)
		})
	}
}
