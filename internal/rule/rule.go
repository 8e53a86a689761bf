package rule

import (
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// Check is one rule as its family declares it, in one value beside the function that
// checks it: what is particular to the rule's catalog row (ID, severity, SDKs, title,
// strictness, status) and Run. The family is the family's own, set once for all its rules by
// Declared. Run is one of the family's run signatures; the family declares the check with
// Declare and the Kind that runs that signature, and the compiler checks that they agree.
type Check[Run any] struct {
	ID       string
	Severity Severity
	SDKs     []string
	Title    string
	// Strict marks portability rules that run only with `portability: strict`.
	Strict bool
	// Status is empty for a rule that runs (Implemented). A rule with another status is
	// catalogued and documented, and has no Run.
	Status Status
	Run    Run
}

// Rule is the check's catalog row in family.
func (c Check[Run]) Rule(family Family) Rule {
	status := c.Status
	if status == "" {
		status = Implemented
	}
	return Rule{ID: c.ID, Family: family, Severity: c.Severity, SDKs: c.SDKs, Title: c.Title, Status: status, Strict: c.Strict}
}

// Kind is how a family runs every rule of one run signature: the analyzers whose results
// those rules read, and Call, which works out the rule's inputs on a pass and hands them to
// its Run (once per package, or once per contract, per tool, ... as the kind defines).
type Kind[Run any] struct {
	Requires []*analysis.Analyzer
	// FactTypes are the facts each rule of the kind exports (a rule that carries its
	// findings in one package to the packages that import it). A fact type belongs to one
	// analyzer: a kind with facts runs one rule.
	FactTypes []analysis.Fact
	Call      func(p *Pass, run Run) error
}

// Entry is one rule as its family declares it (see Declared): its catalog row and, for a rule that runs, how to
// make its analyzer group from the family's kinds (K, built once per configuration).
type Entry[K any] struct {
	row   Rule
	group func(kinds K, options any) Group
}

// Rule is the entry's catalog row; Declared sets its family.
func (e Entry[K]) Rule() Rule { return e.row }

// Declare declares a check with the kind that runs it: kind picks that Kind from the family's
// kinds. A check whose Run the kind cannot call does not compile.
func Declare[K, Run any](c Check[Run], kind func(K) Kind[Run]) Entry[K] {
	e := Entry[K]{row: c.Rule("")} // Declared sets the family
	if e.row.Status == Implemented {
		e.group = func(kinds K, options any) Group {
			k := kind(kinds)
			return Group{
				IDs:       []string{c.ID},
				Requires:  k.Requires,
				FactTypes: k.FactTypes,
				Options:   options,
				Run:       func(p *Pass) error { return k.Call(p, c.Run) },
			}
		}
	}
	return e
}

// Rows are the catalog rows of a family's entries, in order.
func Rows[K any](entries []Entry[K]) []Rule {
	rows := make([]Rule, len(entries))
	for i, e := range entries {
		rows[i] = e.row
	}
	return rows
}

// Groups makes one analyzer group per rule of the list that runs, each reporting its rule's
// ID with the family's options.
func Groups[K any](entries []Entry[K], kinds K, options any) []Group {
	var out []Group
	for _, e := range entries {
		if e.group != nil {
			out = append(out, e.group(kinds, options))
		}
	}
	return out
}

// Group is what a family hands the framework for one analyzer: the rules it reports and the
// analyzers it needs. Most groups hold one rule; rules that read one shared walk (the
// contract structure, the server.json adapter) are one group and name their analyzer.
type Group struct {
	// IDs are the catalog rule IDs the group reports. The first names the analyzer unless
	// Name is set.
	IDs []string
	// Name overrides the analyzer name (a Go identifier).
	Name string
	// Requires are the analyzers whose results Run reads (mcpdefs, facts, ...).
	Requires []*analysis.Analyzer
	// FactTypes are the facts the group exports, if any.
	FactTypes []analysis.Fact
	// Options are the family's own options (its Config), handed to Run in Pass.Options.
	Options any
	// Run is the check.
	Run func(*Pass) error
}

// Pass is the analysis.Pass of one rule, with reporting that knows the catalog, the
// configuration and the suppression comments.
type Pass struct {
	*analysis.Pass
	Config *Config
	// Options are the family's options from Group.Options.
	Options any
	// rule is the ID Report reports.
	rule   string
	shared *passState
}

// passState is what every rule of one analyzer's pass shares.
type passState struct {
	catalog *Catalog
	enabled map[string]bool
	dirs    *Directives
	usage   *Usage

	genOnce sync.Once
	gen     map[string]bool // files that are generated (and not by cgo), by name
}

// ForRule is the pass of one rule of a group: Report reports id.
func (p *Pass) ForRule(id string) *Pass {
	q := *p
	q.rule = id
	return &q
}

// Usage is a rule analyzer's result: which ignore directives it honoured. The ignore-unused
// check reads it.
type Usage struct {
	IDs  []string
	Used map[*Directive]bool
}

// Positioner is anything with a position: an ast.Node, a types.Object, a token.Pos wrapper.
type Positioner interface {
	Pos() token.Pos
}

// Span is a Positioner with an end, for reporting a range without an ast.Node.
type Span struct{ Start, Stop token.Pos }

// Pos is where the span starts (analysis.Range).
func (s Span) Pos() token.Pos { return s.Start }

// End is where the span stops (analysis.Range).
func (s Span) End() token.Pos { return s.Stop }

// Report reports a finding of the pass's rule: the group's first, or the one named by ForRule.
func (p *Pass) Report(at Positioner, message string, fixes ...analysis.SuggestedFix) {
	p.ReportRule(p.rule, at, message, fixes...)
}

// Reportf is Report with formatting.
func (p *Pass) Reportf(at Positioner, format string, args ...any) {
	p.Report(at, fmt.Sprintf(format, args...))
}

// ReportRule reports a finding of rule id. It drops findings of disabled rules, findings in
// generated files and findings covered by an //mcplint:ignore directive, and stamps the rest
// with the rule ID (in the message, because golangci-lint and go vet print only the message),
// the category and the documentation URL.
func (p *Pass) ReportRule(id string, at Positioner, message string, fixes ...analysis.SuggestedFix) {
	if !p.shared.enabled[id] {
		return
	}
	rule, ok := p.shared.catalog.Lookup(id)
	if !ok {
		panic("rule: report of uncatalogued rule " + id)
	}
	pos := at.Pos()
	end := token.NoPos
	if e, ok := at.(interface{ End() token.Pos }); ok {
		end = e.End()
	}
	if !pos.IsValid() {
		return
	}
	position := p.Fset.PositionFor(pos, false)
	if p.generated(position.Filename) {
		return
	}
	for _, d := range p.shared.dirs.List {
		if d.Covers(id, position) {
			p.shared.usage.Used[d] = true
			return
		}
	}
	p.Pass.Report(analysis.Diagnostic{
		Pos:            pos,
		End:            end,
		Category:       id,
		Message:        fmt.Sprintf("%s (%s)", strings.TrimSpace(message), id),
		URL:            rule.URL(),
		SuggestedFixes: fixes,
	})
}

// generated reports whether the file is generated code, which is not the user's to fix. It
// looks only when there is something to report: most packages have no finding, and reading
// their files again would cost every one of them.
func (p *Pass) generated(file string) bool {
	s := p.shared
	s.genOnce.Do(func() {
		s.gen = map[string]bool{}
		for _, f := range p.Files {
			if IsGenerated(f) {
				s.gen[p.Fset.PositionFor(f.Pos(), false).Filename] = true
			}
		}
	})
	return s.gen[file]
}

// IsGenerated reports whether a file carries a "// Code generated ... DO NOT EDIT." line
// (anywhere, as staticcheck reads it). What cgo generates does not count: that is the user's
// own file, translated, and findings in it are reported at the user's lines.
func IsGenerated(f *ast.File) bool {
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "// Code generated ") && strings.HasSuffix(c.Text, " DO NOT EDIT.") {
				return c.Text != "// Code generated by cmd/cgo; DO NOT EDIT."
			}
		}
	}
	return false
}

