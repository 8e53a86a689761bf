package baseline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/internal/driver/result"
)

func TestParsePatch(t *testing.T) {
	patch := `diff --git a/a.go b/a.go
--- a/a.go
+++ b/a.go
@@ -1,4 +1,5 @@
 package a
-var x = 1
+var x = 2
+var y = 3
 
 func f() {}
@@ -10 +11,2 @@ func g() {
-old
+++new starts with pluses
+new
\ No newline at end of file
diff --git a/gone.go b/gone.go
--- a/gone.go
+++ /dev/null
@@ -1,1 +0,0 @@
-package gone
--- /dev/null
+++ "b/sp ace.go"
@@ -0,0 +1 @@
+package sp
--- old.go	2024-01-01 00:00:00
+++ plain.go	2024-01-02 00:00:00
@@ -3,0 +4 @@
+x
`
	c, err := ParsePatch(strings.NewReader(patch), "/r")
	require.NoError(t, err)
	assert.Equal(t, Changes{
		"/r/a.go":      {2: true, 3: true, 11: true, 12: true},
		"/r/sp ace.go": {1: true},
		"/r/plain.go":  {4: true},
	}, c)

	for _, bad := range []string{
		"+++ b/a.go\n@@ -1 +x @@\n",
		"+++ b/a.go\n@@ nonsense\n",
		"+++ b/a.go\n@@ -1,2 +1,2 @@\n a\n",             // ends early: fine at EOF
		"+++ b/a.go\n@@ -1,2 +1,2 @@\n a\n+++ b/b.go\n", // a header inside a hunk: "+" line, not a file
	} {
		_, err := ParsePatch(strings.NewReader(bad), "/r")
		if strings.Contains(bad, "nonsense") || strings.Contains(bad, "+x") {
			assert.Error(t, err, bad)
		} else {
			assert.NoError(t, err, bad)
		}
	}
	_, err = ParsePatch(strings.NewReader("+++ b/a.go\n@@ -1,3 +1,3 @@\n a\ndiff --git x\n"), "/r")
	assert.ErrorContains(t, err, "line 4: hunk ends early")
}

func TestChangesKeep(t *testing.T) {
	c := Changes{"/r/a.go": {3: true}, "/r/new.go": nil}
	at := func(file string, line int) result.Finding {
		return result.Finding{Pos: result.Position{File: file, Line: line}}
	}
	assert.True(t, c.Keep(at("/r/a.go", 3)))
	assert.False(t, c.Keep(at("/r/a.go", 4)))
	assert.True(t, c.Keep(at("/r/new.go", 99)), "an untracked file is new in full")
	assert.False(t, c.Keep(at("/r/other.go", 3)))
	assert.True(t, c.Keep(result.Finding{Rule: "load-error"}), "a finding with no position is never hidden")
}

// Identical lines with the same finding are counted: the baseline accepts as many as it saw.
func TestBaselineCountsIdenticalLines(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "a.go")
	require.NoError(t, os.WriteFile(src, []byte("package a\n\treturn nil, err\n\treturn nil, err\nx\n"), 0o644))
	f := func(line int) result.Finding {
		return result.Finding{Rule: "r", Pos: result.Position{File: src, Line: line, Column: 1}}
	}
	path := filepath.Join(dir, "baseline.json")
	require.NoError(t, Build(path, []result.Finding{f(2), f(3)}).Write(path))
	b, err := Read(path)
	require.NoError(t, err)
	require.Len(t, b.Findings, 1)
	assert.Equal(t, 2, b.Findings[0].Count)
	assert.Equal(t, "a.go", b.Findings[0].File)

	// A third copy of the line is one new finding.
	require.NoError(t, os.WriteFile(src, []byte("package a\n\treturn nil, err\n\treturn nil, err\n  return nil, err\n"), 0o644))
	kept, suppressed := b.Filter(path, []result.Finding{f(2), f(3), f(4)})
	assert.Equal(t, 2, suppressed)
	assert.Equal(t, []result.Finding{f(4)}, kept)

	// Another rule on the same line is not accepted.
	other := f(2)
	other.Rule = "s"
	kept, _ = b.Filter(path, []result.Finding{other})
	assert.Len(t, kept, 1)
}

func TestReadRejectsBadFiles(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"notjson":  "findings:",
		"version":  `{"version": 2, "findings": []}`,
		"unknown":  `{"version": 1, "findings": [], "extra": 1}`,
		"norule":   `{"version": 1, "findings": [{"file": "a.go", "hash": "x"}]}`,
		"negative": `{"version": 1, "findings": [{"rule": "r", "hash": "x", "count": -1}]}`,
	} {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		_, err := Read(p)
		assert.ErrorContains(t, err, p, name)
	}
}

// A defect copied into another function, above the accepted one, is the one reported: the
// baseline remembers which declaration held the accepted finding.
func TestBaselineReportsTheCopyNotTheAcceptedLine(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "a.go")
	accepted := "package a\n\nfunc old() error {\n\treturn nil, err\n}\n"
	require.NoError(t, os.WriteFile(src, []byte(accepted), 0o644))
	at := func(line int, text string) result.Finding {
		off := 0
		for i, l := range strings.SplitAfter(text, "\n") {
			if i == line-1 {
				break
			}
			off += len(l)
		}
		return result.Finding{Rule: "r", Pos: result.Position{File: src, Line: line, Column: 2, Offset: off + 1}}
	}
	path := filepath.Join(dir, "baseline.json")
	require.NoError(t, Build(path, []result.Finding{at(4, accepted)}).Write(path))
	b, err := Read(path)
	require.NoError(t, err)

	copied := "package a\n\nfunc copied() error {\n\treturn nil, err\n}\n\nfunc old() error {\n\treturn nil, err\n}\n"
	require.NoError(t, os.WriteFile(src, []byte(copied), 0o644))
	kept, suppressed := b.Filter(path, []result.Finding{at(4, copied), at(8, copied)})
	assert.Equal(t, 1, suppressed)
	require.Len(t, kept, 1)
	assert.Equal(t, 4, kept[0].Pos.Line, "the copy, in copied(), is new")
}
