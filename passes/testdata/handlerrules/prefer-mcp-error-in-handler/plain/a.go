package a

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func typed(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	if ctx == nil {
		return nil, nil, errors.New("no context") // want `error has no MCP code: the client gets no code to act on`
	}
	if req == nil {
		return nil, nil, fmt.Errorf("no request %d", 1) // want `prefer-mcp-error-in-handler`
	}
	err := errors.New("x")
	if in == struct{}{} {
		return nil, nil, fmt.Errorf("wrapped: %w", err) // want `error has no MCP code`
	}
	return nil, nil, fmt.Errorf("wrapped: %w", ctx.Err()) // may wrap a coded error: silent
}

// Protocol-error handlers cannot choose a code this way: silent.
func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("x")
}
