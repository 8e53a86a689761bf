package a

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A server whose middleware answers handler errors with tool results: its handlers' argument
// errors reach the model. The same body on a server without it is reported.

func greetOn(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return nil, err // near miss: the middleware sends it as a tool result
	}
	return mcp.NewToolResultText("hello " + name), nil
}

func greetOff(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return nil, err // want `the model never sees this argument error sent as JSON-RPC`
	}
	return mcp.NewToolResultText("hello " + name), nil
}

func asToolErrors(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

func NewGreeters() {
	opts := []server.ServerOption{server.WithRecovery()}
	opts = append(opts, server.WithToolHandlerMiddleware(asToolErrors))
	on := server.NewMCPServer("on", "1.0.0", opts...)
	on.AddTool(mcp.NewTool("greet"), greetOn)

	off := server.NewMCPServer("off", "1.0.0", server.WithRecovery())
	off.AddTool(mcp.NewTool("greet"), greetOff)
}
