package driver_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint/mcplint/internal/fixtures"
)

// vetJSON is go vet -json's report: package → analyzer → diagnostics (unitchecker's format,
// which editors and scripts read).
type vetJSON map[string]map[string][]struct {
	Category       string `json:"category"`
	Posn           string `json:"posn"`
	Message        string `json:"message"`
	SuggestedFixes []struct {
		Message string `json:"message"`
		Edits   []struct {
			Filename   string `json:"filename"`
			Start, End int
			New        string `json:"new"`
		} `json:"edits"`
	} `json:"suggested_fixes"`
}

// TestGoVetJSONCarriesSuggestedFixes checks the go vet route for editors and scripts: with
// -json, mcplint's suggested fixes come out as byte-offset edits, with the rule ID as the
// category and at the end of the message.
func TestGoVetJSONCarriesSuggestedFixes(t *testing.T) {
	require.NoError(t, fixtures.Prepare())
	r := command(t, fixtures.Dir(), "go", "vet", "-vettool="+mcplintBin, "-json", "./handlerrules/preserve-cause-on-rethrow")
	require.Equal(t, 0, r.code, "go vet -json reports findings and exits 0\n%s", r.stderr)
	var rep vetJSON
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep), r.stdout)
	diags := rep["fixtures/handlerrules/preserve-cause-on-rethrow"]["preserve_cause_on_rethrow"]
	require.NotEmpty(t, diags, r.stdout)

	fixed := 0
	for _, d := range diags {
		assert.Equal(t, "preserve-cause-on-rethrow", d.Category)
		assert.Regexp(t, `\(preserve-cause-on-rethrow\)$`, d.Message)
		for _, f := range d.SuggestedFixes {
			for _, e := range f.Edits {
				src, err := os.ReadFile(e.Filename)
				require.NoError(t, err)
				require.LessOrEqual(t, e.End, len(src))
				if f.Message == "Wrap err with %w" {
					assert.Equal(t, "v", string(src[e.Start:e.End]), "the edit replaces the v of %%v")
					assert.Equal(t, "w", e.New)
					assert.Equal(t, "a.go", filepath.Base(e.Filename))
					fixed++
				}
			}
		}
	}
	assert.Equal(t, 1, fixed, "one %%v→%%w fix in the fixture")
}
