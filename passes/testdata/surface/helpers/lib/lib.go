// Package lib is the helpers server's own tool library, in a package of its own: each call
// of Tool in another package is a tool.
package lib

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Tool registers a typed tool whose schemas go-sdk infers from the call's In and Out.
func Tool[In, Out any](s *mcp.Server, name, desc string, fn func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Out, error)) {
	mcp.AddTool(s, &mcp.Tool{Name: name, Description: desc}, fn)
}
