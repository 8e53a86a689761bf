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

// The adapter written as a closure: returned by a constructor that takes its settings, or
// held by a package variable. The field it calls comes from the closure's caller all the same.
type prefixedTool struct {
	Handler func(ctx context.Context) (*ownResult, error)
}

func newPrefixedToSDK(prefix string) func(prefixedTool) gomcp.ToolHandler {
	return func(t prefixedTool) gomcp.ToolHandler {
		return func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
			res, err := t.Handler(ctx)
			if err != nil {
				return nil, err
			}
			return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: prefix + res.Content}}}, nil
		}
	}
}

var prefixedToSDK = newPrefixedToSDK("k8s: ")

var _ = prefixedToSDK(prefixedTool{Handler: func(ctx context.Context) (*ownResult, error) {
	if ctx.Err() != nil {
		return nil, nil // want `the adapter dereferences it and panics`
	}
	return &ownResult{Content: "pods"}, nil
}})

type heldTool struct {
	Handler func(ctx context.Context) (*ownResult, error)
}

var heldToSDK = func(t heldTool) gomcp.ToolHandler {
	return func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		res, err := t.Handler(ctx)
		if err != nil {
			return nil, err
		}
		return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: res.Content}}}, nil
	}
}

var _ = heldToSDK(heldTool{Handler: func(ctx context.Context) (*ownResult, error) {
	if ctx.Err() != nil {
		return nil, nil // want `the adapter dereferences it and panics`
	}
	return &ownResult{Content: "nodes"}, nil
}})

// Near miss: the closure adapter tests the result for nil.
type checkedPrefixedTool struct {
	Handler func(ctx context.Context) (*ownResult, error)
}

func newCheckedPrefixedToSDK(prefix string) func(checkedPrefixedTool) gomcp.ToolHandler {
	return func(t checkedPrefixedTool) gomcp.ToolHandler {
		return func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
			res, err := t.Handler(ctx)
			if err != nil {
				return nil, err
			}
			if res == nil {
				return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: prefix + "nothing"}}}, nil
			}
			return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: prefix + res.Content}}}, nil
		}
	}
}

var checkedPrefixedToSDK = newCheckedPrefixedToSDK("k8s: ")

var _ = checkedPrefixedToSDK(checkedPrefixedTool{Handler: func(ctx context.Context) (*ownResult, error) {
	if ctx.Err() != nil {
		return nil, nil
	}
	return &ownResult{Content: "services"}, nil
}})
