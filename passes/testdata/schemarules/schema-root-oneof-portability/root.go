// Package root (strict portability): combinators at the root of parameters.
package root

import (
	"context"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "root", Description: "d", InputSchema: &jsonschema.Schema{
		Type:  "object",
		OneOf: []*jsonschema.Schema{{Type: "object"}, {Type: "object"}}, // want `the input schema of tool "root" has oneOf at its root, which OpenAI rejects; use one object`
	}}, low)
	// Nested combinators are fine here.
	s.AddTool(&mcp.Tool{Name: "nested", Description: "d", InputSchema: &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"v": {AnyOf: []*jsonschema.Schema{{Type: "string"}, {Type: "integer"}}},
		},
	}}, low)
}
