package driver_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
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

	fixed := map[string]int{}
	for _, d := range diags {
		assert.Equal(t, "preserve-cause-on-rethrow", d.Category)
		assert.Regexp(t, `\(preserve-cause-on-rethrow\)$`, d.Message)
		for _, f := range d.SuggestedFixes {
			for _, e := range f.Edits {
				src, err := os.ReadFile(e.Filename)
				require.NoError(t, err)
				require.LessOrEqual(t, e.End, len(src))
				if f.Message == "Wrap err with %w" && e.New == "w" {
					assert.Contains(t, []string{"v", "s"}, string(src[e.Start:e.End]), "the edit replaces the verb of %%v or %%s")
					fixed[filepath.Base(e.Filename)]++
				} else if f.Message == "Wrap err with %w" {
					// The second edit of the err.Error() form: wrap err itself.
					assert.Equal(t, "err.Error()", string(src[e.Start:e.End]))
					assert.Equal(t, "err", e.New)
				}
			}
		}
	}
	assert.Equal(t, 1, fixed["a.go"], "one %%v→%%w fix in a.go")
	// reach.go's helpers, reached by the package's handlers, have three.
	assert.Equal(t, 3, fixed["reach.go"], "three %%v/%%s→%%w fixes in reach.go")
}

// vscodeLine is how the VS Code Go extension reads a tool's output line (extension/src/util.ts,
// runTool): file:line[:col]: message.
var vscodeLine = regexp.MustCompile(`^([^:]*: )?((.:)?[^:]*):(\d+)(:(\d+)?)?:(?:\w+:)? (.*)$`)

// TestGoVetAsVSCodeRunsIt runs what the VS Code Go extension runs for "Go: Vet Current Package"
// with "go.vetFlags": ["-vettool=..."] (extension/src/goVet.ts: go vet FLAGS . in the package's
// directory, reading standard error), and reads the output as the extension does.
func TestGoVetAsVSCodeRunsIt(t *testing.T) {
	require.NoError(t, fixtures.Prepare())
	dir := filepath.Join(fixtures.Dir(), "handlerrules", "preserve-cause-on-rethrow")
	r := command(t, dir, "go", "vet", "-vettool="+mcplintBin, ".")
	require.Equal(t, 1, r.code, "go vet fails when the tool reports findings\n%s", r.stderr)
	matched := 0
	for _, line := range strings.Split(r.stderr, "\n") {
		m := vscodeLine.FindStringSubmatch(line)
		if m == nil {
			continue // "# package" headers
		}
		matched++
		_, err := os.Stat(filepath.Join(dir, m[2]))
		assert.NoError(t, err, "the extension resolves %q against the package directory", m[2])
		assert.Regexp(t, `\(preserve-cause-on-rethrow\)$`, m[7])
	}
	assert.Positive(t, matched, r.stderr)
}
