// Package tools builds definitions that package conditional registers.
package tools

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// NewPurgeTool is registered by package conditional only when the tool is not excluded.
func NewPurgeTool() mcp.Tool {
	return mcp.NewTool("purge", mcp.WithDescription("Purge the cache."))
}

// NewStatsTool is registered whatever holds.
func NewStatsTool() mcp.Tool {
	return mcp.NewTool("stats", mcp.WithDescription("Cache statistics."))
}

// Registration registers one tool through the closure in its RegisterWith field: the
// conditions are those of the calls of that field in package conditional.
type Registration struct {
	Write        bool
	RegisterWith func(s *server.MCPServer)
}

// Registrations are the write tools package conditional skips in read-only mode.
func Registrations() []Registration {
	return []Registration{
		{Write: true, RegisterWith: func(s *server.MCPServer) {
			s.AddTool(mcp.NewTool("drop_table", mcp.WithDescription("Drop a table.")), handle)
		}},
	}
}

// Always is called whatever holds: its closure's tool is no conditional tool.
type Always struct {
	RegisterWith func(s *server.MCPServer)
}

// Ping is registered through Always.
func Ping() Always {
	return Always{RegisterWith: func(s *server.MCPServer) {
		s.AddTool(mcp.NewTool("ping", mcp.WithDescription("Ping.")), handle)
	}}
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}

// VMList is registered from a table of definition functions written out in package
// conditional: whatever holds.
func VMList() mcp.Tool {
	return mcp.NewTool("vm_list", mcp.WithDescription("Lists VMs."))
}
