// Package builds builds its servers without recovery: the panic crashes the process.
package builds

import (
	"context"
	"encoding/json"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

func lookup(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	var args map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err
	}
	ids := args["ids"].([]any) // want `args\["ids"\]\.\(\[\]any\) panics on another type: go-sdk v1\.8\.0 crashes the server; use the two-value form`
	if len(ids) > 0 {
		return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: "found"}}}, nil
	}
	return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: "none"}}}, nil
}

func New() *gomcp.Server {
	s := gomcp.NewServer(&gomcp.Implementation{Name: "n", Version: "v"}, nil)
	s.AddTool(&gomcp.Tool{Name: "lookup", InputSchema: map[string]any{"type": "object"}}, lookup)
	return s
}
