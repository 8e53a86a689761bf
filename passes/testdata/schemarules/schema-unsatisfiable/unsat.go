// Package unsat: hand-built schemas no value satisfies.
package unsat

import (
	"context"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// low is a low-level handler: go-sdk does not validate its arguments against the schema
// (measured), so an unsatisfiable schema makes no call fail there, only no call valid.
func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

type modeIn struct {
	Mode string `json:"mode"`
}

// typed is a typed handler: go-sdk validates its arguments against the tool's schema.
func typed(ctx context.Context, req *mcp.CallToolRequest, in modeIn) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "enum", Description: "d", InputSchema: &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"mode": {Type: "string", Description: "m", Enum: []any{}}, // want `input\.properties\.mode of tool "enum": enum is an empty list, so no value satisfies the schema: no arguments can be valid; list the allowed values or drop it`
		},
	}}, low)
	mcp.AddTool(s, &mcp.Tool{Name: "typedenum", Description: "d", InputSchema: &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"mode": {Type: "string", Description: "m", Enum: []any{}}, // want `input\.properties\.mode of tool "typedenum": enum is an empty list, so no value satisfies the schema: go-sdk rejects every call; list the allowed values or drop it`
		},
	}}, typed)
	s.AddTool(&mcp.Tool{Name: "anyof", Description: "d", InputSchema: &jsonschema.Schema{
		Type:  "object",
		AnyOf: []*jsonschema.Schema{}, // want `input of tool "anyof": anyOf is an empty list`
	}}, low)
	s.AddTool(&mcp.Tool{Name: "types", Description: "d", InputSchema: &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"x": {Types: []string{}, Description: "x"}, // want `input.properties.x of tool "types": type is an empty list`
		},
	}}, low)
	s.AddTool(&mcp.Tool{Name: "not", Description: "d", InputSchema: &jsonschema.Schema{
		Type: "object",
		Not:  &jsonschema.Schema{}, // want `input of tool "not": "not": \{\} rejects every value`
	}}, low)
	s.AddTool(&mcp.Tool{Name: "requiredfalse", Description: "d", InputSchema: &jsonschema.Schema{
		Type:     "object",
		Required: []string{"gone"},
		Properties: map[string]*jsonschema.Schema{
			"gone": {Not: &jsonschema.Schema{}}, // want `input.properties.gone of tool "requiredfalse": "not": \{\} rejects every value`
		},
	}}, low)
	s.AddTool(&mcp.Tool{Name: "raw", Description: "d", InputSchema: json.RawMessage(`{"type": "object", "oneOf": []}`)}, low) // want `input of tool "raw": oneOf is an empty list`
	s.AddTool(&mcp.Tool{Name: "out", Description: "d", InputSchema: &jsonschema.Schema{Type: "object"}, OutputSchema: map[string]any{
		"type": "object",
		"enum": []any{}, // want `output of tool "out": enum is an empty list, so no value satisfies the schema: no result can be valid; list the allowed values or drop it`
	}}, low)

	// Near misses: the false schema where it forbids something, non-empty lists, data that
	// merely looks like a schema.
	s.AddTool(&mcp.Tool{Name: "fine", Description: "d", InputSchema: &jsonschema.Schema{
		Type:                 "object",
		AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
		Properties: map[string]*jsonschema.Schema{
			"legacy": {Not: &jsonschema.Schema{}},
			"mode":   {Type: "string", Enum: []any{"a", "b"}},
			"data":   {Default: json.RawMessage(`{"enum": []}`)},
		},
		Examples: []any{map[string]any{"anyOf": []any{}}},
	}}, low)
}

func M3() m3.Tool {
	return m3.NewTool("m3enum", m3.WithDescription("d"),
		m3.WithString("mode", m3.Enum()), // want `input.properties.mode of tool "m3enum": enum is null \(mcp.Enum\(\) with no values\), so no value satisfies the schema: no arguments can be valid`
		m3.WithString("ok", m3.Enum("a")),
	)
}
