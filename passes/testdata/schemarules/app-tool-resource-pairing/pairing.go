// Package pairing: app tools must point at a registered UI resource.
package pairing

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/schemarules/app-tool-resource-pairing/uidep"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return nil, nil
}

var schema = map[string]any{"type": "object"}

func ui(uri string) mcp.Meta { return mcp.Meta{"ui": map[string]any{"resourceUri": uri}} }

func Register(s *mcp.Server) {
	uidep.Register(s)
	s.AddResource(&mcp.Resource{Name: "dash", URI: "ui://dashboard/index.html", Description: "d"}, read)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "apps", URITemplate: "ui://apps/{name}.html", Description: "d"}, read)

	s.AddTool(&mcp.Tool{Name: "renamed", Description: "d", InputSchema: schema, Meta: mcp.Meta{"ui": map[string]any{"resourceUri": "ui://dashboard/main.html"}}}, low) // want `tool "renamed": _meta.ui.resourceUri "ui://dashboard/main.html" matches no registered resource or template`

	// Near misses: a resource here, a template here, a resource of an imported package.
	s.AddTool(&mcp.Tool{Name: "dash", Description: "d", InputSchema: schema, Meta: mcp.Meta{"ui": map[string]any{"resourceUri": "ui://dashboard/index.html"}}}, low)
	s.AddTool(&mcp.Tool{Name: "app", Description: "d", InputSchema: schema, Meta: mcp.Meta{"ui": map[string]any{"resourceUri": "ui://apps/weather.html"}}}, low)
	s.AddTool(&mcp.Tool{Name: "chart", Description: "d", InputSchema: schema, Meta: mcp.Meta{"ui": map[string]any{"resourceUri": "ui://charts/chart.html"}}}, low)
}
