// Package allowlist runs with format-allowlist: [uri, email], which replaces the default.
package allowlist

import (
	"context"

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
			"home": {Type: "string", Format: "uri"},
			"mail": {Type: "string", Format: "email"},
			"when": {Type: "string", Format: "date-time"}, // want `input\.properties\.when of tool "lit" has format "date-time", not in the portable set; OpenAI drops the tool\. Remove it`
		},
	}}, low)
}
