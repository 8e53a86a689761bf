package a

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// gateway is a low-level go-sdk adapter: it decodes the arguments into the wrapped function's
// input and returns the function's error as the handler's, a JSON-RPC error.
func gateway[T any](fn func(context.Context, T) (string, error)) gomcp.ToolHandler {
	return func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		var in T
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			return nil, err // want `tool-error-as-protocol-error`
		}
		text, err := fn(ctx, in)
		if err != nil {
			return nil, fmt.Errorf("tool failed: %w", err)
		}
		return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: text}}}, nil
	}
}

type lookupIn struct {
	Name string `json:"name"`
}

func lookup(ctx context.Context, in lookupIn) (string, error) {
	if in.Name == "" {
		return "", errors.New("name is required") // want `the model never sees this argument error.*return an isError result from the adapter`
	}
	v, err := query(ctx, in.Name)
	if err != nil {
		return "", err // Near miss: an upstream failure, not the arguments.
	}
	return v, nil
}

var _ = gateway(lookup)
