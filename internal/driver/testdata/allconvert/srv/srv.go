// Package srv builds the module's one server, with a middleware that turns handler errors
// into tool results, and registers the services' tools by name.
package srv

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/allconvert/svc"
)

func toolErrors(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

// New builds the server.
func New(services []svc.Service) *server.MCPServer {
	s := server.NewMCPServer("allconvert", "1.0.0")
	s.Use(toolErrors)
	for _, service := range services {
		handlers := service.Handlers()
		for _, t := range service.Tools() {
			if h, ok := handlers[t.Name]; ok {
				s.AddTool(t, h)
			}
		}
	}
	return s
}
