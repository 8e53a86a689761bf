// Package lib declares a function a fact-exporting test analyzer marks.
package lib

// Deprecated is marked by the test analyzer's fact.
func Deprecated() int { return 1 }