// AnalyzerName is the analyzer name for a rule ID: analyzer names must be Go identifiers.
func AnalyzerName(id string) string { return strings.ReplaceAll(id, "-", "_") }

// Build turns the families' groups into analyzers for this configuration: only enabled rules
// get an analyzer, and an extra analyzer reports ignore directives that are malformed or
// suppress nothing. The returned analyzers share no mutable state and can run under any
// go/analysis driver.
func Build(cat *Catalog, cfg *Config, groups []Group) ([]*analysis.Analyzer, error) {
	if err := cfg.Validate(cat); err != nil {
		return nil, err
	}
	var out []*analysis.Analyzer
	enabledAll := map[string]bool{}
	for _, r := range groups {
		enabled := map[string]bool{}
		var docs []string
		for _, id := range r.IDs {
			row, ok := cat.Lookup(id)
			if !ok {
				return nil, fmt.Errorf("rule %s is not in the catalog", id)
			}
			if row.Status != Implemented {
				return nil, fmt.Errorf("rule %s has code but the catalog marks it %s", id, row.Status)
			}
			if cfg.Enabled(row) {
				enabled[id] = true
				enabledAll[id] = true
			}
			docs = append(docs, fmt.Sprintf("%s: %s", id, row.Title))
		}
		if len(enabled) == 0 {
			continue
		}
		out = append(out, newAnalyzer(cat, cfg, r, enabled, docs))
	}
	if ig := ignoresAnalyzer(cat, cfg, out, enabledAll); ig != nil {
		out = append(out, ig)
	}
	return out, nil
}

