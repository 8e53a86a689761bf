package probe

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/mcplint-go/mcplint/internal/rule"
)

// Problem kinds beyond the outcomes (protocol-error, crash, hang, accepted,
// transport-error), which are problems of their own.
const (
	ProblemOutputSchema   = "output-schema"
	ProblemSecret         = "secret"
	ProblemUnknownToolAns = "unknown-tool-answer"
)

// Problem is one thing wrong with an answer, tied to the tool's handler.
type Problem struct {
	Kind string `json:"kind"`
	// Rule is the rule whose severity the problem takes, when one describes it.
	Rule    string  `json:"rule,omitempty"`
	Tool    string  `json:"tool"`
	Handler string  `json:"handler,omitempty"`
	Message string  `json:"message"`
	Result  *Result `json:"result"`
}

// Problems lists what is wrong with the answers, in the order the calls were made.
func (r *Report) Problems(timeout time.Duration) []Problem {
	var out []Problem
	if u := r.UnknownTool; u != nil {
		switch u.Outcome {
		case ProtocolError, IsError:
			// Both SDKs answer -32602; an isError result is readable too.
		default:
			out = append(out, Problem{Kind: ProblemUnknownToolAns, Tool: u.Call.Tool, Result: u,
				Message: fmt.Sprintf("a call to a tool the server does not list gets %s; an unknown tool should get JSON-RPC error -32602", describeOutcome(u, timeout))})
		}
		out = append(out, leakProblems(u, "")...)
	}
	for _, t := range r.Tools {
		for i := range t.Results {
			res := &t.Results[i]
			p := Problem{Kind: res.Outcome, Tool: t.Name, Handler: t.HandlerPosition, Result: res}
			what := res.Call.Describe()
			switch res.Outcome {
			case ProtocolError:
				p.Rule = ArgumentRule
				p.Message = fmt.Sprintf("tool %q answers %s with JSON-RPC error %d %q, which the model never reads; answer with an isError result", t.Name, what, *res.Code, res.Message)
			case Crash:
				p.Message = fmt.Sprintf("tool %q crashes the server on %s: %s", t.Name, what, res.Exit.Status)
			case Hang:
				p.Message = fmt.Sprintf("tool %q does not answer %s within %s", t.Name, what, timeout)
			case Accepted:
				p.Message = fmt.Sprintf("tool %q accepts %s: it does not check its arguments against its input schema", t.Name, what)
			case TransportError:
				p.Message = fmt.Sprintf("%s to tool %q failed: %s", what, t.Name, res.Error)
			default:
				p.Kind = ""
			}
			if p.Kind != "" {
				out = append(out, p)
			}
			if len(res.OutputSchema) > 0 {
				out = append(out, Problem{Kind: ProblemOutputSchema, Tool: t.Name, Handler: t.HandlerPosition, Result: res,
					Message: fmt.Sprintf("tool %q answers %s with a result that breaks its own outputSchema: %s", t.Name, what, strings.Join(res.OutputSchema, "; "))})
			}
			out = append(out, leakProblems(res, t.HandlerPosition)...)
		}
	}
	return out
}

func leakProblems(res *Result, handler string) []Problem {
	if len(res.Leaks) == 0 {
		return nil
	}
	return []Problem{{Kind: ProblemSecret, Rule: "secret-in-model-text", Tool: res.Call.Tool, Handler: handler, Result: res,
		Message: fmt.Sprintf("tool %q answers %s with text that carries %s", res.Call.Tool, res.Call.Describe(), strings.Join(res.Leaks, ", "))}}
}

func describeOutcome(r *Result, timeout time.Duration) string {
	switch r.Outcome {
	case Accepted:
		return "a result"
	case Crash:
		return "a crash (" + r.Exit.Status + ")"
	case Hang:
		return "no answer within " + timeout.String()
	case TransportError:
		return "a transport failure (" + r.Error + ")"
	}
	return r.Outcome
}

// Counts sums up the probe: tools listed, called and not called, calls made.
type Counts struct {
	Tools, Called, Skipped, Calls int
}

// Counts sums up the probe.
func (r *Report) Counts() Counts {
	var c Counts
	c.Tools = len(r.Tools)
	for _, t := range r.Tools {
		if t.Skipped != "" {
			c.Skipped++
		}
		if len(t.Results) > 0 {
			c.Called++
		}
		c.Calls += len(t.Results)
	}
	if r.UnknownTool != nil {
		c.Calls++
	}
	return c
}

