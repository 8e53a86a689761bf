// Package gosdk16 is a server on go-sdk v1.6.1: before v1.7.0 a low-level handler's
// (nil, nil) reaches the client as a null result (no goroutine panic yet), and
// ResourceNotFoundError carries -32002.
package gosdk16

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func nilNil(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil // want `go-sdk v1\.6\.1 sends a null result`
}

func read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return nil, fmt.Errorf("resource %s not found", req.Params.URI) // want `ResourceNotFoundError\(uri\) \(code -32002\)`
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "nothing", Description: "Returns nothing.", InputSchema: map[string]any{"type": "object"}}, nilNil)
	s.AddResource(&mcp.Resource{URI: "file:///notes", Name: "notes", Description: "The notes."}, read)
}
