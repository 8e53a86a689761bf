// Package names: definitions without a name.
package names

import (
	"context"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return nil, nil
}

func Register(s *mcp.Server, dynamic string) {
	s.AddTool(&mcp.Tool{Description: "no name"}, low)                      // want `tool has no name: clients cannot call it; give it a name`
	s.AddTool(&mcp.Tool{Name: "", Description: "empty"}, low)              // want `tool has an empty name`
	s.AddResource(&mcp.Resource{URI: "file:///a", Description: "d"}, read) // want `resource has no name: the MCP spec requires one; give it a name`
	s.AddPrompt(&mcp.Prompt{Name: "  ", Description: "d"}, nil)            // want `prompt has an empty name: clients cannot fetch it; give it a name`

	// Near misses.
	s.AddTool(&mcp.Tool{Name: "ok", Description: "d"}, low)
	s.AddTool(&mcp.Tool{Name: dynamic, Description: "d"}, low)
	later := &mcp.Tool{Description: "named below"}
	later.Name = "later"
	s.AddTool(later, low)
}

func M3() m3.Tool {
	return m3.NewTool("", m3.WithDescription("d")) // want `tool has an empty name`
}
