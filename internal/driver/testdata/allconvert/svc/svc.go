// Package svc is a service whose handlers package srv finds by name through an interface:
// recognition links them to no registration.
package svc

import (
	"context"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Service hands out its tools and their handlers by name.
type Service interface {
	Tools() []mcp.Tool
	Handlers() map[string]server.ToolHandlerFunc
}

// Status is the status service.
type Status struct{}

func (Status) Tools() []mcp.Tool {
	return []mcp.Tool{mcp.NewTool("status", mcp.WithDescription("Says whether the site is up."))}
}

func (Status) Handlers() map[string]server.ToolHandlerFunc {
	return map[string]server.ToolHandlerFunc{"status": status}
}

// status returns the failed request's error: every server of the module turns it into a
// tool result.
func status(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/status")
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return mcp.NewToolResultText("up"), nil
}
