package output

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/mcplint-go/mcplint/internal/driver/result"
	"github.com/mcplint-go/mcplint/internal/rule"
)

// SARIF 2.1.0, the subset GitHub code scanning reads. Field names follow the specification.
const (
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	sarifVersion = "2.1.0"
	srcRoot      = "%SRCROOT%"
	toolURI      = "https://github.com/mcplint-go/mcplint"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                   `json:"tool"`
	Invocations        []sarifInvocation           `json:"invocations"`
	OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
	ColumnKind         string                      `json:"columnKind"`
	Results            []sarifResult               `json:"results"`
	// Properties carries what SARIF has no field for: the coverage of the run's tools.
	Properties *sarifRunProps `json:"properties,omitempty"`
}

type sarifRunProps struct {
	Coverage *jsonCoverage `json:"mcplintCoverage,omitempty"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Version        string      `json:"version,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string             `json:"id"`
	ShortDescription     sarifMultiformat   `json:"shortDescription"`
	Help                 *sarifMultiformat  `json:"help,omitempty"`
	HelpURI              string             `json:"helpUri,omitempty"`
	DefaultConfiguration sarifConfiguration `json:"defaultConfiguration"`
	Properties           *sarifRuleProps    `json:"properties,omitempty"`
}

type sarifRuleProps struct {
	Tags []string `json:"tags,omitempty"`
}

