// Package m3 copies its own tool type into mark3labs' mcp.NewTool inside a loop.
package m3

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Def struct {
	Name, Desc string
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool mark3labs MarkLabsTool errors=protocol registered`
	return mcp.NewToolResultText("ok"), nil
}

var defs = []Def{
	{Name: "echo", Desc: "Echo the input"}, // want `def tool mark3labs name="echo" desc="Echo the input" defaults registered own=Def`
	{Name: "ping"},                         // want `def tool mark3labs name="ping" defaults registered own=Def`
}

func Register(s *server.MCPServer) {
	for _, d := range defs {
		s.AddTool(mcp.NewTool(d.Name, mcp.WithDescription(d.Desc)), handle) // want `def tool mark3labs name=dynamic desc=dynamic defaults registered handler=handle converter`
	}
}
