// Package twosdks builds a go-sdk server and a mark3labs server side by side: each lists only
// the tools of its own SDK, so each is judged on its own list. The go-sdk tools cost more than
// the budget of 50; the one mark3labs tool (about 44) does not (near miss).
package twosdks

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	return nil, nil
}

func ping(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("pong"), nil
}

func Serve() {
	s := gosdk.NewServer(&gosdk.Implementation{Name: "books", Version: "1.0.0"}, nil) // want `2 tools use about \d+ context tokens per request \(budget 50\)`
	s.AddTool(&gosdk.Tool{Name: "search", Description: "Search the catalog by title, author or subject, newest first.", InputSchema: map[string]any{"type": "object"}}, low)
	s.AddTool(&gosdk.Tool{Name: "lookup", Description: "Look up one book by its catalog identifier and return every field.", InputSchema: map[string]any{"type": "object"}}, low)

	ms := server.NewMCPServer("ping", "1.0.0")
	ms.AddTool(mcp.NewTool("ping"), ping)
}
