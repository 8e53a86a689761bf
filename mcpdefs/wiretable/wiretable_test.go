package wiretable

import (
	"strings"
	"testing"

	"golang.org/x/mod/semver"
)

func TestMeasuredStandsInForEveryVersion(t *testing.T) {
	for _, c := range []struct{ sdk, version, want string }{
		{"go-sdk", "v1.6.0", "v1.6.1"},   // same minor, older patch
		{"go-sdk", "v1.8.0", "v1.8.0"},   // measured itself
		{"go-sdk", "v1.9.3", "v1.8.0"},   // newer than any measured: the newest
		{"go-sdk", "", "v1.8.0"},         // unknown: the newest
		{"mcp-go", "v0.17.1", "v0.20.1"}, // older than any measured: the oldest
		{"mcp-go", "v0.21.0", "v0.20.1"}, // between two measured: the older
		{"mcp-go", "v0.44.0", "v0.44.1"},
	} {
		if got := Measured(c.sdk, c.version); got != c.want {
			t.Errorf("Measured(%s, %q) = %s, want %s", c.sdk, c.version, got, c.want)
		}
	}
}

func TestFactsGroupRevisions(t *testing.T) {
	facts := Facts("go-sdk", "v1.8.0", "lowlevel-nil-nil")
	if len(facts) != 2 || !NullResult(facts[0].Answer) || !Exits(facts[1].Answer) ||
		strings.Join(facts[1].Revisions, ",") != "2026-07-28" {
		t.Errorf("go-sdk v1.8.0 lowlevel-nil-nil: %+v", facts)
	}
	if facts := Facts("go-sdk", "v1.6.1", "lowlevel-nil-nil"); len(facts) != 1 || len(facts[0].Revisions) != 4 {
		t.Errorf("go-sdk v1.6.1 lowlevel-nil-nil: %+v", facts)
	}
	if code, ok := Code("error -32603: boom"); !ok || code != "-32603" {
		t.Errorf("Code: %s %v", code, ok)
	}
}

// TestHandWrittenClaimsHold: the claims messages make without reading the table (they hold for
// every version) are what every measured version does; a release that changes one fails here.
func TestHandWrittenClaimsHold(t *testing.T) {
	every := func(sdk, from, outcome string, holds func(string) bool, claim string) {
		t.Helper()
		for _, v := range measured[sdk] {
			if semver.Compare(v, from) < 0 {
				continue
			}
			for _, rev := range Revisions(sdk, v) {
				if a, ok := Answer(sdk, v, rev, outcome); !ok || !holds(a) {
					t.Errorf("%s %s %s %s: %q; the messages say %s", sdk, v, rev, outcome, a, claim)
				}
			}
		}
	}
	// wrapped-protocol-error: "becomes a tool error and loses its code".
	every("go-sdk", "v1.2.0", "typed-jsonrpc-error-wrapped", ToolError, "a tool error")
	// structured-content-on-error: "ships a zero Out as structuredContent".
	every("go-sdk", "v1.0.0", "typed-iserror-structured", func(a string) bool {
		return ToolError(a) && strings.Contains(a, "structured=")
	}, "an IsError result with the zero output as structured content")
	// result-and-error: the result is dropped when the error is non-nil.
	every("go-sdk", "v1.0.0", "typed-result-and-error", func(a string) bool {
		return ToolError(a) && !strings.Contains(a, "friendly")
	}, "the result is dropped")
	every("go-sdk", "v1.0.0", "lowlevel-result-and-error", func(a string) bool { c, ok := Code(a); return ok && c == "0" }, "code 0, result dropped")
	every("mcp-go", "v0.20.1", "tool-result-and-error", func(a string) bool { c, ok := Code(a); return ok && c == "-32603" }, "-32603, result dropped")
	// tool-error-as-protocol-error and upstream-error-as-protocol-error: go-sdk low-level sends
	// code 0, mcp-go -32603.
	every("go-sdk", "v1.0.0", "lowlevel-error", func(a string) bool { c, ok := Code(a); return ok && c == "0" }, "code 0")
	every("mcp-go", "v0.20.1", "tool-error", func(a string) bool { c, ok := Code(a); return ok && c == "-32603" }, "-32603")
	// typed handlers' errors are tool errors (the reason a typed handler's upstream failure is
	// no finding).
	every("go-sdk", "v1.0.0", "typed-error", ToolError, "a tool error")
}
