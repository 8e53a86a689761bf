package reachable

import (
	"slices"
	"testing"
)

// edges of a graph with a shared node (d), a cycle (e ↔ a) and a second root reached already.
var edges = map[string][]string{
	"a": {"b", "c"},
	"b": {"d"},
	"c": {"d", "e"},
	"e": {"a"},
}

func next(n string) []string { return edges[n] }

func TestFromOnceInPreOrder(t *testing.T) {
	got := slices.Collect(From([]string{"a", "c", "f"}, next))
	want := []string{"a", "b", "d", "c", "e", "f"}
	if !slices.Equal(got, want) {
		t.Errorf("From = %v, want %v", got, want)
	}
}

func TestFromStops(t *testing.T) {
	var got []string
	for n := range From([]string{"a"}, next) {
		got = append(got, n)
		if n == "d" {
			break
		}
	}
	if want := []string{"a", "b", "d"}; !slices.Equal(got, want) {
		t.Errorf("From stopped after %v, want %v", got, want)
	}
}
