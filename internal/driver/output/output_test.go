package output

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/driver/result"
)

// sampleReport has a warning with a fix, an info finding outside the working directory, and a
// package error; root is the working directory.
func sampleReport(root string) *result.Report {
	file := filepath.Join(root, "srv", "tools.go")
	return &result.Report{
		Rules: []result.Rule{
			{ID: "prefer-error-factory", Family: "handlerrules", Title: "mcperr.New with a code that has a factory", Help: "## prefer-error-factory\n\nUse the factory.", URL: "https://example.com/docs#prefer-error-factory", Severity: analyzers.Warning},
			{ID: "ignore-unused", Family: "directives", Title: "unused directive", URL: "https://example.com/docs#ignore-unused", Severity: analyzers.Info},
		},
		Findings: []result.Finding{
			{
				Rule: "prefer-error-factory", Severity: analyzers.Warning,
				Message: "use mcperr.NotFound(msg), 100%: the factory says it (prefer-error-factory)",
				Pos:     result.Position{File: file, Line: 3, Column: 9, Offset: 30},
				End:     result.Position{File: file, Line: 3, Column: 20, Offset: 41},
				URL:     "https://example.com/docs#prefer-error-factory", Package: "example.com/srv",
				Fixes: []result.Fix{{Message: "use the factory", Edits: []result.Edit{{
					File: file, Start: result.Position{File: file, Line: 3, Column: 9, Offset: 30},
					End: result.Position{File: file, Line: 3, Column: 20, Offset: 41}, NewText: "mcperr.NotFound", FileSize: 60,
				}}}},
			},
			{
				Rule: "ignore-unused", Severity: analyzers.Info, Message: "stale\ndirective (ignore-unused)",
				Pos: result.Position{File: "/elsewhere/x.go", Line: 1, Column: 1},
				URL: "https://example.com/docs#ignore-unused", Package: "example.com/other",
			},
		},
		PackageErrors: []result.PackageError{{Package: "example.com/bad", Errors: []string{"bad/bad.go:6:9: undefined: x"}}},
		Checked:       2,
	}
}

