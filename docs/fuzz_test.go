package docs

import (
	"strings"
	"testing"
)

// FuzzSplit checks that any Markdown splits without panicking into sections that each start
// with their own level-2 heading line and appear in the text in order.
func FuzzSplit(f *testing.F) {
	for _, p := range Pages() {
		text, _ := Page(p)
		f.Add(text)
	}
	f.Add("## a\n```\n## b\n~~~\n## c")
	f.Add("#\n##\n###\n## x\r\n")
	f.Fuzz(func(t *testing.T, text string) {
		norm := strings.ReplaceAll(text, "\r\n", "\n")
		lines := strings.Split(norm, "\n")
		last := 0
		for _, s := range Split("p.md", text) {
			if s.Line <= last || s.Line > len(lines) {
				t.Fatalf("section %q at line %d after line %d of %d", s.Heading, s.Line, last, len(lines))
			}
			last = s.Line
			if headingLevel(lines[s.Line-1]) != 2 || !strings.HasPrefix(s.Text, lines[s.Line-1]) {
				t.Fatalf("section %q does not start with its heading line %q", s.Heading, lines[s.Line-1])
			}
		}
	})
}
