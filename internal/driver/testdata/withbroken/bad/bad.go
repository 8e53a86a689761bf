// Package bad does not type-check.
package bad

// Broken returns a string as an int.
func Broken() int {
	return "not an int"
}
