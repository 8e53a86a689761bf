// Package mcpgo032 is a server on mcp-go v0.32.0, which dereferences a nil tool result
// (the "handler returned no result" error came in v1.2.0).
package mcpgo032

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func nilNil(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil // want `mark3labs v0\.32\.0 panics`
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("nothing", mcp.WithDescription("Returns nothing.")), nilNil)
}
