package serverjson

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDocsMatchCatalog keeps docs/serverjson.md in step with Rules(): one
// section per rule, with the rule's severity, and no section for a rule
// that does not exist.
func TestDocsMatchCatalog(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "docs", "serverjson.md"))
	require.NoError(t, err)
	defer f.Close()
	sections := map[string]int{}
	severities := map[string]string{}
	var current string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if id, ok := strings.CutPrefix(line, "## "); ok {
			current = id
			sections[id]++
			continue
		}
		if rest, ok := strings.CutPrefix(line, "**Severity:** "); ok && current != "" {
			severities[current], _, _ = strings.Cut(rest, " ")
		}
	}
	require.NoError(t, sc.Err())
	for _, r := range Rules() {
		require.Equal(t, 1, sections[r.ID], "docs/serverjson.md needs exactly one section for %s", r.ID)
		require.Equal(t, string(r.Severity), severities[r.ID], "severity of %s in the docs", r.ID)
		delete(sections, r.ID)
	}
	require.Empty(t, sections, "docs sections for rules that are not in the catalog")
}
