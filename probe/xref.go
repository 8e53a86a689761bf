package probe

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mcplint-go/mcplint/internal/driver/result"
	"github.com/mcplint-go/mcplint/surface"
)

// Classes of the cross-reference.
const (
	Confirmed    = "confirmed"     // the wire shows what a static finding on the handler says
	Contradicted = "contradicted"  // the wire shows the opposite: an isError answer
	Missed       = "missed"        // the wire shows a failure no static finding on the handler predicts
	NotExercised = "not-exercised" // the probe's calls did not take the finding's path
	Untied       = "untied"        // a failure on a tool whose handler the static surface does not know
)

// ArgumentRule is the rule whose findings say a handler answers an argument problem with a
// JSON-RPC error: what every probe call is.
const ArgumentRule = "tool-error-as-protocol-error"

// CrashRule names, in the table, crashes no rule predicts.
const CrashRule = "(crash)"

// protocolRules are the rules whose findings say some calls get a JSON-RPC error; only
// ArgumentRule is about arguments, so only it can be contradicted by an isError answer.
// argument-panic is one where the SDK or the server recovers the panic (mcp-go from v1.1,
// WithRecovery): its finding then says -32603.
var protocolRules = []string{ArgumentRule, "upstream-error-as-protocol-error", "nil-result-nil-error", "argument-panic"}

// crashRules are the rules whose findings say the server may panic (go-sdk does not recover
// a handler's panic).
var crashRules = []string{"nil-result-nil-error", "typed-nil-error", "argument-panic"}

// Match is one tie between a live answer and the static findings.
type Match struct {
	Class string `json:"class"`
	Rule  string `json:"rule"`
	Tool  string `json:"tool"`
	// Handler is where the tool's handler is written ("" when the static surface lacks the
	// tool).
	Handler string `json:"handler,omitempty"`
	// Finding is the static finding (its first one on the handler for the rule), "" for a miss.
	Finding string `json:"finding,omitempty"`
	// Evidence is the call whose answer decides the class.
	Evidence *Result `json:"evidence,omitempty"`
}

// RuleCounts counts the tools of each class for one rule.
type RuleCounts struct {
	Rule         string `json:"rule"`
	Confirmed    int    `json:"confirmed"`
	Contradicted int    `json:"contradicted"`
	Missed       int    `json:"missed"`
	NotExercised int    `json:"notExercised"`
	Untied       int    `json:"untied"`
}

// CrossReference ties a probe's answers to the static findings.
type CrossReference struct {
	Matches []Match      `json:"matches"`
	Rules   []RuleCounts `json:"rules"`
	// Untied lists the called tools whose handler the static surface does not know (the tool
	// is not in it, or its registration names no handler recognition can follow).
	Untied []string `json:"untied,omitempty"`
	// Unexercised counts, per rule, the findings in the called tools' handlers that no call
	// with bad arguments can show (a lost cause, a result beside an error): they are real,
	// and a probe neither confirms nor contradicts them.
	Unexercised map[string]int `json:"unexercised,omitempty"`
}

// Tie cross-references the report with the static surface and findings. dir is the
// directory the surface's positions are relative to; finding positions are absolute.
func Tie(rep *Report, static *surface.Surface, findings []result.Finding, dir string) *CrossReference {
	x := &CrossReference{Matches: []Match{}}
	byName := map[string]*surface.Entry{}
	for _, e := range static.Tools {
		if e.Name != "" {
			byName[e.Name] = e
		}
	}
	extents := &extentFinder{files: map[string]*parsedFile{}}
	counted := map[int]bool{} // findings in Unexercised: two tools may share a handler
	for _, t := range rep.Tools {
		entry := byName[t.Name]
		var handlerPos string
		var ext extent
		if entry != nil && entry.X.Handler != nil {
			handlerPos = entry.X.Handler.Position
			if entry.X.Handler.Declared != "" {
				handlerPos = entry.X.Handler.Declared
			}
			t.Handler, t.HandlerPosition = entry.X.Handler.Name, handlerPos
			ext = extents.find(dir, handlerPos)
		}
		if len(t.Results) == 0 {
			continue
		}
		protocol := first(t.Results, ProtocolError)
		crash := first(t.Results, Crash)
		isError := first(t.Results, IsError)
		if ext.file == "" {
			// Without the handler no finding can be tied to the tool: neither a miss nor a
			// confirmation can be claimed.
			x.Untied = append(x.Untied, t.Name)
			if protocol != nil {
				x.Matches = append(x.Matches, Match{Class: Untied, Rule: ArgumentRule, Tool: t.Name, Handler: handlerPos, Evidence: protocol})
			}
			if crash != nil {
				x.Matches = append(x.Matches, Match{Class: Untied, Rule: CrashRule, Tool: t.Name, Handler: handlerPos, Evidence: crash})
			}
			continue
		}
		// The findings on the handler, by rule, first one kept.
		onHandler := map[string]*result.Finding{}
		var rules []string
		for i := range findings {
			f := &findings[i]
			if !slices.Contains(protocolRules, f.Rule) && !slices.Contains(crashRules, f.Rule) {
				if ext.contains(f.Pos) && !counted[i] {
					counted[i] = true
					if x.Unexercised == nil {
						x.Unexercised = map[string]int{}
					}
					x.Unexercised[f.Rule]++
				}
				continue
			}
			if ext.contains(f.Pos) && onHandler[f.Rule] == nil {
				onHandler[f.Rule] = f
				rules = append(rules, f.Rule)
			}
		}
		slices.Sort(rules)
		explained := map[string]bool{}
		for _, rule := range rules {
			m := Match{Rule: rule, Tool: t.Name, Handler: handlerPos, Finding: findingText(dir, onHandler[rule])}
			switch {
			case slices.Contains(protocolRules, rule) && protocol != nil:
				m.Class, m.Evidence = Confirmed, protocol
				explained[ProtocolError] = true
			case slices.Contains(crashRules, rule) && crash != nil:
				m.Class, m.Evidence = Confirmed, crash
				explained[Crash] = true
			case rule == ArgumentRule && isError != nil:
				m.Class, m.Evidence = Contradicted, isError
			default:
				m.Class = NotExercised
			}
			x.Matches = append(x.Matches, m)
		}
		if protocol != nil && !explained[ProtocolError] {
			x.Matches = append(x.Matches, Match{Class: Missed, Rule: ArgumentRule, Tool: t.Name, Handler: handlerPos, Evidence: protocol})
		}
		if crash != nil && !explained[Crash] {
			x.Matches = append(x.Matches, Match{Class: Missed, Rule: CrashRule, Tool: t.Name, Handler: handlerPos, Evidence: crash})
		}
	}
	counts := map[string]*RuleCounts{}
	for _, m := range x.Matches {
		c := counts[m.Rule]
		if c == nil {
			c = &RuleCounts{Rule: m.Rule}
			counts[m.Rule] = c
		}
		switch m.Class {
		case Confirmed:
			c.Confirmed++
		case Contradicted:
			c.Contradicted++
		case Missed:
			c.Missed++
		case NotExercised:
			c.NotExercised++
		case Untied:
			c.Untied++
		}
	}
	x.Rules = []RuleCounts{}
	for _, c := range counts {
		x.Rules = append(x.Rules, *c)
	}
	slices.SortFunc(x.Rules, func(a, b RuleCounts) int { return strings.Compare(a.Rule, b.Rule) })
	return x
}

