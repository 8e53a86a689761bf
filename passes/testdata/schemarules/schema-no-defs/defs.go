// Package defs (strict portability): references Gemini cannot resolve.
package defs

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
	s.AddTool(&mcp.Tool{Name: "lit", Description: "d", InputSchema: &jsonschema.Schema{
		Type: "object",
		Defs: map[string]*jsonschema.Schema{"node": {Type: "object"}}, // want `input of tool "lit" uses \$defs, which Gemini does not resolve; inline the referenced schema`
		Properties: map[string]*jsonschema.Schema{
			"root": {Ref: "#/$defs/node"}, // want `input.properties.root of tool "lit" uses \$ref`
		},
	}}, low)
	s.AddTool(&mcp.Tool{Name: "raw", Description: "d", InputSchema: json.RawMessage(`{"type":"object","definitions":{}}`)}, low) // want `uses definitions`
	// Inferred schemas never use references.
	mcp.AddTool(s, &mcp.Tool{Name: "typed", Description: "d"}, typed)
}
