package a

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/handlerrules/tool-error-as-protocol-error/layer"
)

func requireString(args map[string]any, key string) (string, error) {
	v, ok := args[key].(string)
	if !ok {
		return "", errors.New(key + " is required")
	}
	return v, nil
}

// labels is a delegate given the handler's arguments (github-mcp-server's uiGetLabels): its
// errors are the low-level handler's, and args is its input.
func labels(ctx context.Context, args map[string]any, owner string) (*mcp.CallToolResult, any, error) {
	repo, err := requireString(args, "repo")
	if err != nil {
		return nil, nil, err // want `tool-error-as-protocol-error`
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: owner + "/" + repo}}}, nil, nil
}

// Near miss: a delegate given something else than the arguments for args.
func labelsOf(ctx context.Context, args map[string]any, owner string) (*mcp.CallToolResult, any, error) {
	repo, err := requireString(args, "repo")
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: owner + "/" + repo}}}, nil, nil
}

var _ = layer.Lower(func(ctx context.Context, req *mcp.CallToolRequest, in map[string]any) (*mcp.CallToolResult, any, error) {
	owner, _ := in["owner"].(string)
	if owner == "self" {
		return labelsOf(ctx, map[string]any{"repo": "x"}, owner)
	}
	return labels(ctx, in, owner)
})
