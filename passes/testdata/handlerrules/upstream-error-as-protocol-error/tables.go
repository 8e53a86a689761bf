package a

import (
	"context"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Two tables of one element type, one registered on a converting server and one on a plain
// server: each handler takes the wire of the server its own table is registered on.

type tableEntry struct {
	name    string
	handler func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error)
}

func tableOn(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/on")
	if err != nil {
		return nil, err // near miss: the converting middleware answers with a tool result
	}
	resp.Body.Close()
	return mcp.NewToolResultText("on"), nil
}

func tableOff(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/off")
	if err != nil {
		return nil, err // want `http.Get failed upstream`
	}
	resp.Body.Close()
	return mcp.NewToolResultText("off"), nil
}

var (
	onTable  = []tableEntry{{"on", tableOn}}
	offTable = []tableEntry{{"off", tableOff}}
)

func NewTableServers() {
	on := server.NewMCPServer("on", "1.0.0", server.WithToolHandlerMiddleware(convertWith))
	for _, e := range onTable {
		on.AddTool(mcp.NewTool(e.name), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return e.handler(ctx, req)
		})
	}
	off := server.NewMCPServer("off", "1.0.0")
	for _, e := range offTable {
		off.AddTool(mcp.NewTool(e.name), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return e.handler(ctx, req)
		})
	}
}
