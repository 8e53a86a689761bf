package a

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

func m3(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.GetString("x", "") == "" {
		return nil, nil // want `tool handler returns \(nil, nil\): mcp-go v1\.2\.1 sends JSON-RPC -32603`
	}
	return mcp.NewToolResultText("ok"), nil
}

func low(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	return nil, nil // want `tool handler returns \(nil, nil\): go-sdk v1\.8\.0 sends null, crashes on 2026-07-28; return a result or an error`
}

// Near misses.
func typed(ctx context.Context, req *gomcp.CallToolRequest, in struct{}) (*gomcp.CallToolResult, any, error) {
	return nil, nil, nil // typed handlers may return a nil result: go-sdk fills one in
}

func resource(ctx context.Context, req *gomcp.ReadResourceRequest) (*gomcp.ReadResourceResult, error) {
	return nil, nil // a resource handler error is reported by go-sdk itself, not a crash
}

func nested(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	f := func() (*mcp.CallToolResult, error) { return nil, nil }
	_ = f
	return mcp.NewToolResultText("ok"), nil
}
