package a

import (
	"context"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A converting middleware that hands next on to the function that builds the handler.
func convertWith(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return convertImpl(next)
}

func convertImpl(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

// chainedOn's body is in a helper, registered through two functions on the converting
// server: a near miss.
func chainedOn(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return chainedOnImpl(ctx, req)
}

func chainedOnImpl(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/chained")
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return mcp.NewToolResultText("up"), nil
}

// chainedOff is the same on a server without it.
func chainedOff(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return chainedOffImpl(ctx, req)
}

func chainedOffImpl(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/chained")
	if err != nil {
		return nil, err // want `http.Get failed upstream`
	}
	resp.Body.Close()
	return mcp.NewToolResultText("up"), nil
}

func NewChained() {
	registerOuter(server.NewMCPServer("chained", "1.0.0", server.WithToolHandlerMiddleware(convertWith)))
	plain := server.NewMCPServer("plain-chained", "1.0.0")
	plain.AddTool(mcp.NewTool("chained_off"), chainedOff)
}

func registerOuter(s *server.MCPServer) {
	registerInner(s)
}

func registerInner(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("chained_on"), chainedOn)
}
