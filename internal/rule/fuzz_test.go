package rule

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"
	"time"
)

// FuzzParseConfig feeds arbitrary .mcplint.yaml documents through decoding and validation:
// a bad file is an error naming the problem, never a panic or a hang, and a configuration
// that validates answers every question the driver asks of it.
func FuzzParseConfig(f *testing.F) {
	for _, s := range []string{
		"",
		"fail-on: warning\ndisable: [handlerrules]\nseverity:\n  result-and-error: warning\n",
		"enable: [all]\nportability: strict\nformat-allowlist: [date-time, uuid]\n",
		"registrars:\n  - func: example.com/srv.Register\n    tool: 0\n    handler: 1\n",
		"enable: [result-and-eror]\nfail-on: fatal\n",
		"severity: [1, 2]\n",
		"&a [*a]\n",
		"enable: !!binary aGVsbG8=\n",
		"server-json: deploy/server.json\n",
		"registrars: {func: 3}\n",
	} {
		f.Add([]byte(s))
	}
	cat := testCatalog()
	f.Fuzz(func(t *testing.T, data []byte) {
		start := time.Now()
		c, err := ParseConfig(data)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("error without a message")
			}
			return
		}
		if c == nil {
			t.Fatal("nil configuration without an error")
		}
		if len(c.FormatAllowlist) == 0 {
			t.Fatal("empty format allowlist: the defaults were not applied")
		}
		verr := c.Validate(cat)
		for _, r := range cat.Rules() {
			c.Enabled(r)
			c.SeverityOf(r)
		}
		for _, s := range []Severity{Info, Warning, Error} {
			c.Fails(s)
		}
		if verr == nil {
			if _, err := Build(cat, c, nil); err != nil {
				t.Fatalf("a configuration that validates does not build: %v", err)
			}
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("%d bytes of configuration took %v", len(data), d)
		}
	})
}

// FuzzParseDirectives feeds arbitrary comment text through suppression parsing: every
// //mcplint:ignore comment becomes one directive on its own line, with rule IDs free of
// separators, and nothing else does.
func FuzzParseDirectives(f *testing.F) {
	for _, s := range []string{
		"//mcplint:ignore result-and-error,nil-result-nil-error the client retries",
		"//mcplint:ignore",
		"//mcplint:ignoreXYZ not a directive",
		"//mcplint:ignore\t,, ,result-and-error\treason",
		"/* mcplint:ignore result-and-error */",
		"//mcplint:ignore \u00a0result-and-error reason",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, comment string) {
		if strings.ContainsAny(comment, "\n\r") || !strings.HasPrefix(comment, "//") {
			return // one line comment, as the parser gives it to us
		}
		src := "package p\n\n" + comment + "\nvar x = 1\n"
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
		if err != nil {
			return
		}
		ds := ParseDirectives(fset, file)
		want := 0
		if rest, ok := strings.CutPrefix(comment, IgnorePrefix); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			want = 1
		}
		if len(ds) != want {
			t.Fatalf("%q: %d directives, want %d", comment, len(ds), want)
		}
		for _, d := range ds {
			if d.Line != 3 || d.File != "p.go" {
				t.Fatalf("%q: directive at %s:%d, want p.go:3", comment, d.File, d.Line)
			}
			for _, r := range d.Rules {
				if r == "" || strings.ContainsAny(r, ", \t") {
					t.Fatalf("%q: malformed rule ID %q", comment, r)
				}
			}
			if !d.Covers(firstOr(d.Rules), token.Position{Filename: "p.go", Line: 4}) && len(d.Rules) > 0 {
				t.Fatalf("%q: does not cover the line below for its own rule", comment)
			}
		}
	})
}

func firstOr(rules []string) string {
	if len(rules) == 0 {
		return ""
	}
	return rules[0]
}
