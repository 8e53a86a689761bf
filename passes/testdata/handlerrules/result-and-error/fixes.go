package a

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

func count(ctx context.Context) (int, error) { return 0, nil }

// The fix keeps the isError result the author built and drops the error beside it.
func keepResult(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, err := count(ctx)
	if err != nil {
		return mcp.NewToolResultError("count failed: " + err.Error()), fmt.Errorf("count: %w", err) // want `the isError result beside this error never reaches the client; return it with a nil error`
	}
	return mcp.NewToolResultText(fmt.Sprint(n)), nil
}

// Near miss for the fix: limit is read only in the error, so deleting it would leave limit
// declared and not used; the finding stays, without a fix.
func noFixUnusedVariable(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	limit := req.GetInt("limit", 10)
	return mcp.NewToolResultError("too many"), fmt.Errorf("limit %d exceeded", limit) // want `tool result returned beside an error never reaches the client; return one or the other`
}

// Near miss for the fix: a success result beside an error; which one the author meant is
// theirs to decide.
func noFixSuccessResult(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, err := count(ctx)
	if err != nil {
		return mcp.NewToolResultText(fmt.Sprint(n)), err // want `tool result returned beside an error never reaches the client; return one or the other`
	}
	return mcp.NewToolResultText(fmt.Sprint(n)), nil
}
