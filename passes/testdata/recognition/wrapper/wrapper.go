// Package wrapper registers tools through its own abstraction, as most real servers do.
package wrapper

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type ServerTool struct {
	Tool    mcp.Tool
	Handler mcp.ToolHandler
	Toolset string
}

// NewTool is the repository's own registrar.
func NewTool(toolset string, tool mcp.Tool, h mcp.ToolHandler) ServerTool {
	return ServerTool{Tool: tool, Handler: h, Toolset: toolset}
}

func GetMe() ServerTool {
	return NewTool("users", mcp.Tool{Name: "get_me", Description: "Who am I"}, // want `def tool go-sdk name="get_me" desc="Who am I" handler=literal`
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol registered`
			return &mcp.CallToolResult{}, nil
		})
}

// Two handlers in one call are ambiguous: neither is linked.
func Ambiguous() []mcp.ToolHandler {
	return []mcp.ToolHandler{
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil }, // want `handler tool go-sdk GoSDKTool errors=protocol unregistered`
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil }, // want `handler tool go-sdk GoSDKTool errors=protocol unregistered`
	}
}
