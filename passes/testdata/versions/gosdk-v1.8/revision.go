package gosdk18

// Revision-dependent findings on go-sdk v1.8.0, which speaks 2026-07-28: AddTool
// panics on a bad x-mcp-header (SEP-2243), and a tool registered when a
// session initializes is one stateless clients never list (SEP-2575). gosdk-v1.6 holds the same code.

import (
	"context"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

var header = &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
	"owner": {Type: "string", Description: "the owner", Extra: map[string]any{"x-mcp-header": "Repo Owner"}}, // want `tool "header": x-mcp-header of "owner" contains a space: go-sdk panics at start-up`
}}

func NewServer() *mcp.Server {
	var s *mcp.Server
	s = mcp.NewServer(&mcp.Implementation{Name: "rev", Version: "1.0.0"}, &mcp.ServerOptions{
		InitializedHandler: func(ctx context.Context, req *mcp.InitializedRequest) {
			s.AddTool(&mcp.Tool{Name: "late", Description: "Added late.", InputSchema: map[string]any{"type": "object"}}, low) // want `tool "late" is added in InitializedHandler, which 2026-07-28 clients never trigger`
		},
	})
	s.AddTool(&mcp.Tool{Name: "header", Description: "Has a header.", InputSchema: header}, low)
	return s
}
