package a

import (
	"context"
	"encoding/json"
	"errors"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// podman's shape: the adapter decodes the arguments with a helper of its own, hands them to
// the handler inside its own params struct, and returns the handler's error from a low-level
// handler (a JSON-RPC error). The params type's Require* methods check the arguments.
type toolParams struct{ Arguments map[string]any }

func (p *toolParams) RequiredString(key string) (string, error) {
	v, ok := p.Arguments[key].(string)
	if !ok {
		return "", errors.New(key + " is required")
	}
	return v, nil
}

type settings struct{}

func (settings) RequireLogin(user string) error { return nil }

type paramsTool struct {
	Handler func(ctx context.Context, params toolParams) (string, error)
}

func readArguments(req *gomcp.CallToolRequest) (map[string]any, error) {
	var args map[string]any
	err := json.Unmarshal(req.Params.Arguments, &args)
	return args, err
}

func paramsToSDK(t paramsTool) gomcp.ToolHandler {
	return func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		arguments, err := readArguments(req)
		if err != nil {
			return &gomcp.CallToolResult{IsError: true}, nil
		}
		params := toolParams{Arguments: arguments}
		text, err := t.Handler(ctx, params)
		if err != nil {
			return nil, err
		}
		return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: text}}}, nil
	}
}

var paramsTools = []paramsTool{{Handler: func(ctx context.Context, params toolParams) (string, error) {
	name, err := params.RequiredString("name")
	if err != nil {
		return "", err // want `tool-error-as-protocol-error`
	}
	// Near miss: a Require* method of something that is not the arguments.
	if err := (settings{}).RequireLogin(name); err != nil {
		return "", err
	}
	return name, nil
}}}

var _ = paramsToSDK
