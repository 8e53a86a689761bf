// Package mcpgo12 is the code of mcpgo-v0.32 on mcp-go v1.2.1, which answers a nil tool
// result with -32603 "handler returned no result" instead of panicking.
package mcpgo12

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func nilNil(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil // want `mcp-go v1\.2\.1 sends JSON-RPC -32603`
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("nothing", mcp.WithDescription("Returns nothing.")), nilNil)
}
