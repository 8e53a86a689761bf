// Package factorytool keeps tools that make their handler from what the server gives them
// (ssh-mcp's Handler(ctx, engine)), in a registry filled in init: package srv registers each
// with t.Handler(prefix).
package factorytool

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Tool makes its definition and, given the server's prefix, its handler.
type Tool interface {
	Definition() mcp.Tool
	Handler(prefix string) server.ToolHandlerFunc
}

// Registry holds the tools of the package.
var Registry []Tool

func init() { Registry = append(Registry, greet{}) }

type greet struct{}

func (greet) Definition() mcp.Tool {
	return mcp.NewTool("greet", mcp.WithDescription("Greets someone."), mcp.WithString("name", mcp.Required(), mcp.Description("Who to greet.")))
}

func (greet) Handler(prefix string) server.ToolHandlerFunc {
	return func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		name, err := req.RequireString("name")
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(prefix + name), nil
	}
}
