package serverjson

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// fixturesDir holds one directory per rule, passes/testdata/serverjson/<id>/.
var fixturesDir = filepath.Join("..", "passes", "testdata", "serverjson")

// optionRules need options a file cannot carry (a size limit, package.json's version) or the
// Go code beside the file: their cases are in TestRules and in serverjson/manifest's tests.
var optionRules = map[string]bool{
	ruleTooLarge: true, ruleVersionSync: true,
	ruleCodeVersionSync: true, ruleCodeNameSync: true, ruleEmbeddedVersionSync: true, ruleEnvVarMissing: true, ruleEnvVarUnused: true,
}

// TestRuleFixtures checks every rule against its fixture directory: each NAME.json there is
// checked with the default options and must produce exactly the findings listed in
// NAME.findings (one "line:col rule pointer" a line, in report order), and at least one file
// must make the rule fire. Files where it does not fire are its near misses.
func TestRuleFixtures(t *testing.T) {
	for _, r := range Rules() {
		if optionRules[r.ID] {
			continue
		}
		t.Run(r.ID, func(t *testing.T) {
			files, err := filepath.Glob(filepath.Join(fixturesDir, r.ID, "*.json"))
			require.NoError(t, err)
			require.NotEmpty(t, files, "rule %s has no fixture in %s", r.ID, filepath.Join(fixturesDir, r.ID))
			fired := false
			for _, f := range files {
				data, err := os.ReadFile(f)
				require.NoError(t, err)
				want, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".findings")
				require.NoError(t, err)
				diags := Check(data, Options{})
				for _, d := range diags {
					assertWellFormed(t, data, d)
					fired = fired || d.Rule == r.ID
				}
				require.Equal(t, string(want), formatFindings(diags), "%s:%s", f, errorSummary(diags))
			}
			require.True(t, fired, "no fixture of %s makes it fire", r.ID)
		})
	}
	// Every directory is a rule's.
	entries, err := os.ReadDir(fixturesDir)
	require.NoError(t, err)
	for _, e := range entries {
		if _, ok := severityByRule[e.Name()]; e.IsDir() && strings.HasPrefix(e.Name(), "server-json-") && !ok {
			t.Errorf("%s is no rule's fixture directory", e.Name())
		}
	}
}

// formatFindings renders findings one a line, as the .findings files hold them.
func formatFindings(diags []Diagnostic) string {
	var b strings.Builder
	for _, d := range diags {
		b.WriteString(strconv.Itoa(d.Pos.Line) + ":" + strconv.Itoa(d.Pos.Col) + " " + d.Rule + " " + d.Pointer + "\n")
	}
	return b.String()
}
