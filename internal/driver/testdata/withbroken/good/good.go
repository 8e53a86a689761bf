// Package good compiles and has one stale directive.
package good

// Answer is 42.
func Answer() int {
	return 42 //mcplint:ignore result-and-eror misspelt
}
