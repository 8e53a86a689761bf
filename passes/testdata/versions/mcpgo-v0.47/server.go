// Package mcpgo047 is a server on mcp-go v0.47.1, which sends a tool handler's (nil, nil) as a
// null result (measured: v0.44 to v1.1; earlier versions crash, v1.2 answers -32603).
package mcpgo047

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func nilNil(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil // want `tool handler returns \(nil, nil\): mcp-go v0\.47\.1 sends a null result; return a result or an error`
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("nothing", mcp.WithDescription("Returns nothing.")), nilNil)
}

// mcp-go before v1.1 does not recover a handler's panic: the process exits.
func byName(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(req.GetArguments()["name"].(string)), nil // want `panics on another type: mcp-go v0\.47\.1 crashes a stdio server; use the two-value form`
}

// New builds the server without server.WithRecovery().
func New() *server.MCPServer {
	s := server.NewMCPServer("names", "v1")
	s.AddTool(mcp.NewTool("by_name", mcp.WithDescription("Finds by name.")), byName)
	return s
}
