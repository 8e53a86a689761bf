package a

import (
	"context"
	"net/http"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

type nestedIn struct {
	URL string `json:"url" jsonschema:"the address to fetch"`
}

// A chain of handler-shaped closures written inside a typed handler (chip's middleware
// chain): their errors become the typed handler's, which go-sdk sends as a tool result.
func nestedTyped(ctx context.Context, req *gomcp.CallToolRequest, in nestedIn) (*gomcp.CallToolResult, any, error) {
	chain := func(ctx context.Context, r *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		resp, err := http.Get(in.URL)
		if err != nil {
			return nil, err // near miss: the typed handler's error, a tool result
		}
		resp.Body.Close()
		return nil, nil // near miss: the typed handler answers for its nil result
	}
	res, err := chain(ctx, req)
	return res, nil, err
}

// The same closure inside a low-level handler: its error is that handler's, a JSON-RPC error.
func nestedLow(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	chain := func(ctx context.Context, r *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		resp, err := http.Get("https://example.com")
		if err != nil {
			return nil, err // want `http.Get failed upstream`
		}
		resp.Body.Close()
		return &gomcp.CallToolResult{}, nil
	}
	return chain(ctx, req)
}

func registerNested(s *gomcp.Server) {
	gomcp.AddTool(s, &gomcp.Tool{Name: "nested_typed"}, nestedTyped)
	s.AddTool(&gomcp.Tool{Name: "nested_low", InputSchema: map[string]any{"type": "object"}}, nestedLow)
}
