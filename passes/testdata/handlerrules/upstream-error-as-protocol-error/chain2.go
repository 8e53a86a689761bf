package a

import (
	"context"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Converting middleware written other ways: the handler held in a variable, a named result
// returned bare.
func convertHeld(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	h := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
	return h
}

func convertNamed(next server.ToolHandlerFunc) (h server.ToolHandlerFunc) {
	h = func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		res, err = next(ctx, req)
		if err != nil {
			res, err = mcp.NewToolResultError(err.Error()), nil
		}
		return
	}
	return
}

// Near misses: registered on those servers, one through a split delegate whose target has an
// SDK handler's own signature.
func heldOn(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := heldOnImpl(ctx, req)
	return res, err
}

func heldOnImpl(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/held")
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return mcp.NewToolResultText("up"), nil
}

func namedOn(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/named")
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return mcp.NewToolResultText("up"), nil
}

func NewHeldServers() {
	held := server.NewMCPServer("held", "1.0.0", server.WithToolHandlerMiddleware(convertHeld))
	held.AddTool(mcp.NewTool("held_on"), heldOn)
	named := server.NewMCPServer("named", "1.0.0", server.WithToolHandlerMiddleware(convertNamed))
	named.AddTool(mcp.NewTool("named_on"), namedOn)
}
