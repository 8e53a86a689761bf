// Package pinned: a server whose transport is pinned to the session-oriented revisions, as
// mcp-go's documentation advises for per-session tools. Nothing is reported.
package pinned

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func h(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}

func New() *server.StreamableHTTPServer {
	hooks := &server.Hooks{}
	var s *server.MCPServer
	hooks.AddOnRegisterSession(func(ctx context.Context, session server.ClientSession) {
		_ = s.AddSessionTool(session.SessionID(), mcp.NewTool("mine", mcp.WithDescription("d")), h)
	})
	s = server.NewMCPServer("pinned", "1.0.0", server.WithHooks(hooks))
	return server.NewStreamableHTTPServer(s, server.WithStreamableHTTPProtocolVersions(mcp.ProtocolVersion20251125, mcp.ProtocolVersion20250618))
}
