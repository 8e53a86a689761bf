package probe

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/internal/driver/result"
	"github.com/mcplint-go/mcplint/surface"
)

const xrefSource = `package main

func a() {
	_ = 1
}

func b() {
	_ = 2
}

var c = func() {
	_ = 3
}
`

// TestTie covers the classes the fixture servers do not: a finding on a handler whose calls
// were all accepted (not exercised), a finding of a crash rule confirmed by a crash, and a
// failing tool the static surface does not hold (untied).
func TestTie(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(xrefSource), 0o644))
	abs := filepath.Join(dir, "main.go")
	var static surface.Surface
	require.NoError(t, json.Unmarshal([]byte(`{"tools":[
		{"name":"a","x-mcplint":{"handler":{"name":"a","position":"main.go:3:1"}}},
		{"name":"b","x-mcplint":{"handler":{"name":"h.B","position":"other.go:9:9","declared":"main.go:7:6"}}},
		{"name":"c","x-mcplint":{"handler":{"name":"func literal","position":"main.go:11:9"}}}]}`), &static))
	findings := []result.Finding{
		{Rule: ArgumentRule, Pos: result.Position{File: abs, Line: 4, Column: 2}, Message: "m"},
		{Rule: "nil-result-nil-error", Pos: result.Position{File: abs, Line: 8, Column: 2}, Message: "n"},
		{Rule: ArgumentRule, Pos: result.Position{File: abs, Line: 12, Column: 2}, Message: "outside every handler but c"},
		{Rule: "no-stringify-upstream-error", Pos: result.Position{File: abs, Line: 4, Column: 2}, Message: "not a wire rule"},
	}
	call := func(tool, outcome string) Result {
		return Result{Call: Call{Tool: tool, Kind: MissingRequired}, Outcome: outcome}
	}
	rep := &Report{Tools: []*Tool{
		{Name: "a", Results: []Result{call("a", Accepted)}},
		{Name: "b", Results: []Result{call("b", Crash)}},
		{Name: "c", Results: []Result{call("c", ProtocolError)}},
		{Name: "d", Results: []Result{call("d", ProtocolError)}},
	}}
	x := Tie(rep, &static, findings, dir)
	var got []string
	for _, m := range x.Matches {
		got = append(got, m.Class+" "+m.Rule+" "+m.Tool+" "+m.Handler+" "+m.Finding)
	}
	assert.Equal(t, []string{
		"not-exercised tool-error-as-protocol-error a main.go:3:1 main.go:4:2: m",
		"confirmed nil-result-nil-error b main.go:7:6 main.go:8:2: n",
		"confirmed tool-error-as-protocol-error c main.go:11:9 main.go:12:2: outside every handler but c",
		"untied tool-error-as-protocol-error d  ",
	}, got)
	assert.Equal(t, []string{"d"}, x.Untied)
	assert.Equal(t, []RuleCounts{
		{Rule: "nil-result-nil-error", Confirmed: 1},
		{Rule: ArgumentRule, Confirmed: 1, NotExercised: 1, Untied: 1},
	}, x.Rules)
	assert.Equal(t, map[string]int{"no-stringify-upstream-error": 1}, x.Unexercised, "findings a bad-arguments call cannot show are counted, not tied")
}

// TestReportNamesTheFindingsAProbeCannotShow: with nothing to tie, the report still says which
// findings the probed tools' handlers hold, instead of suggesting there are none.
func TestReportNamesTheFindingsAProbeCannotShow(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(xrefSource), 0o644))
	abs := filepath.Join(dir, "main.go")
	var static surface.Surface
	require.NoError(t, json.Unmarshal([]byte(`{"tools":[{"name":"a","x-mcplint":{"handler":{"name":"a","position":"main.go:3:1"}}}]}`), &static))
	findings := []result.Finding{
		{Rule: "preserve-cause-on-rethrow", Pos: result.Position{File: abs, Line: 4, Column: 2}, Message: "p"},
		{Rule: "result-and-error", Pos: result.Position{File: abs, Line: 4, Column: 3}, Message: "r"},
		{Rule: "preserve-cause-on-rethrow", Pos: result.Position{File: abs, Line: 4, Column: 4}, Message: "p2"},
		{Rule: "preserve-cause-on-rethrow", Pos: result.Position{File: abs, Line: 8, Column: 2}, Message: "in b, not probed"},
	}
	rep := &Report{Tools: []*Tool{{Name: "a", Results: []Result{{Call: Call{Tool: "a", Kind: MissingRequired}, Outcome: IsError}}}}}
	rep.CrossReference = Tie(rep, &static, findings, dir)
	var b strings.Builder
	require.NoError(t, rep.WriteText(&b, nil, func(Problem) string { return "warning" }, time.Second))
	assert.Contains(t, b.String(), "nothing to tie: no protocol error or crash in the answers, and no finding a call with bad arguments can show\n")
	assert.Contains(t, b.String(), "3 other findings in these tools' handlers that bad arguments do not exercise: preserve-cause-on-rethrow 2, result-and-error 1\n")
}
