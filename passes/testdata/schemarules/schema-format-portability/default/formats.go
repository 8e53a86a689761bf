// Package formats: formats OpenAI's validator rejects.
package formats

import (
	"context"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

const rawSchema = `{
	"type": "object",
	"properties": {"home": {"type": "string", "format": "uri-reference"}}
}`

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "lit", Description: "d", InputSchema: &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"home": {Type: "string", Format: "uri"}, // want `input\.properties\.home of tool "lit" has format "uri", not in the portable set; OpenAI drops the tool\. Remove it`
			"when": {Type: "string", Format: "date-time"},
			"id":   {Type: "string", Format: "uuid"},
			// Data is not a schema: enum values are never checked.
			"blob": {Enum: []any{map[string]any{"format": "uri"}}},
		},
	}}, low)
	s.AddTool(&mcp.Tool{Name: "raw", Description: "d", InputSchema: json.RawMessage(rawSchema)}, low) // want `input.properties.home of tool "raw" has format "uri-reference"`
	// Findings inside JSON text are reported at the string, so a directive above it works.
	//mcplint:ignore schema-format-portability this server only talks to Claude
	s.AddTool(&mcp.Tool{Name: "suppressed", Description: "d", InputSchema: json.RawMessage(`{
		"type": "object",
		"properties": {"home": {"type": "string", "format": "uri"}}
	}`)}, low)
	s.AddTool(&mcp.Tool{Name: "out", Description: "d", InputSchema: &jsonschema.Schema{Type: "object"}, OutputSchema: &jsonschema.Schema{
		Type:  "object",
		Items: &jsonschema.Schema{Format: "binary"}, // want `output.items of tool "out" has format "binary"`
	}}, low)
}

func M3() m3.Tool {
	return m3.NewTool("m3", m3.WithDescription("d"),
		m3.WithObject("link", m3.Description("l"), m3.Properties(map[string]any{
			"href": map[string]any{"type": "string", "format": "uri"}, // want `input.properties.link.properties.href of tool "m3" has format "uri"`
		})),
	)
}
