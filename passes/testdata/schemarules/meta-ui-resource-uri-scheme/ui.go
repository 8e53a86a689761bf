// Package ui: MCP Apps resources outside the ui:// scheme.
package ui

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

var schema = map[string]any{"type": "object"}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "https", Description: "d", InputSchema: schema, Meta: mcp.Meta{"ui": map[string]any{"resourceUri": "https://example.com/app.html"}}}, low) // want `tool "https": _meta.ui.resourceUri "https://example.com/app.html" does not use the ui:// scheme`
	s.AddTool(&mcp.Tool{Name: "ok", Description: "d", InputSchema: schema, Meta: mcp.Meta{"ui": map[string]any{"resourceUri": "ui://app/index.html"}}}, low)
}
