package rule

import (
	"go/parser"
	"go/token"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testCatalog stands in for the families' rules: the framework knows none of them.
func testCatalog() *Catalog {
	return NewCatalog(append([]Rule{
		{ID: "result-and-error", Family: "handlerrules", Severity: Error, Title: "result and error", Status: Implemented},
		{ID: "format-parity", Family: "schemarules", Severity: Error, Title: "format parity", Status: Implemented},
	}, DirectiveRules()...)...)
}

func TestCatalogRejectsDuplicates(t *testing.T) {
	assert.Panics(t, func() { NewCatalog(Rule{ID: "result-and-error"}, Rule{ID: "result-and-error"}) })
	assert.Equal(t, []Family{"handlerrules", "schemarules", FamilyDirective}, testCatalog().Families())
}

func TestCheckRule(t *testing.T) {
	c := Check[func()]{ID: "x-y", Severity: Warning, Title: "t", Strict: true}
	assert.Equal(t, Rule{ID: "x-y", Family: "f", Severity: Warning, Title: "t", Status: Implemented, Strict: true}, c.Rule("f"), "no status means implemented")
	c.Status = NotApplicable
	assert.Equal(t, NotApplicable, c.Rule("f").Status)
	assert.Equal(t, "https://github.com/mcplint-go/mcplint/blob/main/docs/f.md#x-y", c.Rule("f").URL())
}

// A family's entries: every entry gives a catalog row in order, and only a rule that runs gives
// a group, whose Run goes through its kind's Call to the check's own Run.
func TestDeclareRowsGroups(t *testing.T) {
	type kinds struct{ calls []string }
	perPackage := func(k *kinds) Kind[func(*Pass, string)] {
		return Kind[func(*Pass, string)]{Call: func(p *Pass, run func(*Pass, string)) error {
			run(p, "input")
			return nil
		}}
	}
	k := &kinds{}
	runs := Check[func(*Pass, string)]{ID: "a-b", Run: func(_ *Pass, in string) { k.calls = append(k.calls, "a-b:"+in) }}
	planned := Check[func(*Pass, string)]{ID: "c-d", Status: Planned}
	list := []Entry[*kinds]{Declare(planned, perPackage), Declare(runs, perPackage)}
	rows := Rows(list)
	require.Len(t, rows, 2)
	assert.Equal(t, []string{"c-d", "a-b"}, []string{rows[0].ID, rows[1].ID})
	assert.Equal(t, Planned, rows[0].Status)
	groups := Groups(list, k, "options")
	require.Len(t, groups, 1)
	assert.Equal(t, []string{"a-b"}, groups[0].IDs)
	assert.Equal(t, "options", groups[0].Options)
	require.NoError(t, groups[0].Run(&Pass{}))
	assert.Equal(t, []string{"a-b:input"}, k.calls)
}

func TestEnabledPrecedence(t *testing.T) {
	cat := testCatalog()
	rae, _ := cat.Lookup("result-and-error")
	planned, _ := cat.Lookup("format-parity")
	planned.Status = Planned
	strict := Rule{ID: "x", Family: "schemarules", Status: Implemented, Strict: true}

	c := NewConfig()
	assert.True(t, c.Enabled(rae))
	assert.False(t, c.Enabled(planned), "planned rules never run")
	assert.False(t, c.Enabled(strict), "strict rules need portability: strict")
	c.Portability = "strict"
	assert.True(t, c.Enabled(strict))

	c = &Config{Disable: []string{"all"}, Enable: []string{"result-and-error"}}
	assert.True(t, c.Enabled(rae), "an ID beats all")
	c = &Config{Disable: []string{"handlerrules"}, Enable: []string{"all"}}
	assert.False(t, c.Enabled(rae), "a family beats all")
	c = &Config{Disable: []string{"result-and-error"}, Enable: []string{"result-and-error"}}
	assert.False(t, c.Enabled(rae), "disable wins at the same level")
}

func TestParseConfig(t *testing.T) {
	c, err := ParseConfig([]byte("fail-on: warning\ndisable: [handlerrules]\nseverity:\n  result-and-error: warning\n"))
	require.NoError(t, err)
	assert.True(t, c.Fails(Warning))
	assert.False(t, c.Fails(Info))
	rae, _ := testCatalog().Lookup("result-and-error")
	assert.Equal(t, Warning, c.SeverityOf(rae))
	assert.NoError(t, c.Validate(testCatalog()))

	_, err = ParseConfig([]byte("fial-on: error\n"))
	assert.ErrorContains(t, err, "fial-on", "unknown keys are rejected")

	c, err = ParseConfig(nil)
	require.NoError(t, err)
	assert.Equal(t, DefaultFormatAllowlist(), c.FormatAllowlist)

	c, err = ParseConfig([]byte("enable: [result-and-eror]\nfail-on: fatal\nportability: loose\n"))
	require.NoError(t, err)
	err = c.Validate(testCatalog())
	require.Error(t, err)
	assert.Contains(t, err.Error(), `did you mean "result-and-error"`)
	assert.Contains(t, err.Error(), "fail-on")
	assert.Contains(t, err.Error(), "portability")
}

func TestParseDirectives(t *testing.T) {
	src := `package p

//mcplint:ignore result-and-error,nil-result-nil-error the client retries
var a = 1

var b = 2 //mcplint:ignore result-and-error

//mcplint:ignoreXYZ not a directive
//mcplint:ignore
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	require.NoError(t, err)
	ds := ParseDirectives(fset, f)
	require.Len(t, ds, 3)
	assert.Equal(t, []string{"result-and-error", "nil-result-nil-error"}, ds[0].Rules)
	assert.Equal(t, "the client retries", ds[0].Reason)
	assert.True(t, ds[0].Covers("nil-result-nil-error", token.Position{Filename: "p.go", Line: 4}))
	assert.False(t, ds[0].Covers("nil-result-nil-error", token.Position{Filename: "p.go", Line: 5}))
	assert.False(t, ds[0].Covers("prefer-error-factory", token.Position{Filename: "p.go", Line: 4}))
	assert.Empty(t, ds[1].Reason)
	assert.Empty(t, ds[2].Rules)
}

func TestIsGenerated(t *testing.T) {
	for src, want := range map[string]bool{
		"// Code generated by protoc-gen-go. DO NOT EDIT.\n\npackage p\n":                 true,
		"// Copyright 2026.\n\n// Code generated by robustgen. DO NOT EDIT.\npackage p\n": true,
		"package p\n\n// Code generated by hand-rolled tool. DO NOT EDIT.\nvar x = 1\n":   true,
		"// Code generated by cmd/cgo; DO NOT EDIT.\n\npackage p\n":                       false,
		"// Code generated by robustgen, please edit.\npackage p\n":                       false,
		"package p\n\n/* Code generated by x. DO NOT EDIT. */\n":                          false,
	} {
		f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, parser.ParseComments)
		require.NoError(t, err)
		assert.Equal(t, want, IsGenerated(f), src)
	}
}
