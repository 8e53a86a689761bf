// Package srv registers the table of package tools, handing each function the session.
package srv

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ownsession/tools"
)

// Register adds every tool of the table to srv.
func Register(srv *server.MCPServer, s *tools.Session) {
	for _, t := range tools.Tools {
		t := t
		srv.AddTool(t.Tool, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return t.Handler(ctx, req, s)
		})
	}
}
