// Package mw holds middleware another package installs on its server.
package mw

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Limiter struct{ open bool }

// Middleware is a method returning the middleware, as servers write them.
func (l *Limiter) Middleware() server.ToolHandlerMiddleware {
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool mark3labs MarkLabsTool errors=protocol unregistered via=sdk-typed`
			res, err := next(ctx, req)
			if err != nil {
				return mcp.NewToolResultErrorFromErr("tool failed", err), nil
			}
			return res, nil
		}
	}
}

// Passing returns every error it gets.
func Passing(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool mark3labs MarkLabsTool errors=protocol unregistered via=sdk-typed`
		return next(ctx, req)
	}
}
