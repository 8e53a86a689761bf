package mcpgo032

// Revision-dependent findings on mcp-go v0.32.0, which speaks up to 2025-03-26: the server
// ignores x-mcp-header (only 2026-07-28 clients judge it), and per-session tools work (there
// are sessions). mcpgo-v1.2 holds the same code.

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func h(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}

func headerOption(name string) mcp.PropertyOption {
	return func(schema map[string]any) { schema["x-mcp-header"] = name }
}

func NewServer() *server.MCPServer {
	hooks := &server.Hooks{}
	var s *server.MCPServer
	hooks.AddOnRegisterSession(func(ctx context.Context, session server.ClientSession) {
		_ = s.AddSessionTool(session.SessionID(), mcp.NewTool("mine", mcp.WithDescription("Per session.")), h)
	})
	s = server.NewMCPServer("rev", "1.0.0", server.WithHooks(hooks))
	s.AddTool(mcp.NewTool("limit", mcp.WithDescription("Has a header."),
		mcp.WithNumber("limit", mcp.Description("How many."), headerOption("Limit")), // want `tool "limit": x-mcp-header on "limit", type "number": 2026-07-28 clients drop it`
	), h)
	return s
}
