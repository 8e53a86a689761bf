// Package reachable walks the small directed graphs the linter keeps meeting: an analyzer and
// the analyzers it requires, a package and the packages it imports. It imports nothing of the
// module, so that every layer can use it.
package reachable

import (
	"iter"

	"golang.org/x/tools/go/analysis"
)

// From yields the roots and every node reachable from them through edges, each once, in
// depth-first pre-order: each node when first reached, before the nodes first reached through
// it, roots in their order. Stopping the range stops the walk.
func From[T comparable](roots []T, edges func(T) []T) iter.Seq[T] {
	return func(yield func(T) bool) {
		seen := map[T]bool{}
		var visit func(n T) bool
		visit = func(n T) bool {
			if seen[n] {
				return true
			}
			seen[n] = true
			if !yield(n) {
				return false
			}
			for _, next := range edges(n) {
				if !visit(next) {
					return false
				}
			}
			return true
		}
		for _, r := range roots {
			if !visit(r) {
				return
			}
		}
	}
}

// Analyzers yields as and every analyzer they require, transitively, as From does.
func Analyzers(as []*analysis.Analyzer) iter.Seq[*analysis.Analyzer] {
	return From(as, func(a *analysis.Analyzer) []*analysis.Analyzer { return a.Requires })
}
