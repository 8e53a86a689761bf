package fix

import (
	"go/ast"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/internal/driver/result"
)

const src = `package p

func legacy() int { return 1 }

func A() int { return legacy() }

func B() int { return legacy() + legacy() }
`

// writeSrc writes content to a temp .go file and returns its path.
func writeSrc(t *testing.T, content string) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "p.go")
	require.NoError(t, os.WriteFile(name, []byte(content), 0o600))
	return name
}

// replace is a finding whose single fix replaces the n-th occurrence (0-based) of old with new.
func replace(file, content, old, new string, n int) result.Finding {
	off := -1
	for i := 0; i <= n; i++ {
		next := strings.Index(content[off+1:], old)
		off += 1 + next
	}
	pos := func(o int) result.Position {
		line := strings.Count(content[:o], "\n") + 1
		col := o - strings.LastIndex(content[:o], "\n")
		return result.Position{File: file, Line: line, Column: col, Offset: o}
	}
	return result.Finding{
		Rule: "test-rule", Message: "replace " + old, Pos: pos(off),
		Fixes: []result.Fix{{Message: "use " + new, Edits: []result.Edit{{
			File: file, Start: pos(off), End: pos(off + len(old)), NewText: new, FileSize: len(content),
		}}}},
	}
}

func TestBuildAppliesEveryNonOverlappingFix(t *testing.T) {
	file := writeSrc(t, src)
	var fs []result.Finding
	for i := 1; i <= 3; i++ { // occurrence 0 is the declaration
		fs = append(fs, replace(file, src, "legacy()", "modern()", i))
	}
	p := Build(fs, os.ReadFile)
	assert.Empty(t, p.Skipped)
	assert.Len(t, p.Fixed, 3)
	require.Len(t, p.Files, 1)
	assert.Equal(t, strings.Replace(strings.ReplaceAll(src, "legacy()", "modern()"), "func modern() int", "func legacy() int", 1), string(p.Files[0].New))
	assert.Equal(t, src, string(p.Files[0].Old))
}

func TestBuildSkipsOverlappingFixButCoalescesIdenticalOnes(t *testing.T) {
	file := writeSrc(t, src)
	first := replace(file, src, "legacy()", "modern()", 1)
	same := replace(file, src, "legacy()", "modern()", 1) // e.g. from a test variant
	same.Message = "same edit, other finding"
	clash := replace(file, src, "legacy()", "other()", 1)
	clash.Message = "clashing edit"
	p := Build([]result.Finding{first, same, clash}, os.ReadFile)
	assert.Len(t, p.Fixed, 2)
	require.Len(t, p.Skipped, 1)
	assert.Equal(t, "clashing edit", p.Skipped[0].Finding.Message)
	assert.Contains(t, p.Skipped[0].Reason, "overlap")
	require.Len(t, p.Files, 1)
	assert.Contains(t, string(p.Files[0].New), "func A() int { return modern() }")
}

func TestBuildSkipsFindingsWithSeveralFixes(t *testing.T) {
	file := writeSrc(t, src)
	f := replace(file, src, "legacy()", "modern()", 1)
	f.Fixes = append(f.Fixes, replace(file, src, "legacy()", "other()", 1).Fixes...)
	p := Build([]result.Finding{f}, os.ReadFile)
	assert.Empty(t, p.Files)
	require.Len(t, p.Skipped, 1)
	assert.Contains(t, p.Skipped[0].Reason, "2 alternative fixes")
}

func TestBuildRefusesFilesThatChanged(t *testing.T) {
	file := writeSrc(t, src)
	f := replace(file, src, "legacy()", "modern()", 1)
	require.NoError(t, os.WriteFile(file, []byte(src+"// edited meanwhile\n"), 0o600))
	p := Build([]result.Finding{f}, os.ReadFile)
	assert.Empty(t, p.Files)
	require.Len(t, p.Skipped, 1)
	assert.Contains(t, p.Skipped[0].Reason, "changed since mcplint read it")
}

func TestBuildRejectsOutOfRangeEdits(t *testing.T) {
	file := writeSrc(t, src)
	f := replace(file, src, "legacy()", "modern()", 1)
	f.Fixes[0].Edits[0].End.Offset = len(src) + 10
	p := Build([]result.Finding{f}, os.ReadFile)
	assert.Empty(t, p.Files)
	require.Len(t, p.Skipped, 1)
	assert.Contains(t, p.Skipped[0].Reason, "outside")
}

