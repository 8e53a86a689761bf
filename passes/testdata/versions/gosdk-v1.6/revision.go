package gosdk16

// Revision-dependent findings on go-sdk v1.6.1, which speaks up to 2025-11-25: the server
// ignores x-mcp-header (only 2026-07-28 clients judge it), and registering a tool when a
// session initializes is fine (no stateless clients). gosdk-v1.8 holds the same code.

import (
	"context"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

var header = &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
	"owner": {Type: "string", Description: "the owner", Extra: map[string]any{"x-mcp-header": "Repo Owner"}}, // want `tool "header": x-mcp-header of "owner" contains a space: 2026-07-28 clients drop it`
}}

func NewServer() *mcp.Server {
	var s *mcp.Server
	s = mcp.NewServer(&mcp.Implementation{Name: "rev", Version: "1.0.0"}, &mcp.ServerOptions{
		InitializedHandler: func(ctx context.Context, req *mcp.InitializedRequest) {
			s.AddTool(&mcp.Tool{Name: "late", Description: "Added late.", InputSchema: map[string]any{"type": "object"}}, low)
		},
	})
	s.AddTool(&mcp.Tool{Name: "header", Description: "Has a header.", InputSchema: header}, low)
	return s
}
