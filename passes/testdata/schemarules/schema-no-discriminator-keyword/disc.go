// Package disc: the OpenAPI discriminator keyword is not JSON Schema.
package disc

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
	s.AddTool(&mcp.Tool{Name: "extra", Description: "d", InputSchema: &jsonschema.Schema{
		Type: "object",
		Extra: map[string]any{
			"discriminator": map[string]any{"propertyName": "kind"}, // want `input of tool "extra" uses the OpenAPI discriminator keyword, which Gemini rejects; use a const per branch`
		},
	}}, low)
	s.AddTool(&mcp.Tool{Name: "raw", Description: "d", InputSchema: json.RawMessage(`{"type":"object","properties":{"shape":{"oneOf":[{"type":"object"}],"discriminator":{"propertyName":"kind"}}}}`)}, low) // want `input.properties.shape of tool "raw" uses the OpenAPI discriminator keyword`
	// A property named discriminator is fine.
	s.AddTool(&mcp.Tool{Name: "prop", Description: "d", InputSchema: json.RawMessage(`{"type":"object","properties":{"discriminator":{"type":"string"}}}`)}, low)
}
