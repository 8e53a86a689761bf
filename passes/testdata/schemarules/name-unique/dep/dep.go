// Package dep registers tools that the package importing it registers again, and defines one
// it leaves to others.
package dep

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "shared", Description: "d"}, low)
	s.AddTool(&mcp.Tool{Name: "only_dep", Description: "d"}, low)
}

func OnlyDefined() *mcp.Tool { return &mcp.Tool{Name: "only_defined", Description: "d"} }

// Add is a registrar of the module: it hands its tool to the SDK.
func Add(s *mcp.Server, t *mcp.Tool, h mcp.ToolHandler) { s.AddTool(t, h) }

// Describe only reads its tool: no registrar.
func Describe(t *mcp.Tool) string { return t.Name + ": " + t.Description }
