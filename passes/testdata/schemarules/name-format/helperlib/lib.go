// Package helperlib is a server's tool library: its calls in other packages are the tools.
package helperlib

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Tool[In, Out any](s *mcp.Server, name, desc string, fn func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Out, error)) {
	mcp.AddTool(s, &mcp.Tool{Name: name, Description: desc}, fn)
}
