package analyzers_test

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
)

// TestNoLineCarriesTwoFindingsOfOneRule runs every rule (strict portability included) over the
// whole fixture module: a mistake is reported once, so no source line may carry two findings
// of the same rule, whatever the number of schema paths, tools or registrations reaching it.
func TestNoLineCarriesTwoFindingsOfOneRule(t *testing.T) {
	cfg := analyzers.NewConfig()
	cfg.Portability = "strict"
	cfg.PlainHandlerErrors = true
	as, err := analyzers.New(cfg)
	require.NoError(t, err)
	pkgs, err := fixtures.Load("./...")
	require.NoError(t, err)
	out := fixtures.Run(t, pkgs, as...)
	count := map[string]int{}
	example := map[string]string{}
	for _, d := range out.Diagnostics {
		if d.Category == "" {
			continue
		}
		key := fmt.Sprintf("%s:%d %s", d.Position.Filename, d.Position.Line, d.Category)
		count[key]++
		if count[key] == 2 {
			example[key] = d.Message
		}
	}
	var twice []string
	for key, n := range count {
		if n > 1 {
			rel, _ := filepath.Rel(fixtures.Dir(), strings.SplitN(key, ":", 2)[0])
			twice = append(twice, fmt.Sprintf("%s%s ×%d: %s", rel, key[strings.Index(key, ":"):], n, example[key]))
		}
	}
	sort.Strings(twice)
	require.Empty(t, twice, "lines with two findings of one rule")
	require.NotEmpty(t, out.Diagnostics, "the fixture module has findings: the test must see them")
}