func TestParseFormat(t *testing.T) {
	for in, want := range map[string]Format{"text": Text, "JSON": JSON, "sarif": SARIF, "github": GitHub, "github-actions": GitHub} {
		got, err := ParseFormat(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	_, err := ParseFormat("xml")
	assert.ErrorContains(t, err, `unknown output format "xml"`)
}

func TestTextIsFileLineColSeverityMessageRelativeToDir(t *testing.T) {
	root := t.TempDir()
	var b bytes.Buffer
	require.NoError(t, WriteText(&b, sampleReport(root), Options{Dir: root}))
	assert.Equal(t,
		filepath.Join("srv", "tools.go")+":3:9: warning: use mcperr.NotFound(msg), 100%: the factory says it (prefer-error-factory)\n"+
			"/elsewhere/x.go:1:1: info: stale\ndirective (ignore-unused)\n",
		b.String())
}

// Below ListFrom the text format counts findings per rule in one last line instead of
// listing them; nothing at or above it is left out.
func TestTextCountsFindingsBelowListFrom(t *testing.T) {
	root := t.TempDir()
	rep := sampleReport(root)
	for range 2 {
		rep.Findings = append(rep.Findings, result.Finding{Rule: "describe-on-output-fields", Severity: analyzers.Info, Message: "m (describe-on-output-fields)", Pos: result.Position{File: "/elsewhere/y.go", Line: 2, Column: 1}})
	}
	var b bytes.Buffer
	require.NoError(t, WriteText(&b, rep, Options{Dir: root, ListFrom: analyzers.Warning}))
	assert.Equal(t,
		filepath.Join("srv", "tools.go")+":3:9: warning: use mcperr.NotFound(msg), 100%: the factory says it (prefer-error-factory)\n"+
			"mcplint: 3 info findings not listed (describe-on-output-fields 2, ignore-unused 1); -show info lists them\n",
		b.String())

	b.Reset()
	require.NoError(t, WriteText(&b, rep, Options{Dir: root, ListFrom: analyzers.Error}))
	assert.Equal(t, "mcplint: 4 warning and info findings not listed (describe-on-output-fields 2, ignore-unused 1, prefer-error-factory 1); -show info lists them\n", b.String())

	b.Reset()
	rep.Findings = rep.Findings[:2]
	require.NoError(t, WriteText(&b, rep, Options{Dir: root, ListFrom: analyzers.Warning}))
	assert.Contains(t, b.String(), "mcplint: 1 info finding not listed (ignore-unused 1)", "singular")
}

func TestJSONDocument(t *testing.T) {
	root := t.TempDir()
	var b bytes.Buffer
	require.NoError(t, WriteJSON(&b, sampleReport(root), Options{Dir: root}))

	var doc struct {
		Findings []struct {
			Rule, Severity, Message, File, URL, Package string
			Line, Column                                int
			End                                         *struct{ Line, Column, Offset int }
			SuggestedFixes                              []struct {
				Message string
				Edits   []struct {
					File       string
					Start, End struct{ Line, Column, Offset int }
					NewText    string
				}
			}
		}
		PackageErrors []struct {
			Package string
			Errors  []string
		}
		CheckedPackages int
	}
	require.NoError(t, json.Unmarshal(b.Bytes(), &doc))
	require.Len(t, doc.Findings, 2)
	f := doc.Findings[0]
	assert.Equal(t, "prefer-error-factory", f.Rule)
	assert.Equal(t, "warning", f.Severity)
	assert.Equal(t, "srv/tools.go", filepath.ToSlash(f.File))
	assert.Equal(t, 3, f.Line)
	assert.Equal(t, 9, f.Column)
	require.NotNil(t, f.End)
	assert.Equal(t, 20, f.End.Column)
	assert.Equal(t, "https://example.com/docs#prefer-error-factory", f.URL)
	require.Len(t, f.SuggestedFixes, 1)
	require.Len(t, f.SuggestedFixes[0].Edits, 1)
	e := f.SuggestedFixes[0].Edits[0]
	assert.Equal(t, "mcperr.NotFound", e.NewText)
	assert.Equal(t, 30, e.Start.Offset)
	assert.Equal(t, 41, e.End.Offset)

	assert.Equal(t, "info", doc.Findings[1].Severity)
	assert.Nil(t, doc.Findings[1].End, "no end when the diagnostic has none")
	assert.Empty(t, doc.Findings[1].SuggestedFixes)
	require.Len(t, doc.PackageErrors, 1)
	assert.Equal(t, "example.com/bad", doc.PackageErrors[0].Package)
	assert.Equal(t, 2, doc.CheckedPackages)
}

func TestJSONEmptyListsAreArrays(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteJSON(&b, &result.Report{}, Options{}))
	assert.JSONEq(t, `{"findings": [], "packageErrors": [], "checkedPackages": 0}`, b.String())
}

func TestGitHubWorkflowCommands(t *testing.T) {
	root := t.TempDir()
	var b bytes.Buffer
	require.NoError(t, WriteGitHub(&b, sampleReport(root), Options{Dir: root}))
	assert.Equal(t,
		"::warning file=srv/tools.go,line=3,col=9,endLine=3,endColumn=20,title=prefer-error-factory::use mcperr.NotFound(msg), 100%25: the factory says it (prefer-error-factory)\n"+
			"::notice file=/elsewhere/x.go,line=1,col=1,title=ignore-unused::stale%0Adirective (ignore-unused)\n"+
			"::error title=mcplint%3A package not checked::mcplint could not check package example.com/bad:%0Abad/bad.go:6:9: undefined: x\n",
		filepath.ToSlash(b.String()))
}

func TestGitHubEscaping(t *testing.T) {
	assert.Equal(t, "a%25b%0D%0Ac:d,e", escapeData("a%b\r\nc:d,e"))
	assert.Equal(t, "a%25b%0D%0Ac%3Ad%2Ce", escapeProperty("a%b\r\nc:d,e"))
	assert.Equal(t, "%2525", escapeData("%25"), "percent is escaped first, so escapes are not double-decoded")
}

func TestGitHubLevels(t *testing.T) {
	assert.Equal(t, "error", githubLevel(analyzers.Error))
	assert.Equal(t, "warning", githubLevel(analyzers.Warning))
	assert.Equal(t, "notice", githubLevel(analyzers.Info))
}

func TestRelPath(t *testing.T) {
	root := filepath.Join(string(filepath.Separator), "work", "repo")
	assert.Equal(t, filepath.Join("a", "b.go"), RelPath(root, filepath.Join(root, "a", "b.go")))
	assert.Equal(t, filepath.Join(string(filepath.Separator), "work", "other", "c.go"), RelPath(root, filepath.Join(string(filepath.Separator), "work", "other", "c.go")), "outside the directory stays absolute")
	assert.Equal(t, filepath.Join(string(filepath.Separator), "work", "repo2", "c.go"), RelPath(root, filepath.Join(string(filepath.Separator), "work", "repo2", "c.go")))
	assert.Equal(t, "x.go", RelPath("", "x.go"))
}

func TestWriteDispatches(t *testing.T) {
	root := t.TempDir()
	for _, f := range Formats {
		var b bytes.Buffer
		require.NoError(t, Write(&b, f, sampleReport(root), Options{Dir: root, ReadFile: os.ReadFile}), f)
		assert.NotEmpty(t, b.String(), f)
	}
	assert.Error(t, Write(&bytes.Buffer{}, "xml", sampleReport(root), Options{}))
}
