// Package anyof: union branches without a type break Gemini.
package anyof

import (
	"context"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "lit", Description: "d", InputSchema: &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"v": {AnyOf: []*jsonschema.Schema{
				{Type: "string"},
				{Enum: []any{"a", "b"}}, // want `input\.properties\.v\.anyOf\[1\] of tool "lit": this anyOf branch has no "type", which Gemini rejects; give every branch a type`
			}},
			"w": {OneOf: []*jsonschema.Schema{{Type: "string"}, {Type: "integer"}}},
		},
	}}, low)
	s.AddTool(&mcp.Tool{Name: "raw", Description: "d", InputSchema: json.RawMessage(`{"type":"object","properties":{"x":{"oneOf":[{"type":"null"},{"properties":{}}]}}}`)}, low) // want `input.properties.x.oneOf\[1\] of tool "raw": this oneOf branch has no "type"`
}
