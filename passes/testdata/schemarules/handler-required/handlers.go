// Package handlers: definitions registered without a handler.
package handlers

import (
	"context"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Args struct {
	Q string `json:"q" jsonschema:"q"`
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "nil", Description: "d", InputSchema: map[string]any{"type": "object"}}, nil) // want `tool "nil" has a nil handler: the first call panics; pass the handler`
	mcp.AddTool[Args, any](s, &mcp.Tool{Name: "typednil", Description: "d"}, nil)                           // want `tool "typednil" has a nil handler`
	s.AddResource(&mcp.Resource{Name: "r", URI: "file:///r", Description: "d"}, nil)                        // want `resource "r" has a nil handler`
	// Prompts are prompt-handler-required's.
	s.AddPrompt(&mcp.Prompt{Name: "p", Description: "d"}, nil)
}

func m3Handler(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	return nil, nil
}

func RegisterM3(s *server.MCPServer) {
	s.AddTool(m3.NewTool("m3nil", m3.WithDescription("d")), nil) // want `tool "m3nil" has a nil handler`
	s.AddTools(
		server.ServerTool{Tool: m3.NewTool("m3omitted", m3.WithDescription("d"))}, // want `tool "m3omitted" is registered without a Handler, so the first call panics; set Handler`
		server.ServerTool{Tool: m3.NewTool("m3ok", m3.WithDescription("d")), Handler: m3Handler},
	)
}
