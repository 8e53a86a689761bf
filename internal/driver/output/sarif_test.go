package output

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/driver/result"
	"github.com/mcplint-go/mcplint/internal/driver/sarifschema"
)

const sarifSchemaFile = "../testdata/sarif-schema-2.1.0.json"

type sarifDoc struct {
	Schema  string `json:"$schema"`
	Version string
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name, Version string
				Rules         []struct {
					ID                   string
					ShortDescription     struct{ Text string }
					Help                 *struct{ Text, Markdown string }
					HelpURI              string
					DefaultConfiguration struct{ Level string }
				}
			}
		}
		OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
		ColumnKind         string
		Invocations        []struct {
			ExecutionSuccessful        bool
			ToolExecutionNotifications []struct {
				Level   string
				Message struct{ Text string }
			}
		}
		Results []struct {
			RuleID    string
			RuleIndex int
			Level     string
			Message   struct{ Text string }
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI       string
						URIBaseID string `json:"uriBaseId"`
					}
					Region struct{ StartLine, StartColumn, EndLine, EndColumn int }
				}
			}
			Fixes []struct {
				Description     struct{ Text string }
				ArtifactChanges []struct {
					ArtifactLocation struct{ URI string }
					Replacements     []struct {
						DeletedRegion   struct{ StartLine, StartColumn, EndLine, EndColumn int }
						InsertedContent struct{ Text string }
					}
				}
			}
		}
	}
}

func writeSARIF(t *testing.T, r *result.Report, o Options) (sarifDoc, []byte) {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, WriteSARIF(&b, r, o))
	var doc sarifDoc
	require.NoError(t, json.Unmarshal(b.Bytes(), &doc))
	return doc, b.Bytes()
}

func TestSARIFStructure(t *testing.T) {
	root := t.TempDir()
	noFiles := func(string) ([]byte, error) { return nil, errors.New("no files in this test") }
	doc, raw := writeSARIF(t, sampleReport(root), Options{Dir: root, ToolVersion: "v1.2.3", ReadFile: noFiles})
	require.NoError(t, sarifschema.Validate(sarifSchemaFile, raw))

	assert.Equal(t, "2.1.0", doc.Version)
	require.Len(t, doc.Runs, 1)
	run := doc.Runs[0]
	assert.Equal(t, "mcplint", run.Tool.Driver.Name)
	assert.Equal(t, "v1.2.3", run.Tool.Driver.Version)
	assert.Equal(t, "utf16CodeUnits", run.ColumnKind)
	assert.Equal(t, dirURI(root, true), run.OriginalURIBaseIDs["%SRCROOT%"].URI)

	rules := run.Tool.Driver.Rules
	require.Len(t, rules, 2)
	assert.Equal(t, "prefer-error-factory", rules[0].ID)
	assert.Equal(t, "mcperr.New with a code that has a factory", rules[0].ShortDescription.Text)
	require.NotNil(t, rules[0].Help)
	assert.Equal(t, "## prefer-error-factory\n\nUse the factory.", rules[0].Help.Markdown)
	assert.Equal(t, "https://example.com/docs#prefer-error-factory", rules[0].HelpURI)
	assert.Equal(t, "warning", rules[0].DefaultConfiguration.Level)
	assert.Equal(t, "note", rules[1].DefaultConfiguration.Level, "info is SARIF's note")
	assert.Nil(t, rules[1].Help, "no help without documentation")

	require.Len(t, run.Results, 2)
	r0 := run.Results[0]
	assert.Equal(t, "prefer-error-factory", r0.RuleID)
	assert.Equal(t, 0, r0.RuleIndex)
	assert.Equal(t, "warning", r0.Level)
	loc := r0.Locations[0].PhysicalLocation
	assert.Equal(t, "srv/tools.go", loc.ArtifactLocation.URI)
	assert.Equal(t, "%SRCROOT%", loc.ArtifactLocation.URIBaseID)
	assert.Equal(t, 3, loc.Region.StartLine)
	assert.Equal(t, 9, loc.Region.StartColumn, "byte columns are kept when the file cannot be read")
	assert.Equal(t, 20, loc.Region.EndColumn)
	require.Len(t, r0.Fixes, 1)
	assert.Equal(t, "use the factory", r0.Fixes[0].Description.Text)
	rep := r0.Fixes[0].ArtifactChanges[0].Replacements[0]
	assert.Equal(t, "mcperr.NotFound", rep.InsertedContent.Text)
	assert.Equal(t, 9, rep.DeletedRegion.StartColumn)
	assert.Equal(t, 20, rep.DeletedRegion.EndColumn)

	r1 := run.Results[1]
	assert.Equal(t, 1, r1.RuleIndex)
	assert.Equal(t, "note", r1.Level)
	assert.Equal(t, "file:///elsewhere/x.go", r1.Locations[0].PhysicalLocation.ArtifactLocation.URI)
	assert.Empty(t, r1.Locations[0].PhysicalLocation.ArtifactLocation.URIBaseID)

	notes := run.Invocations[0].ToolExecutionNotifications
	require.Len(t, notes, 1)
	assert.Contains(t, notes[0].Message.Text, "example.com/bad")
	assert.True(t, run.Invocations[0].ExecutionSuccessful)
}

