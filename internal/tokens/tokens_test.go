package tokens

import (
	"strings"
	"testing"
)

// TestCount: counts are o200k_base tokens, not a byte ratio (which would give 3 and 10 below).
func TestCount(t *testing.T) {
	var c Counter
	if c.err != nil {
		t.Fatal(c.err)
	}
	cases := []struct {
		text string
		want int
	}{
		{"", 0},
		{"hello world", 2},
		{strings.Repeat("a", 40), 5},
	}
	for _, tc := range cases {
		if got := c.Count(tc.text); got != tc.want {
			t.Errorf("Count(%q) = %d, want %d", tc.text, got, tc.want)
		}
	}
	if c.err != nil {
		t.Fatalf("the embedded encoding did not load: %v", c.err)
	}
}
