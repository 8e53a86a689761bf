package rule

import (
	"go/ast"
	"go/token"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// IgnorePrefix starts a suppression comment: //mcplint:ignore RULE[,RULE] reason
const IgnorePrefix = "//mcplint:ignore"

// Directive is one //mcplint:ignore comment. It covers findings on its own line (a trailing
// comment) and on the line below (a comment above the code).
type Directive struct {
	Pos    token.Pos
	End    token.Pos
	File   string
	Line   int
	Rules  []string
	Reason string
}

// Covers reports whether the directive applies to a finding of rule at position p.
func (d *Directive) Covers(rule string, p token.Position) bool {
	if p.Filename != d.File || (p.Line != d.Line && p.Line != d.Line+1) {
		return false
	}
	for _, r := range d.Rules {
		if r == rule {
			return true
		}
	}
	return false
}

// Directives is the per-package result of the directives analyzer.
type Directives struct {
	List []*Directive
}

// DirectivesAnalyzer collects the package's //mcplint:ignore comments once, for every rule.
var DirectivesAnalyzer = &analysis.Analyzer{
	Name:             "mcplintdirectives",
	Doc:              "collects //mcplint:ignore suppression comments",
	URL:              DocsBase + "directives.md",
	Run:              runDirectives,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Directives](),
}

func runDirectives(pass *analysis.Pass) (any, error) {
	res := &Directives{}
	for _, f := range pass.Files {
		res.List = append(res.List, ParseDirectives(pass.Fset, f)...)
	}
	return res, nil
}

// ParseDirectives extracts the ignore directives of one file.
func ParseDirectives(fset *token.FileSet, f *ast.File) []*Directive {
	var out []*Directive
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			rest, ok := strings.CutPrefix(c.Text, IgnorePrefix)
			if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
				continue
			}
			fields := strings.Fields(rest)
			d := &Directive{Pos: c.Pos(), End: c.End()}
			pos := fset.PositionFor(c.Pos(), false)
			d.File, d.Line = pos.Filename, pos.Line
			if len(fields) > 0 {
				for _, r := range strings.Split(fields[0], ",") {
					if r = strings.TrimSpace(r); r != "" {
						d.Rules = append(d.Rules, r)
					}
				}
				d.Reason = strings.Join(fields[1:], " ")
			}
			out = append(out, d)
		}
	}
	return out
}
