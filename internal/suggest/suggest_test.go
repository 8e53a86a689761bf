package suggest

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"kitten", "sitting", 3},
		{"no-stringify", "no-stringfy", 1},
		{"ab", "ba", 2},
		{strings.Repeat("a", 65), strings.Repeat("a", 65), 0},
		{strings.Repeat("a", 65), strings.Repeat("a", 64) + "b", maxLen},
	} {
		assert.Equal(t, tc.want, Distance(tc.a, tc.b), "%q %q", tc.a, tc.b)
		assert.Equal(t, tc.want, Distance(tc.b, tc.a), "%q %q", tc.b, tc.a)
	}
}

func TestNearest(t *testing.T) {
	names := []string{"severity", "settings", "enable"}
	assert.Equal(t, "severity", Nearest("severty", names, 4))
	assert.Equal(t, "enable", Nearest("enabel", names, 4))
	assert.Empty(t, Nearest("enabel", names, 2), "two edits are not fewer than two")
	assert.Empty(t, Nearest("something-else", names, 4))
	assert.Equal(t, "ab", Nearest("aa", []string{"ab", "ba"}, 3), "ties go to the earlier candidate")
}

func TestContaining(t *testing.T) {
	ids := []string{"preserve-cause-on-rethrow", "result-and-error", "tool-error-as-protocol-error", "upstream-error-as-protocol-error", "error-code"}
	for s, want := range map[string][]string{
		"preserve-cause":    {"preserve-cause-on-rethrow"},
		"cause":             {"preserve-cause-on-rethrow"},
		"as-protocol-error": {"tool-error-as-protocol-error", "upstream-error-as-protocol-error"},
		"error":             nil, // a word of four: too vague
		"preserve-caus":     nil, // not whole words
		"result-and-error":  nil, // the name itself
		"":                  nil,
	} {
		if got := Containing(s, ids, 3); !slices.Equal(got, want) {
			t.Errorf("Containing(%q) = %q, want %q", s, got, want)
		}
	}
}
