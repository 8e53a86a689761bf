package a

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Near miss: a middleware passes the inner handler's result on; it is nil only where the inner
// handler returned (nil, nil), which is the inner handler's finding (bitrise-mcp's tracing
// middleware tests `result != nil` before reading IsError).
func traced(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		result, err := next(ctx, req)
		if err != nil {
			return result, err
		}
		if result != nil && result.IsError {
			log.Print("tool error")
		}
		return result, nil
	}
}

// A middleware that makes the nil itself is reported.
func swallowing(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		result, err := next(ctx, req)
		if err != nil {
			return nil, nil // want `tool handler returns \(nil, nil\)`
		}
		return result, nil
	}
}

func newTracedServer() *server.MCPServer {
	return server.NewMCPServer("traced", "1.0.0", server.WithToolHandlerMiddleware(traced), server.WithToolHandlerMiddleware(swallowing))
}
