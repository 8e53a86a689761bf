// Package dialect (strict portability): hand-built schemas should name their dialect.
package dialect

import (
	"context"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Args struct {
	Q string `json:"q" jsonschema:"q"`
}

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func typed(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "bare", Description: "d", InputSchema: &jsonschema.Schema{Type: "object"}}, low) // want `the hand-built input schema of tool "bare" has no \$schema`
	s.AddTool(&mcp.Tool{Name: "tagged", Description: "d", InputSchema: &jsonschema.Schema{
		Schema: "https://json-schema.org/draft/2020-12/schema",
		Type:   "object",
	}}, low)
	s.AddTool(&mcp.Tool{Name: "rawtagged", Description: "d", InputSchema: json.RawMessage(`{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object"}`)}, low)
	// Inferred schemas are the SDK's to tag.
	mcp.AddTool(s, &mcp.Tool{Name: "typed", Description: "d"}, typed)
}
