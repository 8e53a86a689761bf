// Package wiretable answers what a client gets from a server for one way a handler ends, on
// the SDK version the server builds with and the protocol revision the client speaks. The
// answers were measured by running each SDK version (internal/wiretruth); nothing here is read
// from the SDKs' source. Messages that state a wire consequence take it from here.
package wiretable

import (
	"slices"
	"strings"

	"golang.org/x/mod/semver"
)

// span is one answer that holds for a run of consecutive measured versions.
type span struct {
	sdk, outcome, revision, from, through, answer string
}

// Answer kinds that are not a JSON-RPC response (the harness's words).
const (
	processExits = "process exits"
	noAnswer     = "no answer"
)

// Measured returns the measured version that stands for version of sdk: the one of the same
// minor release, else the newest older one, else the oldest; the newest when version is ""
// (the module does not say: newest behaviour).
func Measured(sdk, version string) string {
	vs := measured[sdk]
	if len(vs) == 0 {
		return ""
	}
	if version == "" || !semver.IsValid(version) {
		return vs[len(vs)-1]
	}
	for _, v := range vs {
		if semver.MajorMinor(v) == semver.MajorMinor(version) {
			return v
		}
	}
	best := vs[0]
	for _, v := range vs {
		if semver.Compare(v, version) <= 0 {
			best = v
		}
	}
	return best
}

// Answer is what a client of revision gets for outcome from sdk at version, and whether the
// table has it (the version speaks the revision and can express the outcome).
func Answer(sdk, version, revision, outcome string) (string, bool) {
	v := Measured(sdk, version)
	for _, s := range spans {
		if s.sdk == sdk && s.outcome == outcome && s.revision == revision &&
			semver.Compare(v, s.from) >= 0 && semver.Compare(v, s.through) <= 0 {
			return s.answer, true
		}
	}
	return "", false
}

// Revisions are the protocol revisions sdk at version was measured speaking, oldest first.
func Revisions(sdk, version string) []string {
	v := Measured(sdk, version)
	var out []string
	for _, s := range spans {
		if s.sdk == sdk && semver.Compare(v, s.from) >= 0 && semver.Compare(v, s.through) <= 0 && !slices.Contains(out, s.revision) {
			out = append(out, s.revision)
		}
	}
	slices.Sort(out) // revision dates sort as strings
	return out
}

// A Fact is one answer and the revisions whose clients get it.
type Fact struct {
	Answer    string
	Revisions []string
}

// Facts groups the answers for outcome across the revisions sdk at version speaks, in the
// order of their first revision.
func Facts(sdk, version, outcome string) []Fact {
	var out []Fact
	for _, rev := range Revisions(sdk, version) {
		a, ok := Answer(sdk, version, rev, outcome)
		if !ok {
			continue
		}
		found := false
		for i := range out {
			if out[i].Answer == a {
				out[i].Revisions = append(out[i].Revisions, rev)
				found = true
			}
		}
		if !found {
			out = append(out, Fact{a, []string{rev}})
		}
	}
	return out
}

// Exits reports whether the answer is the server process dying.
func Exits(answer string) bool { return strings.HasPrefix(answer, processExits) }

// NoAnswer reports whether the call went unanswered while the process lived.
func NoAnswer(answer string) bool { return answer == noAnswer }

// Code is the JSON-RPC error code of an error answer, and whether it is one.
func Code(answer string) (string, bool) {
	rest, ok := strings.CutPrefix(answer, "error ")
	if !ok {
		return "", false
	}
	code, _, _ := strings.Cut(rest, ":")
	return code, true
}

// NullResult reports whether the answer is a JSON null result.
func NullResult(answer string) bool { return answer == "result null" }

// ToolError reports whether the answer is a result with isError set.
func ToolError(answer string) bool { return strings.HasPrefix(answer, "tool error") }
