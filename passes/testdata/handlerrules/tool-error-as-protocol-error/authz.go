package a

import (
	"context"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/handlerrules/tool-error-as-protocol-error/argutil"
)

// A require* helper whose every error is a deliberate *jsonrpc.Error (an authorization
// failure) is no argument check: its summary wins over its name.
func adminOnly(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	if err := argutil.RequireAdmin(req); err != nil {
		return nil, err
	}
	if err := argutil.RequireName(req); err != nil {
		return nil, err // want `tool-error-as-protocol-error`
	}
	return &gomcp.CallToolResult{}, nil
}
