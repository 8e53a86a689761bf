package a

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/mark3labs/mcp-go/mcp"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

func fetch(ctx context.Context) (string, error) { return "", nil }

func m3(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, err := fetch(ctx)
	if err != nil {
		return mcp.NewToolResultError("failed to fetch"), nil // want `tool error result drops err, so the model cannot tell what failed`
	}
	if _, err := fetch(ctx); err != nil {
		return mcp.NewToolResultError("fetch failed: " + err.Error()), nil // carries the error's text: fine
	}
	if _, err := fetch(ctx); err != nil {
		return mcp.NewToolResultErrorFromErr("fetch failed", err), nil
	}
	return mcp.NewToolResultText(v), nil
}

func typed(ctx context.Context, req *gomcp.CallToolRequest, in struct{}) (*gomcp.CallToolResult, any, error) {
	_, err := fetch(ctx)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return nil, nil, fmt.Errorf("path %s: %v", pe.Path, pe) // want `preserve-cause-on-rethrow`
	}
	if err != nil {
		return nil, nil, fmt.Errorf("fetch: %v", err) // want `fmt.Errorf formats err with %v instead of wrapping it with %w`
	}
	if err := errors.Unwrap(err); err != nil {
		return nil, nil, fmt.Errorf("fetch: %w", err)
	}
	return nil, nil, fmt.Errorf("outside any error branch: %v", errors.New("x"))
}

// Near misses seen on real servers (aks-mcp): the text is built from the error first, then
// the result from the text; and the result returned beside the error itself.
func m3Derived(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := fetch(ctx); err != nil {
		errMsg := fmt.Sprintf("failed to execute command: %v", err)
		return mcp.NewToolResultError(errMsg), nil // errMsg carries err: fine
	}
	if _, err := fetch(ctx); err != nil {
		//mcplint:ignore result-and-error this fixture is about the cause; result-and-error has its own
		return mcp.NewToolResultError("fetch failed"), err // err is returned in the same statement: not dropped
	}
	return mcp.NewToolResultText("ok"), nil
}

// A type switch over an argument's value binds a value, not an error in hand.
func m3TypeSwitch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch v := req.GetArguments()["n"].(type) {
	case float64:
		return mcp.NewToolResultText(fmt.Sprint(v)), nil
	default:
		return mcp.NewToolResultError("n must be a number"), nil // v is an argument value: fine
	}
}
