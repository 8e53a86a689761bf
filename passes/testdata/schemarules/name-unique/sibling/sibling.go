// Package sibling defines "own" too, but nothing imports both it and the main fixture
// package, so they are never compared.
package sibling

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "own", Description: "d"}, low)
}