type sarifMultiformat struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifConfiguration struct {
	Level string `json:"level"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string       `json:"level"`
	Message sarifMessage `json:"message"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
	Fixes     []sarifFix      `json:"fixes,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
	Region           *sarifRegion     `json:"region,omitempty"`
}

type sarifArtifactLoc struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifFix struct {
	Description     *sarifMessage         `json:"description,omitempty"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifactLoc   `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion   `json:"deletedRegion"`
	InsertedContent *sarifContent `json:"insertedContent,omitempty"`
}

type sarifContent struct {
	Text string `json:"text"`
}

// WriteSARIF writes the report as a SARIF 2.1.0 log with one run. Every rule of the report is
// a tool.driver.rules entry (title, documentation as help, doc URL, effective severity as
// default level), results point at it by ruleIndex, locations are relative to %SRCROOT% (the
// working directory, so run mcplint from the repository root for code scanning), and columns
// are counted in UTF-16 code units as SARIF viewers expect. Package errors are tool execution
// notifications.
func WriteSARIF(w io.Writer, r *result.Report, o Options) error {
	cols := &columns{read: readFileFunc(o), files: map[string][]byte{}}
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:           "mcplint",
			InformationURI: toolURI,
			Version:        o.ToolVersion,
			Rules:          []sarifRule{},
		}},
		ColumnKind: "utf16CodeUnits",
		Results:    []sarifResult{},
	}
	if o.Dir != "" {
		run.OriginalURIBaseIDs = map[string]sarifArtifactLoc{srcRoot: {URI: dirURI(o.Dir, true)}}
	}
	if cov := coverageDoc(r.Coverage, o.Dir); cov != nil {
		run.Properties = &sarifRunProps{Coverage: cov}
	}
	for _, desc := range r.Rules {
		sr := sarifRule{
			ID:                   desc.ID,
			ShortDescription:     sarifMultiformat{Text: desc.Title},
			HelpURI:              desc.URL,
			DefaultConfiguration: sarifConfiguration{Level: sarifLevel(desc.Severity)},
		}
		if desc.Help != "" {
			sr.Help = &sarifMultiformat{Text: desc.Help, Markdown: desc.Help}
		}
		if desc.Family != "" {
			sr.Properties = &sarifRuleProps{Tags: []string{"mcp", desc.Family}}
		}
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sr)
	}
	for _, f := range r.Findings {
		_, index, ok := r.Rule(f.Rule)
		if !ok {
			return fmt.Errorf("sarif: finding of rule %s, which the report does not describe", f.Rule)
		}
		res := sarifResult{
			RuleID:    f.Rule,
			RuleIndex: index,
			Level:     sarifLevel(f.Severity),
			Message:   sarifMessage{Text: f.Message},
		}
		if f.Pos.IsValid() {
			uri, base := fileURI(o.Dir, f.Pos.File)
			res.Locations = []sarifLocation{{PhysicalLocation: sarifPhysical{
				ArtifactLocation: sarifArtifactLoc{URI: uri, URIBaseID: base},
				Region:           cols.region(f.Pos, f.End),
			}}}
		}
		for _, fix := range f.Fixes {
			res.Fixes = append(res.Fixes, sarifFixOf(fix, o, cols))
		}
		run.Results = append(run.Results, res)
	}
	inv := sarifInvocation{ExecutionSuccessful: true}
	for _, pe := range r.PackageErrors {
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, sarifNotification{
			Level:   "error",
			Message: sarifMessage{Text: fmt.Sprintf("package %s could not be checked: %s", pe.Package, strings.Join(pe.Errors, "; "))},
		})
	}
	run.Invocations = []sarifInvocation{inv}

	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}})
}

// sarifFixOf groups a fix's edits by file, in the order the files first appear.
func sarifFixOf(fix result.Fix, o Options, cols *columns) sarifFix {
	sf := sarifFix{ArtifactChanges: []sarifArtifactChange{}}
	if fix.Message != "" {
		sf.Description = &sarifMessage{Text: fix.Message}
	}
	byFile := map[string]int{}
	for _, e := range fix.Edits {
		i, ok := byFile[e.File]
		if !ok {
			uri, base := fileURI(o.Dir, e.File)
			i = len(sf.ArtifactChanges)
			byFile[e.File] = i
			sf.ArtifactChanges = append(sf.ArtifactChanges, sarifArtifactChange{ArtifactLocation: sarifArtifactLoc{URI: uri, URIBaseID: base}})
		}
		rep := sarifReplacement{DeletedRegion: *cols.deletedRegion(e.Start, e.End)}
		if e.NewText != "" {
			rep.InsertedContent = &sarifContent{Text: e.NewText}
		}
		sf.ArtifactChanges[i].Replacements = append(sf.ArtifactChanges[i].Replacements, rep)
	}
	return sf
}

// sarifLevel is a result's level: an info finding is a note.
func sarifLevel(s rule.Severity) string { return levelWord(s, "note") }

// columns converts go/token's byte columns to UTF-16 code units, reading each file once.
// When a file cannot be read the byte column is kept, which is right for ASCII lines.
type columns struct {
	read  func(string) ([]byte, error)
	files map[string][]byte
}

func (c *columns) utf16Column(p result.Position) int {
	src, ok := c.files[p.File]
	if !ok {
		src, _ = c.read(p.File)
		c.files[p.File] = src
	}
	lineStart := p.Offset - (p.Column - 1)
	if src == nil || p.Column < 1 || lineStart < 0 || p.Offset > len(src) {
		return p.Column // not a position in this file as read now; keep what go/token said
	}
	n := 0
	for prefix := src[lineStart:p.Offset]; len(prefix) > 0; {
		r, size := utf8.DecodeRune(prefix) // invalid bytes decode as U+FFFD, one unit
		n += utf16.RuneLen(r)
		prefix = prefix[size:]
	}
	return n + 1
}

func (c *columns) region(start, end result.Position) *sarifRegion {
	r := &sarifRegion{StartLine: start.Line, StartColumn: c.utf16Column(start)}
	if end.IsValid() {
		r.EndLine, r.EndColumn = end.Line, c.utf16Column(end)
	}
	return r
}

// deletedRegion is the region an edit replaces; an insertion is an empty region (start equal
// to end), which SARIF expresses the same way.
func (c *columns) deletedRegion(start, end result.Position) *sarifRegion {
	r := c.region(start, end)
	if r.EndLine == 0 {
		r.EndLine, r.EndColumn = r.StartLine, r.StartColumn
	}
	return r
}
