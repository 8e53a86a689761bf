package a

import (
	"context"
	"errors"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

type backend struct{}

var configured *backend

// A nil test of the arguments is validation like any other test of them (mcp-gateway's
// handlers); a nil test of the server's own state is not.
func needsArguments(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	if req.Params.Arguments == nil {
		return nil, errors.New("missing arguments") // want `tool-error-as-protocol-error`
	}
	if configured == nil {
		return nil, errors.New("server not configured")
	}
	return &gomcp.CallToolResult{}, nil
}

// Near miss: a nil request or params is the transport's failure, not the model's.
func needsRequest(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	if req == nil {
		return nil, errors.New("no request")
	}
	if req.Params == nil {
		return nil, errors.New("no params")
	}
	return &gomcp.CallToolResult{}, nil
}
