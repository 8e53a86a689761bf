// Package clean has nothing to report.
package clean

// Twice doubles n.
func Twice(n int) int { return 2 * n }
