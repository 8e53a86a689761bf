// Package ui: MCP Apps metadata without the resource to load.
package ui

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

var schema = map[string]any{"type": "object"}

func Register(s *mcp.Server, uri string) {
	s.AddTool(&mcp.Tool{Name: "missing", Description: "d", InputSchema: schema, Meta: mcp.Meta{"ui": map[string]any{"prefersBorder": true}}}, low) // want `tool "missing": _meta\.ui has neither resourceUri nor visibility, so the app never appears; add resourceUri`
	s.AddTool(&mcp.Tool{Name: "empty", Description: "d", InputSchema: schema, Meta: mcp.Meta{"ui": map[string]any{"resourceUri": ""}}}, low)       // want `tool "empty": _meta.ui.resourceUri is empty`
	s.AddTool(&mcp.Tool{Name: "number", Description: "d", InputSchema: schema, Meta: mcp.Meta{"ui": map[string]any{"resourceUri": 7}}}, low)       // want `_meta.ui.resourceUri is 7, not a string`

	// Near misses: a view's tool, and an app-only tool that backs views (MCP Apps 2026-01-26).
	s.AddTool(&mcp.Tool{Name: "apponly", Description: "d", InputSchema: schema, Meta: mcp.Meta{"ui": map[string]any{"visibility": []string{"app"}}}}, low)
	s.AddTool(&mcp.Tool{Name: "ok", Description: "d", InputSchema: schema, Meta: mcp.Meta{"ui": map[string]any{"resourceUri": "ui://app/index.html"}}}, low)
	s.AddTool(&mcp.Tool{Name: "dyn", Description: "d", InputSchema: schema, Meta: mcp.Meta{"ui": map[string]any{"resourceUri": uri}}}, low)
}
