package output

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/mcplint-go/mcplint/internal/rule"

	"github.com/mcplint-go/mcplint/internal/driver/result"
)

// WriteText writes one line per finding, "file:line:col: severity: message (rule-id)", the
// shape compilers use and editors turn into links, with the severity where gcc and clang put
// it, so that the line a failing run means can be told from the warnings around it. Package
// errors go to standard error from the driver.
//
// Findings below o.ListFrom are not listed: a last line counts them per rule, so that what a
// user should act on is not lost among notes (describe-on-output-fields on a large server).
func WriteText(w io.Writer, r *result.Report, o Options) error {
	bw := bufio.NewWriter(w)
	hidden := map[string]int{}
	below := map[rule.Severity]bool{}
	for _, f := range r.Findings {
		if f.Severity < o.ListFrom {
			hidden[f.Rule]++
			below[f.Severity] = true
			continue
		}
		if f.Pos.IsValid() {
			fmt.Fprintf(bw, "%s:%d:%d: %s: %s\n", relPath(o.Dir, f.Pos.File), f.Pos.Line, f.Pos.Column, f.Severity, f.Message)
		} else {
			fmt.Fprintf(bw, "%s: %s: %s\n", f.Package, f.Severity, f.Message)
		}
	}
	if len(hidden) > 0 {
		writeHidden(bw, hidden, below)
	}
	return bw.Flush()
}

// writeHidden writes the one line that stands for the findings not listed: "mcplint: 4229
// info findings not listed (describe-on-output-fields 4200, ...); -show info lists them".
func writeHidden(w io.Writer, hidden map[string]int, below map[rule.Severity]bool) {
	rules := make([]string, 0, len(hidden))
	total := 0
	for id, n := range hidden {
		rules = append(rules, id)
		total += n
	}
	// Most frequent first, so the line says what makes up the count.
	sort.Slice(rules, func(i, j int) bool {
		if hidden[rules[i]] != hidden[rules[j]] {
			return hidden[rules[i]] > hidden[rules[j]]
		}
		return rules[i] < rules[j]
	})
	parts := make([]string, len(rules))
	for i, id := range rules {
		parts[i] = fmt.Sprintf("%s %d", id, hidden[id])
	}
	lowest := rule.Error
	var sevs []string
	for _, s := range []rule.Severity{rule.Warning, rule.Info} {
		if below[s] {
			sevs = append(sevs, s.String())
			lowest = s
		}
	}
	noun := "findings"
	if total == 1 {
		noun = "finding"
	}
	fmt.Fprintf(w, "mcplint: %d %s %s not listed (%s); -show %s lists them\n", total, strings.Join(sevs, " and "), noun, strings.Join(parts, ", "), lowest)
}
