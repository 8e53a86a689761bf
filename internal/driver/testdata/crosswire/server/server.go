// Package server builds the servers and registers the handlers of package handlers.
package server

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/crosswire/handlers"
)

// toolErrorsAsResults answers a failed tools/call with an IsError result.
func toolErrorsAsResults(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if err != nil && method == "tools/call" {
			r := &mcp.CallToolResult{}
			r.SetError(err)
			return r, nil
		}
		return res, err
	}
}

// New returns a converting server and a plain one.
func New() (*mcp.Server, *mcp.Server) {
	h := &handlers.H{}
	converting := mcp.NewServer(&mcp.Implementation{Name: "converting", Version: "1.0.0"}, nil)
	converting.AddReceivingMiddleware(toolErrorsAsResults)
	converting.AddTool(&mcp.Tool{Name: "converted", Description: "d", InputSchema: &jsonObject}, h.Converted)
	converting.AddTool(&mcp.Tool{Name: "delegating", Description: "d", InputSchema: &jsonObject}, h.Delegating)
	converting.AddTool(&mcp.Tool{Name: "status", Description: "d", InputSchema: &jsonObject}, handlers.Status)
	converting.AddTool(&mcp.Tool{Name: "quote", Description: "d", InputSchema: &jsonObject}, quote)

	plain := mcp.NewServer(&mcp.Implementation{Name: "plain", Version: "1.0.0"}, nil)
	plain.AddTool(&mcp.Tool{Name: "plain", Description: "d", InputSchema: &jsonObject}, h.Plain)
	return converting, plain
}

var jsonObject = map[string]any{"type": "object"}

// quote's body is a function of package handlers.
func quote(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return handlers.Quote(ctx, req)
}
