// Package ui: MCP Apps metadata of the wrong shape.
package ui

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

var schema = map[string]any{"type": "object"}

func Register(s *mcp.Server, dyn any) {
	s.AddTool(&mcp.Tool{Name: "str", Description: "d", InputSchema: schema, Meta: mcp.Meta{"ui": "ui://app/index.html"}}, low)            // want `tool "str": _meta\.ui is "ui://app/index\.html", not an object, so hosts cannot find the app; write \{"resourceUri": "ui://\.\.\."\}`
	s.AddTool(&mcp.Tool{Name: "list", Description: "d", InputSchema: schema, Meta: mcp.Meta{"ui": []string{"ui://app/index.html"}}}, low) // want `tool "list": _meta.ui is \["ui://app/index.html"\], not an object`
	s.AddTool(&mcp.Tool{Name: "null", Description: "d", InputSchema: schema, Meta: mcp.Meta{"ui": nil}}, low)                             // want `_meta.ui is null, not an object`

	// Near misses.
	s.AddTool(&mcp.Tool{Name: "obj", Description: "d", InputSchema: schema, Meta: mcp.Meta{"ui": map[string]any{"resourceUri": "ui://app/index.html"}}}, low)
	s.AddTool(&mcp.Tool{Name: "dyn", Description: "d", InputSchema: schema, Meta: mcp.Meta{"ui": dyn}}, low)
	s.AddTool(&mcp.Tool{Name: "other", Description: "d", InputSchema: schema, Meta: mcp.Meta{"x": "y"}}, low)
}
