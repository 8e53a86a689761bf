// Package off runs with description-token-budget: 0, which turns the check off.
package off

import (
	"context"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

var huge = strings.Repeat("word ", 2000)

const huger = "Search every repository the user can see for code, issues and pull requests matching the query. Search every repository the user can see for code, issues and pull requests matching the query."

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "long", Description: huger, InputSchema: map[string]any{"type": "object"}}, low)
	s.AddTool(&mcp.Tool{Name: "huge", Description: huge, InputSchema: map[string]any{"type": "object"}}, low)
}
