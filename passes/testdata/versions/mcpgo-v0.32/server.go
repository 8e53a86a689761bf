// Package mcpgo032 is a server on mcp-go v0.32.0, which dereferences a nil tool result and
// crashes the process (measured; the null result came in v0.44, the -32603 in v1.2).
package mcpgo032

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func nilNil(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil // want `mcp-go v0\.32\.0 crashes a stdio server`
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("nothing", mcp.WithDescription("Returns nothing.")), nilNil)
}
