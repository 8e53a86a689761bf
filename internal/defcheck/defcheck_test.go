package defcheck_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/mcplint-go/mcplint/internal/defcheck"
)

func TestValidToolName(t *testing.T) {
	for _, ok := range []string{"a", "search_items", "v1.get-user", "A.B_C-9", strings.Repeat("x", 128)} {
		assert.True(t, defcheck.ValidToolName(ok), ok)
	}
	for _, bad := range []string{"", "bad name", "name!", "naïve", "a/b", "a:b", strings.Repeat("x", 129)} {
		assert.False(t, defcheck.ValidToolName(bad), bad)
	}
	assert.Equal(t, []rune{' ', '!'}, defcheck.InvalidToolNameChars("bad name !!"))
	assert.Nil(t, defcheck.InvalidToolNameChars("fine"))
}

func TestValidReason(t *testing.T) {
	for _, ok := range []string{"a", "no_match", "rate_limited_2", "x_"} {
		assert.True(t, defcheck.ValidReason(ok), ok)
	}
	for _, bad := range []string{"", "NoMatch", "no-match", "_x", "2fast", "no match", "noMatch", "é"} {
		assert.False(t, defcheck.ValidReason(bad), bad)
	}
}

func TestWordCount(t *testing.T) {
	cases := map[string]int{
		"":                            0,
		"   ":                         0,
		"Try again.":                  2,
		"Try again . !":               2,
		"Don't re-run it; wait 30s.":  5,
		"Search for a valid ID first": 6,
		"wait—then retry":             3,
		"résumé über alles":           3,
		"- - -":                       0,
	}
	for s, n := range cases {
		assert.Equal(t, n, defcheck.WordCount(s), "%q", s)
	}
}

func TestIsBlank(t *testing.T) {
	assert.True(t, defcheck.IsBlank(""))
	assert.True(t, defcheck.IsBlank(" \t\n\u00a0"))
	assert.False(t, defcheck.IsBlank(" x "))
}

func TestCheckScope(t *testing.T) {
	cases := map[string]defcheck.ScopeProblem{
		"repo:read":   defcheck.ScopeOK,
		"user.email":  defcheck.ScopeOK,
		"":            defcheck.ScopeBlank,
		"  \t":        defcheck.ScopeBlank,
		"repo:read ":  defcheck.ScopeHasSpace,
		"read write":  defcheck.ScopeHasSpace,
		"read\nwrite": defcheck.ScopeHasSpace,
		"naïve:scope": defcheck.ScopeOK,
	}
	for scope, want := range cases {
		assert.Equal(t, want, defcheck.CheckScope(scope), "%q", scope)
	}
}