// WriteText writes the problems (each with its exact request and response), every call's
// outcome, the cross-reference and a summary.
func (r *Report) WriteText(w io.Writer, problems []Problem, severity func(Problem) string, timeout time.Duration) error {
	var b strings.Builder
	for _, p := range problems {
		where := p.Handler
		if where == "" {
			where = "tool " + p.Tool
		}
		fmt.Fprintf(&b, "%s: %s (probe: %s, %s)\n", where, p.Message, p.Kind, severity(p))
		if p.Result.Exit != nil {
			for _, l := range p.Result.Exit.Stderr {
				fmt.Fprintf(&b, "\tstderr:   %s\n", l)
			}
		}
		fmt.Fprintf(&b, "\trequest:  %s\n", p.Result.Request)
		if p.Result.Response != nil {
			fmt.Fprintf(&b, "\tresponse: %s\n", p.Result.Response)
		}
	}
	if len(problems) > 0 {
		b.WriteString("\n")
	}
	b.WriteString("calls:\n")
	if u := r.UnknownTool; u != nil {
		fmt.Fprintf(&b, "\t%s (unlisted): %s: %s\n", u.Call.Tool, u.Call.Kind, outcomeText(u))
	}
	for _, t := range r.Tools {
		if t.Skipped != "" {
			fmt.Fprintf(&b, "\t%s: not called: %s\n", t.Name, t.Skipped)
			continue
		}
		for i := range t.Results {
			res := &t.Results[i]
			kind := res.Call.Kind
			if res.Call.Property != "" {
				kind += " " + res.Call.Property
			}
			fmt.Fprintf(&b, "\t%s: %s: %s\n", t.Name, kind, outcomeText(res))
		}
	}
	if x := r.CrossReference; x != nil {
		b.WriteString("\ncross-reference with the static findings:\n")
		tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
		for _, m := range x.Matches {
			handler := m.Handler
			if handler == "" {
				handler = "(no static handler)"
			}
			fmt.Fprintf(tw, "\t%s\t%s\t%s\t%s\t%s\n", m.Class, m.Rule, m.Tool, handler, matchDetail(m))
		}
		tw.Flush()
		if len(x.Matches) == 0 {
			b.WriteString("\tnothing to tie: no protocol error or crash in the answers, and no finding a call with bad arguments can show\n")
		}
		if len(x.Unexercised) > 0 {
			fmt.Fprintf(&b, "\t%s in these tools' handlers that bad arguments do not exercise: %s\n", plural(sumCounts(x.Unexercised), "other finding"), countList(x.Unexercised))
		}
		b.WriteString("\n")
		tw = tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
		fmt.Fprintf(tw, "rule\tconfirmed\tcontradicted\tmissed\tnot exercised\tuntied\n")
		for _, c := range x.Rules {
			fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\n", c.Rule, c.Confirmed, c.Contradicted, c.Missed, c.NotExercised, c.Untied)
		}
		tw.Flush()
		if len(x.Untied) > 0 {
			fmt.Fprintf(&b, "no handler known statically, so nothing tied: %s\n", strings.Join(x.Untied, ", "))
		}
	}
	c := r.Counts()
	fmt.Fprintf(&b, "\nprobed %d of %s with %s", c.Called, plural(c.Tools, "tool"), plural(c.Calls, "call"))
	if c.Skipped > 0 {
		fmt.Fprintf(&b, "; %d not called", c.Skipped)
	}
	if r.Restarts > 0 {
		fmt.Fprintf(&b, "; the server was started again %s", plural(r.Restarts, "time"))
	}
	fmt.Fprintf(&b, "; %s\n", plural(len(problems), "problem"))
	if r.Stopped != "" {
		fmt.Fprintf(&b, "stopped early: %s\n", r.Stopped)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func matchDetail(m Match) string {
	switch {
	case m.Finding != "":
		return "static " + m.Finding
	case m.Class == Untied:
		return "no handler known statically"
	case m.Rule == CrashRule:
		return "no static finding predicts this crash"
	}
	return "no static finding on the handler"
}

// outcomeText is an answer in one line.
func outcomeText(r *Result) string {
	var s string
	switch r.Outcome {
	case IsError:
		s = fmt.Sprintf("isError %q", clip(r.Text))
	case Accepted:
		s = fmt.Sprintf("accepted %q", clip(r.Text))
	case ProtocolError:
		s = fmt.Sprintf("JSON-RPC error %d %q", *r.Code, clip(r.Message))
	case Crash:
		s = "crash (" + r.Exit.Status + ")"
	case Hang:
		s = "hang"
	default:
		s = "transport error: " + r.Error
	}
	if len(r.OutputSchema) > 0 {
		s += "; breaks its outputSchema"
	}
	if len(r.Leaks) > 0 {
		s += "; carries " + strings.Join(r.Leaks, ", ")
	}
	return s
}

func clip(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if r := []rune(s); len(r) > 120 {
		return string(r[:120]) + "…"
	}
	return s
}

// WriteJSON writes the report and its problems as one JSON object.
func (r *Report) WriteJSON(w io.Writer, problems []Problem, severity func(Problem) string) error {
	type sevProblem struct {
		Problem
		Severity string `json:"severity"`
	}
	ps := []sevProblem{}
	for _, p := range problems {
		ps = append(ps, sevProblem{p, severity(p)})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Problems []sevProblem `json:"problems"`
		*Report
		Counts Counts `json:"counts"`
	}{ps, r, r.Counts()})
}

// WriteMarkdown writes the problems and the cross-reference as Markdown, for a pull request
// or a CI step summary; each problem's request and response are in a collapsed block.
func (r *Report) WriteMarkdown(w io.Writer, problems []Problem, severity func(Problem) string) error {
	var b strings.Builder
	c := r.Counts()
	fmt.Fprintf(&b, "### mcplint probe\n\nProbed %d of %s with %s that must fail validation", c.Called, plural(c.Tools, "tool"), plural(c.Calls, "call"))
	if c.Skipped > 0 {
		fmt.Fprintf(&b, " (%d not called)", c.Skipped)
	}
	fmt.Fprintf(&b, ": %s.\n\n", plural(len(problems), "problem"))
	if r.Stopped != "" {
		fmt.Fprintf(&b, "Stopped early: %s\n\n", mdCell(r.Stopped))
	}
	if len(problems) > 0 {
		b.WriteString("| severity | tool | problem | handler |\n| --- | --- | --- | --- |\n")
		for _, p := range problems {
			fmt.Fprintf(&b, "| %s | `%s` | %s | %s |\n", severity(p), p.Tool, mdCell(p.Message), code(p.Handler))
		}
		b.WriteString("\n")
		for _, p := range problems {
			fmt.Fprintf(&b, "<details><summary><code>%s</code>: %s</summary>\n\n```json\n%s\n", p.Tool, p.Kind, p.Result.Request)
			if p.Result.Response != nil {
				fmt.Fprintf(&b, "%s\n", p.Result.Response)
			}
			if p.Result.Exit != nil {
				fmt.Fprintf(&b, "```\n\n```\n%s\n", strings.Join(p.Result.Exit.Stderr, "\n"))
			}
			b.WriteString("```\n\n</details>\n\n")
		}
	}
	if x := r.CrossReference; x != nil {
		b.WriteString("| rule | confirmed | contradicted | missed | not exercised | untied |\n| --- | --- | --- | --- | --- | --- |\n")
		for _, rc := range x.Rules {
			fmt.Fprintf(&b, "| `%s` | %d | %d | %d | %d | %d |\n", rc.Rule, rc.Confirmed, rc.Contradicted, rc.Missed, rc.NotExercised, rc.Untied)
		}
		if len(x.Matches) > 0 {
			b.WriteString("\n| class | rule | tool | handler | static finding |\n| --- | --- | --- | --- | --- |\n")
			for _, m := range x.Matches {
				fmt.Fprintf(&b, "| %s | `%s` | `%s` | %s | %s |\n", m.Class, m.Rule, m.Tool, code(m.Handler), mdCell(m.Finding))
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func code(s string) string {
	if s == "" {
		return ""
	}
	return "`" + s + "`"
}

func mdCell(s string) string {
	return strings.NewReplacer("|", "\\|", "\n", " ").Replace(s)
}

// DefaultSeverity is a problem's severity when no rule gives it one: a crash, a result that
// breaks its schema and a leaked secret break clients or users; a hang and a transport
// failure are worth a look; an accepted bad call is information (the handler may be lenient
// on purpose).
func DefaultSeverity(kind string) rule.Severity {
	switch kind {
	case Crash, ProblemOutputSchema, ProblemSecret, ProblemUnknownToolAns:
		return rule.Error
	case Hang, TransportError, ProtocolError:
		return rule.Warning
	}
	return rule.Info
}

// plural counts n of noun: "1 problem", "2 problems".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func sumCounts(m map[string]int) int {
	n := 0
	for _, c := range m {
		n += c
	}
	return n
}

// countList is "rule-a 2, rule-b 1", most first, then by name.
func countList(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if m[a] != m[b] {
			return m[b] - m[a]
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}
