// Package off builds a server whose tools stay within the default budget: nothing to report.
package off

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func Serve() {
	s := mcp.NewServer(&mcp.Implementation{Name: "books", Version: "1.0.0"}, nil)
	s.AddTool(&mcp.Tool{Name: "search", Description: "Search the catalog.", InputSchema: map[string]any{"type": "object"}}, low)
}
