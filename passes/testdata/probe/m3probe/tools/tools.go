// Package tools holds a handler registered from another package, as a method value: the
// static surface finds it through its declaration.
package tools

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

// Handlers carries what the handlers need.
type Handlers struct{ Greeting string }

// Greet returns RequireString's error: tool-error-as-protocol-error reports it.
func (h *Handlers) Greet(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(h.Greeting + " " + name), nil
}
