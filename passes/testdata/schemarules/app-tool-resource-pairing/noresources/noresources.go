// Package noresources defines an app tool but no ui:// resource: the resource is registered
// by whatever imports this package, so nothing can be said here.
package noresources

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "app", Description: "d", InputSchema: map[string]any{"type": "object"}, Meta: mcp.Meta{"ui": map[string]any{"resourceUri": "ui://elsewhere/app.html"}}}, low)
}
