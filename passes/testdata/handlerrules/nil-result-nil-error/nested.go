package a

import (
	"context"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

type nestedIn struct {
	Name string `json:"name" jsonschema:"who to greet"`
}

// Near miss: a handler-shaped closure inside a typed handler returns (nil, nil); the typed
// handler returns its output beside that nil result, which go-sdk accepts.
func nestedGreet(ctx context.Context, req *gomcp.CallToolRequest, in nestedIn) (*gomcp.CallToolResult, string, error) {
	var out string
	chain := func(ctx context.Context, r *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		out = "hello " + in.Name
		return nil, nil
	}
	res, err := chain(ctx, req)
	return res, out, err
}

func registerNested(s *gomcp.Server) {
	gomcp.AddTool(s, &gomcp.Tool{Name: "nested_greet"}, nestedGreet)
}
