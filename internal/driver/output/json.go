package output

import (
	"encoding/json"
	"io"

	"github.com/mcplint-go/mcplint/internal/driver/result"
)

// The JSON document is one object; its shape is part of mcplint's interface, so fields are
// added, never renamed.
type jsonReport struct {
	Findings        []jsonFinding      `json:"findings"`
	PackageErrors   []jsonPackageError `json:"packageErrors"`
	CheckedPackages int                `json:"checkedPackages"`
	// Coverage is absent when the run could not tell.
	Coverage *jsonCoverage `json:"coverage,omitempty"`
}

// jsonCoverage says of the tools found whose handlers were checked.
type jsonCoverage struct {
	Tools   int              `json:"tools"`
	Checked int              `json:"checked"`
	Unseen  []jsonUnseenTool `json:"unseen"`
	// Uncalled are definitions built in functions nothing calls: not counted as tools.
	Uncalled []jsonUnseenTool `json:"uncalled,omitempty"`
	// UnsupportedSDKs are SDK versions older than recognition reads: their tools are not found.
	UnsupportedSDKs []string `json:"unsupportedSDKs,omitempty"`
}

type jsonUnseenTool struct {
	// Name is the tool's name, or NameExpr the expression that computes it.
	Name     string `json:"name,omitempty"`
	NameExpr string `json:"nameExpr,omitempty"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Reason   string `json:"reason"`
}

// coverageDoc is cov as the JSON and SARIF outputs write it, with paths relative to dir.
func coverageDoc(cov *result.Coverage, dir string) *jsonCoverage {
	if cov == nil {
		return nil
	}
	doc := &jsonCoverage{Tools: cov.Tools, Checked: cov.Checked, Unseen: []jsonUnseenTool{}, UnsupportedSDKs: cov.Unsupported}
	tool := func(u result.UnseenTool) jsonUnseenTool {
		ju := jsonUnseenTool{File: relPath(dir, u.Pos.File), Line: u.Pos.Line, Column: u.Pos.Column, Reason: u.Reason}
		if u.Static {
			ju.Name = u.Name
		} else {
			ju.NameExpr = u.Name
		}
		return ju
	}
	for _, u := range cov.Unseen {
		doc.Unseen = append(doc.Unseen, tool(u))
	}
	for _, u := range cov.Uncalled {
		doc.Uncalled = append(doc.Uncalled, tool(u))
	}
	return doc
}

type jsonFinding struct {
	Rule           string    `json:"rule"`
	Severity       string    `json:"severity"`
	Message        string    `json:"message"`
	File           string    `json:"file"`
	Line           int       `json:"line"`
	Column         int       `json:"column"`
	End            *jsonPos  `json:"end,omitempty"`
	URL            string    `json:"url,omitempty"`
	Package        string    `json:"package"`
	SuggestedFixes []jsonFix `json:"suggestedFixes,omitempty"`
}

type jsonPos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
	Offset int `json:"offset"`
}

type jsonFix struct {
	Message string     `json:"message"`
	Edits   []jsonEdit `json:"edits"`
}

type jsonEdit struct {
	File    string  `json:"file"`
	Start   jsonPos `json:"start"`
	End     jsonPos `json:"end"`
	NewText string  `json:"newText"`
}

type jsonPackageError struct {
	Package string   `json:"package"`
	Errors  []string `json:"errors"`
}

// WriteJSON writes the report as one indented JSON document. Paths are relative to o.Dir when
// inside it.
func WriteJSON(w io.Writer, r *result.Report, o Options) error {
	doc := jsonReport{
		Findings:        []jsonFinding{},
		PackageErrors:   []jsonPackageError{},
		CheckedPackages: r.Checked,
		Coverage:        coverageDoc(r.Coverage, o.Dir),
	}
	for _, f := range r.Findings {
		jf := jsonFinding{
			Rule:     f.Rule,
			Severity: f.Severity.String(),
			Message:  f.Message,
			File:     relPath(o.Dir, f.Pos.File),
			Line:     f.Pos.Line,
			Column:   f.Pos.Column,
			URL:      f.URL,
			Package:  f.Package,
		}
		if f.End.IsValid() {
			jf.End = &jsonPos{f.End.Line, f.End.Column, f.End.Offset}
		}
		for _, fix := range f.Fixes {
			jx := jsonFix{Message: fix.Message, Edits: []jsonEdit{}}
			for _, e := range fix.Edits {
				jx.Edits = append(jx.Edits, jsonEdit{
					File:    relPath(o.Dir, e.File),
					Start:   jsonPos{e.Start.Line, e.Start.Column, e.Start.Offset},
					End:     jsonPos{e.End.Line, e.End.Column, e.End.Offset},
					NewText: e.NewText,
				})
			}
			jf.SuggestedFixes = append(jf.SuggestedFixes, jx)
		}
		doc.Findings = append(doc.Findings, jf)
	}
	for _, pe := range r.PackageErrors {
		doc.PackageErrors = append(doc.PackageErrors, jsonPackageError{Package: pe.Package, Errors: pe.Errors})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}
