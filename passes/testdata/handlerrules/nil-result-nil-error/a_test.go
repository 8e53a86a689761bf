package a

import (
	"context"
	"testing"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Test doubles return zero values on purpose: handlers in test files are not checked.
func TestStub(t *testing.T) {
	stub := func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		return nil, nil
	}
	_ = stub
}
