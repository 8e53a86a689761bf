package schemarules_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	mcplint "github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/internal/fixtures"
	"github.com/mcplint/mcplint/schemarules"
)

// TestDocsMatchCatalog checks docs/schemarules.md against the catalog: one section per
// schemarules rule, headed by its ID, whose first line states the catalog's severity and status.
func TestDocsMatchCatalog(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(fixtures.Dir(), "..", "..", "docs", "schemarules.md"))
	require.NoError(t, err)
	sections := map[string]string{}
	heading := regexp.MustCompile(`(?m)^## (\S+)\n\n(.*)\n`)
	for _, m := range heading.FindAllStringSubmatch(string(data), -1) {
		_, dup := sections[m[1]]
		assert.False(t, dup, "two sections for %s", m[1])
		sections[m[1]] = m[2]
	}
	for _, r := range mcplint.NewCatalog().Rules() {
		if r.Family != schemarules.Family {
			continue
		}
		line, ok := sections[r.ID]
		if !assert.True(t, ok, "no section for %s", r.ID) {
			continue
		}
		assert.Contains(t, line, "**Severity:** "+r.Severity.String(), r.ID)
		assert.Contains(t, line, "**Status:** "+string(r.Status), r.ID)
		assert.Contains(t, line, "**SDKs:** "+strings.Join(r.SDKs, ", "), r.ID)
		delete(sections, r.ID)
	}
	assert.Empty(t, sections, "sections for IDs that are not schemarules rules")
}
