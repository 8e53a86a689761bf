// Package layer is a tool layer in a package of its own: its adapters' mappings reach the
// handlers of package a as facts.
package layer

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Gateway returns the wrapped function's error as the low-level handler's: a JSON-RPC error.
func Gateway[T any](fn func(context.Context, T) (string, error)) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in T
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		text, err := fn(ctx, in)
		if err != nil {
			return nil, err
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
	}
}

// HardError is the layer's convention for a failure the client gets as a JSON-RPC error.
type HardError struct{ Msg string }

func (e *HardError) Error() string { return e.Msg }

// Soft makes every error a tool error except a *HardError.
func Soft[T any](fn func(context.Context, T) (string, error)) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in T
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		text, err := fn(ctx, in)
		if err != nil {
			var hard *HardError
			if errors.As(err, &hard) {
				return nil, err
			}
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
	}
}

// Lower hands a typed handler's result and error to a low-level handler unchanged
// (github-mcp-server's NewServerToolWithContextHandler): the typed handler's error is a
// JSON-RPC error, whatever its signature suggests.
func Lower[In, Out any](h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in In
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		res, _, err := h(ctx, req, in)
		return res, err
	}
}