func first(rs []Result, outcome string) *Result {
	for i := range rs {
		if rs[i].Outcome == outcome {
			return &rs[i]
		}
	}
	return nil
}

func findingText(dir string, f *result.Finding) string {
	file := f.Pos.File
	if rel, err := filepath.Rel(dir, file); err == nil && !strings.HasPrefix(rel, "..") {
		file = rel
	}
	return file + ":" + strconv.Itoa(f.Pos.Line) + ":" + strconv.Itoa(f.Pos.Column) + ": " + f.Message
}

// extent is where a handler function is written: file and the positions of its first and
// last byte.
type extent struct {
	file       string
	start, end token.Position
}

func (e extent) contains(p result.Position) bool {
	if e.file == "" || p.File != e.file {
		return false
	}
	after := p.Line > e.start.Line || p.Line == e.start.Line && p.Column >= e.start.Column
	before := p.Line < e.end.Line || p.Line == e.end.Line && p.Column <= e.end.Column
	return after && before
}

type parsedFile struct {
	fset *token.FileSet
	file *ast.File
}

// extentFinder finds handler functions by the position the surface gives them.
type extentFinder struct {
	files map[string]*parsedFile
}

// find returns the extent of the function declaration or literal starting at pos, or of the
// declaration whose name is at pos ("file:line:col", relative to dir), or the zero extent.
func (x *extentFinder) find(dir, pos string) extent {
	file, line, col, ok := splitPosition(pos)
	if !ok {
		return extent{}
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(dir, file)
	}
	pf, seen := x.files[file]
	if !seen {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err == nil {
			pf = &parsedFile{fset: fset, file: f}
		}
		x.files[file] = pf
	}
	if pf == nil {
		return extent{}
	}
	var found extent
	ast.Inspect(pf.file, func(n ast.Node) bool {
		if found.file != "" {
			return false
		}
		at := func(p token.Pos) bool {
			q := pf.fset.Position(p)
			return q.Line == line && q.Column == col
		}
		switch n := n.(type) {
		case *ast.FuncDecl:
			if at(n.Pos()) || at(n.Name.Pos()) {
				found = extent{file: file, start: pf.fset.Position(n.Pos()), end: pf.fset.Position(n.End())}
			}
		case *ast.FuncLit:
			if at(n.Pos()) {
				found = extent{file: file, start: pf.fset.Position(n.Pos()), end: pf.fset.Position(n.End())}
			}
		}
		return found.file == ""
	})
	return found
}

// splitPosition splits "file:line:col"; the file may hold colons, the numbers never do.
func splitPosition(pos string) (file string, line, col int, ok bool) {
	i := strings.LastIndex(pos, ":")
	if i < 0 {
		return "", 0, 0, false
	}
	j := strings.LastIndex(pos[:i], ":")
	if j < 0 {
		return "", 0, 0, false
	}
	line, err1 := strconv.Atoi(pos[j+1 : i])
	col, err2 := strconv.Atoi(pos[i+1:])
	return pos[:j], line, col, err1 == nil && err2 == nil
}
