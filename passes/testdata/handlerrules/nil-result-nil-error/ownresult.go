package a

import (
	"context"
	"errors"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The server's own result type, read by its adapter after the error test without a nil test
// (podman's result.Content): (nil, nil) panics in the adapter.
type ownResult struct{ Content string }

type ownTool struct {
	Handler func(ctx context.Context, args map[string]any) (*ownResult, error)
}

func ownToSDK(t ownTool) gomcp.ToolHandler {
	return func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		res, err := t.Handler(ctx, nil)
		if err != nil {
			return nil, err
		}
		return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: res.Content}}}, nil
	}
}

var ownTools = []ownTool{
	{Handler: func(ctx context.Context, args map[string]any) (*ownResult, error) {
		if args == nil {
			return nil, nil // want `the adapter dereferences it and panics`
		}
		return &ownResult{Content: "ok"}, nil
	}},
}

// Near miss: an adapter that tests the result for nil.
type checkedTool struct {
	Handler func(ctx context.Context) (*ownResult, error)
}

func checkedToSDK(t checkedTool) gomcp.ToolHandler {
	return func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		res, err := t.Handler(ctx)
		if err != nil {
			return nil, err
		}
		if res == nil {
			return &gomcp.CallToolResult{IsError: true}, nil
		}
		return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: res.Content}}}, nil
	}
}

var _ = checkedToSDK(checkedTool{Handler: func(ctx context.Context) (*ownResult, error) {
	if ctx == nil {
		return nil, nil
	}
	return nil, errors.New("x")
}})

var _ = ownToSDK
