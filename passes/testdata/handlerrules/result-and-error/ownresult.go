package a

import (
	"context"
	"errors"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The server's own result type, converted into the SDK's by an adapter (podman's
// api.ToolCallResult): on a non-nil error the adapter returns only the error, so a result
// returned beside it is dropped.
type ownResult struct {
	Content string
	Err     error
}

type ownTool struct {
	Name    string
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

func requiredName(args map[string]any) (string, error) {
	name, ok := args["name"].(string)
	if !ok {
		return "", errors.New("name is required")
	}
	return name, nil
}

func newOwnResult(text string, err error) *ownResult { return &ownResult{Content: text, Err: err} }

var ownTools = []ownTool{
	{Name: "inspect", Handler: func(ctx context.Context, args map[string]any) (*ownResult, error) {
		name, err := requiredName(args)
		if err != nil {
			return newOwnResult("", err), err // want `result-and-error`
		}
		// Near miss: the error travels inside the result, the error result is nil.
		return newOwnResult(name, errors.New("not running")), nil
	}},
}

// Near miss: an adapter that keeps the result on error (it reports its content) does not
// drop it.
type keptTool struct {
	Handler func(ctx context.Context, args map[string]any) (*ownResult, error)
}

func keepingToSDK(t keptTool) gomcp.ToolHandler {
	return func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		res, err := t.Handler(ctx, nil)
		if err != nil {
			return nil, errors.Join(err, errors.New(res.Content))
		}
		return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: res.Content}}}, nil
	}
}

var _ = keepingToSDK(keptTool{Handler: func(ctx context.Context, args map[string]any) (*ownResult, error) {
	name, err := requiredName(args)
	if err != nil {
		return newOwnResult("partial", err), err
	}
	return newOwnResult(name, nil), nil
}})

var _ = ownToSDK
