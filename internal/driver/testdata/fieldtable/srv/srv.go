// Package srv registers the tools of package kube through an adapter that turns their
// errors into IsError results with a helper.
package srv

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/fieldtable/kube"
	"example.com/fieldtable/toolset"
)

func New() *server.MCPServer {
	s := server.NewMCPServer("fieldtable", "1.0.0")
	for _, t := range kube.Tools() {
		s.AddTool(t.Tool, makeHandler(t))
	}
	return s
}

func makeHandler(t toolset.ServerTool) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		params := map[string]any{}
		for k, v := range req.GetArguments() {
			params[k] = v
		}
		out, err := t.Handler(ctx, params)
		return textResult(out, err), nil
	}
}

func textResult(out string, err error) *mcp.CallToolResult {
	if err != nil {
		return mcp.NewToolResultError(err.Error())
	}
	return mcp.NewToolResultText(out)
}