func TestSARIFColumnsAreUTF16(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, "a.go")
	// "é" is 2 bytes and 1 UTF-16 unit; "𝄞" is 4 bytes and 2 units.
	src := "package a\n\nvar s = \"é𝄞\" + x\n"
	require.NoError(t, os.WriteFile(file, []byte(src), 0o644))
	xOff := bytes.IndexByte([]byte(src), 'x')
	lineStart := bytes.LastIndexByte([]byte(src[:xOff]), '\n') + 1
	rep := &result.Report{
		Rules: []result.Rule{{ID: "r-x", Title: "t", Severity: analyzers.Error}},
		Findings: []result.Finding{{
			Rule: "r-x", Severity: analyzers.Error, Message: "m",
			Pos: result.Position{File: file, Line: 3, Column: xOff - lineStart + 1, Offset: xOff},
		}},
	}
	doc, raw := writeSARIF(t, rep, Options{Dir: root})
	require.NoError(t, sarifschema.Validate(sarifSchemaFile, raw))
	// `var s = "` is 9 units, é 1 unit (2 bytes), 𝄞 2 units (4 bytes), `" + ` 4 units: x is
	// at byte column 20 and UTF-16 column 17.
	assert.Equal(t, 20, xOff-lineStart+1, "byte column")
	assert.Equal(t, 17, doc.Runs[0].Results[0].Locations[0].PhysicalLocation.Region.StartColumn)
	assert.Equal(t, "error", doc.Runs[0].Results[0].Level)
}

func TestSARIFRejectsUndescribedRule(t *testing.T) {
	rep := &result.Report{Findings: []result.Finding{{Rule: "mystery", Message: "m"}}}
	assert.ErrorContains(t, WriteSARIF(&bytes.Buffer{}, rep, Options{}), "mystery")
}

func TestSARIFEmptyReportValidates(t *testing.T) {
	doc, raw := writeSARIF(t, &result.Report{}, Options{Dir: t.TempDir()})
	require.NoError(t, sarifschema.Validate(sarifSchemaFile, raw))
	assert.NotNil(t, doc.Runs[0].Results)
}

func TestFileURIEscapes(t *testing.T) {
	root := filepath.Join(string(filepath.Separator), "r")
	uri, base := fileURI(root, filepath.Join(root, "a dir", "x#1.go"))
	assert.Equal(t, "a%20dir/x%231.go", uri)
	assert.Equal(t, "%SRCROOT%", base)
	assert.Equal(t, "file:///r/", dirURI(root, true))
}
