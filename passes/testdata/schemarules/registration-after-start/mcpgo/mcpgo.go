// Package mcpgo adds mcp-go definitions once the server is serving, and near misses.
package mcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func h(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}

func New() *server.MCPServer {
	hooks := &server.Hooks{}
	var s *server.MCPServer
	hooks.AddAfterInitialize(func(ctx context.Context, id any, req *mcp.InitializeRequest, res *mcp.InitializeResult) {
		s.AddTool(mcp.NewTool("after_init", mcp.WithDescription("d")), h) // want `tool "after_init" is added in Hooks.AddAfterInitialize, which 2026-07-28 clients never trigger`
	})
	hooks.AddOnRegisterSession(func(ctx context.Context, session server.ClientSession) {
		_ = s.AddSessionTool(session.SessionID(), mcp.NewTool("mine", mcp.WithDescription("d")), h) // want `session tool "mine": 2026-07-28 has no sessions \(SEP-2567\), so its clients never list it; add it globally`
	})
	s = server.NewMCPServer("late", "1.0.0", server.WithHooks(hooks))
	s.AddTool(mcp.NewTool("search", mcp.WithDescription("d")), h)
	return s
}