func newAnalyzer(cat *Catalog, cfg *Config, r Group, enabled map[string]bool, docs []string) *analysis.Analyzer {
	name := r.Name
	if name == "" {
		name = AnalyzerName(r.IDs[0])
	}
	first, _ := cat.Lookup(r.IDs[0])
	url := first.URL()
	if len(r.IDs) > 1 {
		url = DocsBase + first.DocPath()[len("docs/"):]
	}
	a := &analysis.Analyzer{
		Name:       name,
		Doc:        strings.Join(docs, "\n"),
		URL:        url,
		Requires:   append([]*analysis.Analyzer{DirectivesAnalyzer}, r.Requires...),
		FactTypes:  r.FactTypes,
		ResultType: reflect.TypeFor[*Usage](),
	}
	a.Run = func(pass *analysis.Pass) (any, error) {
		p := &Pass{
			Pass:    pass,
			Config:  cfg,
			Options: r.Options,
			rule:    r.IDs[0],
			shared: &passState{
				catalog: cat,
				enabled: enabled,
				dirs:    pass.ResultOf[DirectivesAnalyzer].(*Directives),
				usage:   &Usage{IDs: r.IDs, Used: map[*Directive]bool{}},
			},
		}
		if err := r.Run(p); err != nil {
			return nil, err
		}
		return p.shared.usage, nil
	}
	return a
}

// FamilyDirective is the framework's own family: the rules on //mcplint:ignore directives.
const FamilyDirective Family = "directives"

// The directive rules. Build's directive analyzer (ignoresAnalyzer) reports them, so they are
// catalogue rows with no Run.
var (
	IgnoreReasonRequired = Rule{
		ID: "ignore-reason-required", Family: FamilyDirective, Severity: Warning, SDKs: []string{SDKAnyServer},
		Title: "//mcplint:ignore without a reason", Status: Implemented,
	}
	IgnoreUnused = Rule{
		ID: "ignore-unused", Family: FamilyDirective, Severity: Warning, SDKs: []string{SDKAnyServer},
		Title: "//mcplint:ignore that suppresses nothing", Status: Implemented,
	}
)

