package a

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
)

// Near miss: a file that imports "testing" is test support, not what the server ships; the
// handler-shaped closure it builds drives the server in tests (github-mcp-go's
// test_helpers.go).
func newCallHandler(t *testing.T) func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		raw, err := json.Marshal(req.Params)
		if err != nil {
			return nil, fmt.Errorf("failed to marshal request: %v", err)
		}
		t.Log(string(raw))
		return mcp.NewToolResultText(string(raw)), nil
	}
}
