// Package plain imports nothing MCP and does not type-check: mcplint has nothing to say about
// it, so it skips it before loading it (the compiler reports the error).
package plain

// Broken returns a string as an int.
func Broken() int {
	return "not an int"
}