// DirectiveRules are the catalog rows of the directive rules.
func DirectiveRules() []Rule { return []Rule{IgnoreReasonRequired, IgnoreUnused} }

// FamilyLoading is the driver's own family: what must hold before any rule can run.
const FamilyLoading Family = "loading"

// LoadError is reported by the driver, not by an analyzer: a package that can hold MCP code
// and does not compile, so that no rule could check it. It is declared here, beside the
// directive rules, so that the registry catalogues it without importing the driver.
var LoadError = Rule{
	ID: "load-error", Family: FamilyLoading, Severity: Error, SDKs: []string{SDKAnyServer},
	Title: "package with MCP code does not compile, so it was not checked", Status: Implemented,
}

// ignoresAnalyzer reports directives without a reason and directives naming an enabled rule
// that suppressed nothing. Directives naming a rule that exists but is disabled stay quiet:
// they may be for another configuration.
func ignoresAnalyzer(cat *Catalog, cfg *Config, rules []*analysis.Analyzer, enabled map[string]bool) *analysis.Analyzer {
	reasonRule, unusedRule := IgnoreReasonRequired, IgnoreUnused
	reportReason, reportUnused := cfg.Enabled(reasonRule), cfg.Enabled(unusedRule)
	if !reportReason && !reportUnused {
		return nil
	}
	a := &analysis.Analyzer{
		Name:       "mcplint_ignore",
		Doc:        "reports //mcplint:ignore directives that have no reason or suppress nothing",
		URL:        DocsBase + "directives.md",
		Requires:   append([]*analysis.Analyzer{DirectivesAnalyzer}, rules...),
		ResultType: reflect.TypeFor[*Usage](),
	}
	a.Run = func(pass *analysis.Pass) (any, error) {
		dirs := pass.ResultOf[DirectivesAnalyzer].(*Directives)
		used := map[*Directive]bool{}
		for _, r := range rules {
			for d := range pass.ResultOf[r].(*Usage).Used {
				used[d] = true
			}
		}
		report := func(rule Rule, d *Directive, msg string) {
			pass.Report(analysis.Diagnostic{
				Pos: d.Pos, End: d.End, Category: rule.ID, URL: rule.URL(),
				Message: fmt.Sprintf("%s (%s)", msg, rule.ID),
			})
		}
		for _, d := range dirs.List {
			if reportReason && (len(d.Rules) == 0 || d.Reason == "") {
				report(reasonRule, d, "//mcplint:ignore needs a rule ID and a reason, as in `//mcplint:ignore result-and-error the client retries`")
				continue
			}
			if !reportUnused || used[d] {
				continue
			}
			var unknown, idle []string
			for _, id := range d.Rules {
				if _, ok := cat.Lookup(id); !ok {
					unknown = append(unknown, id)
				} else if enabled[id] {
					idle = append(idle, id)
				}
			}
			sort.Strings(unknown)
			switch {
			case len(d.Rules) == 0:
				// Reached only with ignore-reason-required off; without this case the message
				// below would name no rule.
				report(unusedRule, d, "//mcplint:ignore names no rule, so it suppresses nothing; name the rules it is for, or remove it")
			case len(unknown) > 0:
				report(unusedRule, d, fmt.Sprintf("//mcplint:ignore names %s, no mcplint rule%s; fix the ID or remove the directive", strings.Join(unknown, ", "), suggestRule(cat, unknown[0])))
			case len(idle) == len(d.Rules):
				report(unusedRule, d, fmt.Sprintf("//mcplint:ignore %s suppresses nothing on this or the next line; remove it before it hides a finding", strings.Join(idle, ",")))
			}
		}
		return &Usage{Used: map[*Directive]bool{}}, nil
	}
	return a
}

// NodeSpan is the range of an ast.Node, as a Positioner with an end.
func NodeSpan(n ast.Node) Span { return Span{n.Pos(), n.End()} }
