package output

import (
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/mcplint-go/mcplint/internal/driver/result"
)

// FuzzUTF16Column feeds arbitrary file contents and positions (the file may have changed
// since it was analysed) to the SARIF column conversion: it must never panic, and for a
// position inside valid UTF-8 it must count the line's UTF-16 units.
func FuzzUTF16Column(f *testing.F) {
	f.Add([]byte("package a\nvar s = \"é𝄞\" + x\n"), 12, 2)
	f.Add([]byte("ab"), 1, 5)
	f.Add([]byte("\xff\xfe\n\x80x"), 0, 0)
	f.Add([]byte(""), -3, 1)
	f.Fuzz(func(t *testing.T, src []byte, offset, column int) {
		c := &columns{read: func(string) ([]byte, error) { return src, nil }, files: map[string][]byte{}}
		got := c.utf16Column(result.Position{File: "f.go", Line: 1, Column: column, Offset: offset})
		lineStart := offset - (column - 1)
		if column < 1 || lineStart < 0 || offset > len(src) {
			if got != column {
				t.Fatalf("out-of-range position changed its column: %d -> %d", column, got)
			}
			return
		}
		want := len(utf16.Encode([]rune(string(src[lineStart:offset])))) + 1
		if got != want {
			t.Fatalf("column of offset %d (byte column %d) in %q = %d, want %d", offset, column, src, got, want)
		}
	})
}

// FuzzEscapeProperty checks that an escaped workflow-command property holds none of the
// characters that delimit commands and properties, and decodes back to the original.
func FuzzEscapeProperty(f *testing.F) {
	for _, s := range []string{"a,b:c", "100%", "%0A", "line\r\nbreak", "plain/path.go"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := escapeProperty(s)
		if strings.ContainsAny(p, ",:\r\n") {
			t.Fatalf("escapeProperty(%q) = %q keeps a delimiter", s, p)
		}
		dec := strings.NewReplacer("%2C", ",", "%3A", ":", "%0A", "\n", "%0D", "\r", "%25", "%").Replace(p)
		if dec != s {
			t.Fatalf("escapeProperty(%q) = %q decodes to %q", s, p, dec)
		}
		d := escapeData(s)
		if strings.ContainsAny(d, "\r\n") {
			t.Fatalf("escapeData(%q) = %q keeps a line break", s, d)
		}
	})
}
