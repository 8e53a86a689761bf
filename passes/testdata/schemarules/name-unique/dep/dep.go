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
