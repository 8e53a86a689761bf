// Package none runs with no clients configured: nothing is checked.
package none

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "has.dot", Description: "d", InputSchema: map[string]any{"type": "object", "properties": map[string]any{"q": map[string]any{"type": []string{"null", "string"}}}}}, low)
}
