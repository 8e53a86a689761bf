// Package bad uses mcplint's runtime library, so it can hold MCP code, and does not
// type-check.
package bad

import "github.com/mcplint-go/mcplint/mcperr"

// Broken returns an error as an int.
func Broken() int {
	return mcperr.NotFound("no such thing")
}
