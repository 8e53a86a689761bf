// Package inv is github-mcp-server's inventory in small: a typed-signature handler called
// from a low-level handler that returns its result and error as they are.
package inv

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type ServerTool struct {
	Tool        mcp.Tool
	HandlerFunc func(deps any) mcp.ToolHandler
}

func NewServerToolWithContextHandler[In, Out any](tool mcp.Tool, handler mcp.ToolHandlerFor[In, Out]) ServerTool {
	return ServerTool{
		Tool: tool,
		HandlerFunc: func(_ any) mcp.ToolHandler {
			return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				var in In
				if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
					return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
				}
				resp, _, err := handler(ctx, req, in)
				return resp, err
			}
		},
	}
}

func (t ServerTool) Register(s *mcp.Server) { s.AddTool(&t.Tool, t.HandlerFunc(nil)) }