func TestBuildFormatsOnlyFilesThatWereFormatted(t *testing.T) {
	// A fix that leaves odd spacing is tidied in a gofmt-clean file...
	file := writeSrc(t, src)
	f := replace(file, src, "legacy()", "modern(  )", 1)
	p := Build([]result.Finding{f}, os.ReadFile)
	require.Len(t, p.Files, 1)
	assert.Contains(t, string(p.Files[0].New), "return modern() }")

	// ...but a file that was not gofmt-clean is not reformatted wholesale.
	messy := strings.Replace(src, "func B() int {", "func B()   int {", 1)
	file = writeSrc(t, messy)
	f = replace(file, messy, "legacy()", "modern()", 1)
	p = Build([]result.Finding{f}, os.ReadFile)
	require.Len(t, p.Files, 1)
	assert.Contains(t, string(p.Files[0].New), "func B()   int {")
}

func TestDiffIsUnifiedWithRelativeLabels(t *testing.T) {
	file := writeSrc(t, src)
	p := Build([]result.Finding{replace(file, src, "legacy()", "modern()", 1)}, os.ReadFile)
	d := p.Diff(func(string) string { return "p/p.go" })
	assert.Contains(t, d, "--- a/p/p.go\n+++ b/p/p.go\n")
	assert.Contains(t, d, "-func A() int { return legacy() }\n+func A() int { return modern() }\n")
	assert.Contains(t, d, "@@ ")
}

func TestWriteKeepsModeAndRefusesConcurrentEdits(t *testing.T) {
	file := writeSrc(t, src)
	p := Build([]result.Finding{replace(file, src, "legacy()", "modern()", 1)}, os.ReadFile)
	require.NoError(t, p.Write())
	got, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, string(p.Files[0].New), string(got))
	info, err := os.Stat(file)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())

	// Writing the same plan again finds the file no longer matches the plan's baseline.
	assert.ErrorContains(t, p.Write(), "changed while mcplint ran")
}

func TestBuildIgnoresFindingsWithoutFixes(t *testing.T) {
	p := Build([]result.Finding{{Rule: "x", Message: "no fix"}}, func(string) ([]byte, error) {
		t.Fatal("nothing to read")
		return nil, nil
	})
	assert.Empty(t, p.Files)
	assert.Empty(t, p.Skipped)
	assert.Empty(t, p.Fixed)
}

// A fix that removes the last use of a package deletes its import; imports still used, and
// those whose use the fixes did not touch, stay.
func TestBuildDropsImportsTheFixesLeftUnused(t *testing.T) {
	const withFmt = `package p

import (
	"errors"
	"fmt"
	yaml "gopkg.in/yaml.v3"
)

var _ = yaml.Marshal

func A(err error) error { return fmt.Errorf("a: %w", err) }

func B() error { return errors.New("b") }
`
	file := writeSrc(t, withFmt)
	f := replace(file, withFmt, `fmt.Errorf("a: %w", err)`, `errors.Join(errors.New("a"), err)`, 0)
	p := Build([]result.Finding{f}, os.ReadFile)
	require.Len(t, p.Files, 1)
	got := string(p.Files[0].New)
	assert.NotContains(t, got, `"fmt"`)
	assert.Contains(t, got, `"errors"`)
	assert.Contains(t, got, `yaml "gopkg.in/yaml.v3"`)

	// The same fix with fmt still used elsewhere keeps the import.
	const twice = withFmt + "\nfunc C() string { return fmt.Sprint(1) }\n"
	file = writeSrc(t, twice)
	p = Build([]result.Finding{replace(file, twice, `fmt.Errorf("a: %w", err)`, `errors.Join(errors.New("a"), err)`, 0)}, os.ReadFile)
	require.Len(t, p.Files, 1)
	assert.Contains(t, string(p.Files[0].New), `"fmt"`)
}

func TestImportName(t *testing.T) {
	for path, want := range map[string]string{
		`"fmt"`: "fmt", `"github.com/mark3labs/mcp-go/mcp"`: "mcp", `"gopkg.in/yaml.v3"`: "yaml",
		`"github.com/foo/bar/v2"`: "bar", `"github.com/go-chi/chi/v5"`: "chi", `"github.com/x/go-yaml"`: "yaml",
	} {
		assert.Equal(t, want, importName(&ast.ImportSpec{Path: &ast.BasicLit{Value: path}}), path)
	}
}
