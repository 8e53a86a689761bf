// Package ignores holds malformed and stale suppression directives.
package ignores

// Sum adds.
func Sum(a, b int) int {
	//mcplint:ignore
	return a + b
}

// Héllo has a non-ASCII name, so UTF-16 columns differ from byte columns after it.
func Héllo() string { return "é" } //mcplint:ignore no-such-rule, it is misspelt
