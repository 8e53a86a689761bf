// Package layer calls its handlers through an interface, as aks-mcp's tools package does:
// the interface method's fact makes their implementations handlers in other packages.
package layer

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

type Executor interface {
	Execute(ctx context.Context, args map[string]any) (string, error)
}

// ExecutorFunc makes a function an Executor.
type ExecutorFunc func(ctx context.Context, args map[string]any) (string, error)

func (f ExecutorFunc) Execute(ctx context.Context, args map[string]any) (string, error) {
	return f(ctx, args)
}

// Handler turns the executor's error into a tool error result.
func Handler(ex Executor) func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args, ok := req.Params.Arguments.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("arguments must be an object"), nil
		}
		out, err := ex.Execute(ctx, args)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(out), nil
	}
}
