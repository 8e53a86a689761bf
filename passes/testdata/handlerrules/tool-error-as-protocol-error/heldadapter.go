package a

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type converters struct{}

// toToolError turns the wrapped handler's error into a tool error.
func (*converters) toToolError(fn server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := fn(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

// heldConvert is the converting adapter, called through a package variable that holds it.
var heldConvert = (&converters{}).toToolError

func heldEcho(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := req.RequireString("text")
	if err != nil {
		return nil, err // Near miss: heldConvert turns it into a tool error.
	}
	return mcp.NewToolResultText(text), nil
}

func registerHeld(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("held_echo", mcp.WithDescription("Echoes.")), heldConvert(heldEcho))
}
