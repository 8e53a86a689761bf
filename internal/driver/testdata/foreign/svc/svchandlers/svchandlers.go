// Package svchandlers holds the handlers of package svc: a handler function and a factory of
// one (cloud-native-mcp-server's services/*/handlers).
package svchandlers

import (
	"context"
	"fmt"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// HandleTime formats the current time.
func HandleTime(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(time.Now().Format(req.GetString("layout", time.RFC3339))), nil
}

// HandleSleep makes the sleep tool's handler.
func HandleSleep(limit float64) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		seconds, err := req.RequireFloat("seconds")
		if err != nil {
			return nil, fmt.Errorf("seconds: %w", err)
		}
		if seconds > limit {
			return mcp.NewToolResultError("too long"), nil
		}
		return mcp.NewToolResultText("done"), ctx.Err()
	}
}
