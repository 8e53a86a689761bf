package notes_test

import (
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"
)

var updateDoc = flag.Bool("update-doc", false, "rewrite the example in docs/runtime.md from notes_test.go")

const (
	docPath = "../../../docs/runtime.md"
	marker  = "<!-- example: examples/runtime/notes/notes_test.go (compiled and run by go test) -->"
)

// docBlock is the marker line and the fenced Go block after it.
var docBlock = regexp.MustCompile("(?s)" + regexp.QuoteMeta(marker) + "\n```go\n.*?\n```\n")

// TestRuntimeDocShowsThisExample keeps the example in docs/runtime.md the
// file next to this one, so the documented example is the one go test
// compiles and runs.
func TestRuntimeDocShowsThisExample(t *testing.T) {
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("notes_test.go")
	if err != nil {
		t.Fatal(err)
	}
	want := marker + "\n```go\n" + string(src) + "```\n"
	if *updateDoc {
		if !docBlock.Match(doc) {
			t.Fatalf("%s has no block after %q to update", docPath, marker)
		}
		out := docBlock.ReplaceAllLiteralString(string(doc), want)
		if err := os.WriteFile(docPath, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !strings.Contains(string(doc), want) {
		t.Errorf("%s does not show notes_test.go verbatim after %q; run go test ./examples/runtime/notes -update-doc", docPath, marker)
	}
}
