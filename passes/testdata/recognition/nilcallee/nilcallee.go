// Package nilcallee names tools with calls that have no static callee (a function-valued
// variable, a func field): recognition must mark them dynamic, not crash.
package nilcallee

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var toolName = func() string { return "echo" }

type naming struct{ name func() string }

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool mark3labs MarkLabsTool errors=protocol registered`
	return mcp.NewToolResultText("ok"), nil
}

func register(s *server.MCPServer, n naming) {
	s.AddTool(mcp.NewTool(toolName(), mcp.WithDescription("Echo")), handle) // want `def tool mark3labs name=dynamic desc="Echo" defaults registered handler=handle`
	s.AddTool(mcp.NewTool(n.name()), handle)                                // want `def tool mark3labs name=dynamic defaults registered handler=handle`
}
