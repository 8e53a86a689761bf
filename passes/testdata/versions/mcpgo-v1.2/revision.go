package mcpgo12

// Revision-dependent findings on mcp-go v1.2.1, which speaks 2026-07-28: AddTool
// panics on a bad x-mcp-header (SEP-2243), and per-session tools are never listed to
// stateless clients (SEP-2567). mcpgo-v0.32 holds the same code.

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
		_ = s.AddSessionTool(session.SessionID(), mcp.NewTool("mine", mcp.WithDescription("Per session.")), h) // want `session tool "mine": 2026-07-28 has no sessions`
	})
	s = server.NewMCPServer("rev", "1.0.0", server.WithHooks(hooks))
	s.AddTool(mcp.NewTool("limit", mcp.WithDescription("Has a header."),
		mcp.WithNumber("limit", mcp.Description("How many."), headerOption("Limit")), // want `tool "limit": x-mcp-header on "limit", type "number": mcp-go panics at start-up`
	), h)
	return s
}
