// Package targets runs with clients: [openai, openai-strict, gemini, anthropic].
package targets

import (
	"context"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

type Query struct {
	Text string   `json:"text"`
	Tags []string `json:"tags"`
}

func typed(ctx context.Context, req *mcp.CallToolRequest, in Query) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func closed(props map[string]*jsonschema.Schema, required ...string) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object", Properties: props, Required: required, AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}}}
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "has.dot", Description: "d", InputSchema: map[string]any{"type": "object", "properties": map[string]any{}, "additionalProperties": false}}, low) // want `openai rejects this tool: name "has.dot": OpenAI takes a-z` `anthropic rejects this tool: name "has.dot"`
	s.AddTool(&mcp.Tool{Name: "optional", Description: "d", InputSchema: map[string]any{ // want `openai-strict rejects this tool: the input schema: q not required`
		"type": "object", "properties": map[string]any{"q": map[string]any{"type": "string"}}, "additionalProperties": false,
	}}, low)
	// Inferred: a slice is ["null","array"] (Gemini takes one type), and the struct is closed
	// with every field required (strict mode is satisfied).
	mcp.AddTool(s, &mcp.Tool{Name: "typed", Description: "d"}, typed) // want `gemini rejects this tool: input.tags: type list array or null`

	// Near misses: a name every client takes, a closed schema with everything required, and a
	// schema recognition cannot read (never judged).
	s.AddTool(&mcp.Tool{Name: "get_book", Description: "d", InputSchema: map[string]any{
		"type": "object", "properties": map[string]any{"id": map[string]any{"type": "string"}}, "required": []string{"id"}, "additionalProperties": false,
	}}, low)
	s.AddTool(&mcp.Tool{Name: "dynamic", Description: "d", InputSchema: schemaFromElsewhere()}, low)
}

func schemaFromElsewhere() *jsonschema.Schema { return closed(nil) }
