package tokens

import (
	"fmt"
	"strings"
	"sync"
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

// TestCountConcurrently: packages are analysed in parallel and share one Counter, without a
// lock; counts made at once equal counts made one by one (run with -race to see a data race).
func TestCountConcurrently(t *testing.T) {
	texts := []string{"hello world", strings.Repeat("a", 40), "Lists the issues of a repository, newest first.", `{"type":"object","properties":{"owner":{"type":"string"}}}`}
	var serial Counter
	want := make([]int, len(texts))
	for i, s := range texts {
		want[i] = serial.Count(s)
	}
	var shared Counter
	var wg sync.WaitGroup
	errs := make(chan string, 8*len(texts))
	for range 8 {
		for i, s := range texts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if got := shared.Count(s); got != want[i] {
					errs <- fmt.Sprintf("Count(%q) = %d at once, %d alone", s, got, want[i])
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
