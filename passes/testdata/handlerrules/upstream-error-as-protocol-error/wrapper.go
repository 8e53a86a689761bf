package a

import (
	"context"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A server's own tool type whose handlers, though SDK-typed, reach the SDK only through
// wrapTool, which answers their errors with tool results (container-use's shape).
type Tool struct {
	Definition mcp.Tool
	Handler    server.ToolHandlerFunc
}

func wrapTool(t *Tool) *Tool {
	return &Tool{
		Definition: t.Definition,
		Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			res, err := t.Handler(ctx, req)
			if err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}
			return res, nil
		},
	}
}

func wrappedTools() []*Tool {
	return []*Tool{{
		Definition: mcp.NewTool("wrapped_status"),
		Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			resp, err := http.Get("https://example.com/status")
			if err != nil {
				return nil, err // near miss: wrapTool turns it into a tool result
			}
			resp.Body.Close()
			return mcp.NewToolResultText("up"), nil
		},
	}}
}

func RegisterWrapped(s *server.MCPServer) {
	for _, t := range wrappedTools() {
		s.AddTool(t.Definition, wrapTool(t).Handler)
	}
}
