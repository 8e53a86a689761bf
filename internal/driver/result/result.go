// Package result is the data model shared by mcplint's engine, output formats and fixer: what
// a run found, in plain values with no go/packages or go/token state attached, so that each
// output format is a pure function of a Report.
package result

import (
	"cmp"
	"slices"

	"github.com/mcplint-go/mcplint/internal/rule"
)

// Position is a place in a source file. Line and Column are 1-based and Column counts bytes,
// as go/token does; Offset is the 0-based byte offset. File is absolute. The zero Position
// means "no position".
type Position struct {
	File   string
	Line   int
	Column int
	Offset int
}

// IsValid reports whether p names a place.
func (p Position) IsValid() bool { return p.File != "" && p.Line > 0 }

// Edit replaces the bytes [Start.Offset, End.Offset) of File with NewText.
type Edit struct {
	File    string
	Start   Position
	End     Position
	NewText string
	// FileSize is the size of File when it was analysed, so that a fixer can refuse to edit a
	// file that changed since.
	FileSize int
}

// Fix is one suggested fix: a set of edits that belong together.
type Fix struct {
	Message string
	Edits   []Edit
}

// Finding is one diagnostic, attributed to a rule.
type Finding struct {
	Rule     string
	Severity rule.Severity
	Message  string
	Pos      Position
	End      Position // zero when the diagnostic has no extent
	URL      string
	Fixes    []Fix
	Analyzer string
	Package  string
}

// Rule describes a rule that appears in a report: what SARIF calls a reportingDescriptor.
type Rule struct {
	ID       string
	Family   string
	Title    string
	Help     string // Markdown: the rule's documentation section, or its title when there is none
	URL      string
	Severity rule.Severity // effective severity under the run's configuration
}

// PackageError says why a package could not be (fully) checked.
type PackageError struct {
	Package string   // the package ID as go list names it ("example.com/p [example.com/p.test]")
	Errors  []string // every error, each "file:line:col: message" where a position is known
	// NoMCP: the package cannot hold MCP code, so its errors are the compiler's to report and
	// mcplint names it only when asked (-v).
	NoMCP bool
	// Reported: a load-error finding reports it, so outputs that show findings need not
	// repeat it.
	Reported bool
}

// Report is the outcome of a run.
type Report struct {
	Findings []Finding
	// Rules describes every rule a Finding refers to and every rule that was enabled, in
	// catalog order; outputs look rule IDs up here.
	Rules []Rule
	// PackageErrors lists the packages that could not be loaded or type-checked.
	PackageErrors []PackageError
	// Checked counts the packages that were analysed.
	Checked int
	// Coverage is nil when the run could not tell (go vet and golangci-lint runs).
	Coverage *Coverage
}

// Rule returns the descriptor of id and its index in r.Rules.
func (r *Report) Rule(id string) (Rule, int, bool) {
	for i, desc := range r.Rules {
		if desc.ID == id {
			return desc, i, true
		}
	}
	return Rule{}, -1, false
}

// Compare orders findings by file, position, rule and message, so that every output is
// deterministic whatever order the analyzers ran in.
func Compare(a, b Finding) int {
	return cmp.Or(
		cmp.Compare(a.Pos.File, b.Pos.File),
		cmp.Compare(a.Pos.Line, b.Pos.Line),
		cmp.Compare(a.Pos.Column, b.Pos.Column),
		cmp.Compare(a.End.Line, b.End.Line),
		cmp.Compare(a.End.Column, b.End.Column),
		cmp.Compare(a.Rule, b.Rule),
		cmp.Compare(a.Message, b.Message),
	)
}

// SortAndDedup sorts findings and drops exact repeats: a file that belongs to a package and
// to its test variant is analysed twice and reports the same finding twice.
func SortAndDedup(fs []Finding) []Finding {
	slices.SortStableFunc(fs, Compare)
	return slices.CompactFunc(fs, func(a, b Finding) bool {
		return Compare(a, b) == 0 && a.URL == b.URL
	})
}

// Coverage says of the tools a run found whose handlers the rules checked: a server whose
// handlers were not analysed must not look clean.
type Coverage struct {
	// Tools counts the tool definitions found outside test files; Checked those whose
	// handlers the rules checked.
	Tools, Checked int
	// Unseen are the others, each with why, in position order.
	Unseen []UnseenTool `json:",omitempty"`
	// Uncalled are definitions built in a package-level function that no analysed package
	// calls or takes: never registered, so not counted among Tools.
	Uncalled []UnseenTool `json:",omitempty"`
	// Unsupported are the SDK versions the module builds with that are older than recognition
	// reads: their tools are not found, so not counted.
	Unsupported []string `json:",omitempty"`
}

// UnseenTool is a tool whose handler was not checked.
type UnseenTool struct {
	// Name is the tool's name when Static, else the expression that computes it.
	Name   string
	Static bool
	Pos    Position
	Reason string
}

// Percent is the checked share of tools, rounded down; 100 when there are none.
func (c *Coverage) Percent() int {
	if c == nil || c.Tools == 0 {
		return 100
	}
	return c.Checked * 100 / c.Tools
}
