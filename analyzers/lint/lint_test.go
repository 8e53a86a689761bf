package lint

import (
	"go/parser"
	"go/token"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCatalogIDsAreUniqueAndDocumented(t *testing.T) {
	cat := NewCatalog()
	for _, r := range cat.Rules() {
		assert.Regexp(t, `^[a-z][a-z0-9]*(-[a-z0-9]+)*$`, r.ID)
		assert.NotEmpty(t, r.Title, r.ID)
		assert.Contains(t, r.URL(), "docs/"+string(r.Family)+".md#"+r.ID)
	}
	assert.Panics(t, func() { NewCatalog(Rule{ID: "result-and-error"}) })
}

func TestEnabledPrecedence(t *testing.T) {
	cat := NewCatalog()
	rae, _ := cat.Lookup("result-and-error")
	planned, _ := cat.Lookup("format-parity")
	planned.Status = Planned
	strict := Rule{ID: "x", Family: FamilySchema, Status: Implemented, Strict: true}

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
	rae, _ := NewCatalog().Lookup("result-and-error")
	assert.Equal(t, Warning, c.SeverityOf(rae))
	assert.NoError(t, c.Validate(NewCatalog()))

	_, err = ParseConfig([]byte("fial-on: error\n"))
	assert.ErrorContains(t, err, "fial-on", "unknown keys are rejected")

	c, err = ParseConfig(nil)
	require.NoError(t, err)
	assert.Equal(t, DefaultFormatAllowlist(), c.FormatAllowlist)

	c, err = ParseConfig([]byte("enable: [result-and-eror]\nfail-on: fatal\nportability: loose\n"))
	require.NoError(t, err)
	err = c.Validate(NewCatalog())
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
