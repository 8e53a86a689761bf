// Package tools uses mcplint's runtime library, so it can hold MCP code, and has a syntax
// error: the module has nothing else, so mcplint can check nothing.
package tools

import "github.com/mcplint/mcplint/mcperr"

// Missing fails.
func Missing() error {
	return mcperr.NotFound("no such thing"
}
