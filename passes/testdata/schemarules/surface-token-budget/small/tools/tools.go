// Package tools defines tools for package small to register: their cost reaches small through
// a fact.
package tools

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

// Register adds two tools of about 25 tokens each.
func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "get_book", Description: "Get one book by its catalog ID.", InputSchema: map[string]any{"type": "object"}}, low)
	s.AddTool(&mcp.Tool{Name: "list_books", Description: "List the books of the catalog.", InputSchema: map[string]any{"type": "object"}}, low)
}
