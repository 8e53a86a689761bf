// Package schemaisobject: go-sdk needs a tool's input schema to be a JSON object and panics
// at start-up otherwise.
package schemaisobject

import (
	"context"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Args struct {
	Q string `json:"q" jsonschema:"the query"`
}

type Out struct {
	N int `json:"n" jsonschema:"how many"`
}

// Anything is a named empty interface: go-sdk special-cases only `any` itself.
type Anything interface{}

func strIn(ctx context.Context, req *mcp.CallToolRequest, in string) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func sliceIn(ctx context.Context, req *mcp.CallToolRequest, in []Args) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func ptrPtrIn(ctx context.Context, req *mcp.CallToolRequest, in **Args) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func namedAnyIn(ctx context.Context, req *mcp.CallToolRequest, in Anything) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func structIn(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func ptrIn(ctx context.Context, req *mcp.CallToolRequest, in *Args) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func anyIn(ctx context.Context, req *mcp.CallToolRequest, in any) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func mapIn(ctx context.Context, req *mcp.CallToolRequest, in map[string]int) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func sliceOut(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, []Out, error) {
	return nil, nil, nil
}

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

func RegisterString(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "str", Description: "d"}, strIn) // want `tool "str": go-sdk infers the input schema from string as type "string", and mcp\.AddTool panics at start-up; use a struct input type`
}

func RegisterSlice(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "slice", Description: "d"}, sliceIn) // want `from \[\]Args as type \["null", "array"\]`
}

func RegisterPtrPtr(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "ptrptr", Description: "d"}, ptrPtrIn) // want `from \*Args as type \["null", "object"\]`
}

func RegisterNamedAny(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "namedany", Description: "d"}, namedAnyIn) // want `from Anything as an unrestricted schema`
}

func RegisterMissing(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "missing", Description: "d"}, low) // want `tool "missing" has no InputSchema, so go-sdk's low-level \(\*Server\)\.AddTool panics at start-up; set InputSchema`
}

func RegisterArray(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "array", Description: "d", InputSchema: &jsonschema.Schema{Type: "array"}}, low) // want `the input schema's type is "array", not "object": go-sdk's AddTool panics at start-up`
}

func RegisterTypes(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "types", Description: "d", InputSchema: &jsonschema.Schema{Types: []string{"object", "null"}}}, low) // want `type is \["object", "null"\], not "object"`
}

func RegisterNoType(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "notype", Description: "d", InputSchema: json.RawMessage(`{"properties": {}}`)}, low) // want `the input schema has no "type"`
}

func RegisterBadJSON(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "badjson", Description: "d", InputSchema: json.RawMessage(`{"type": "object",}`)}, low) // want `the input schema is not valid JSON`
}

func RegisterScalarJSON(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "scalar", Description: "d", InputSchema: json.RawMessage(`"object"`)}, low) // want `the input schema is not a JSON object`
}

// Near misses: all of these register fine.
func RegisterFine(s *mcp.Server, dyn *jsonschema.Schema) {
	mcp.AddTool(s, &mcp.Tool{Name: "struct", Description: "d"}, structIn)
	mcp.AddTool(s, &mcp.Tool{Name: "ptr", Description: "d"}, ptrIn)
	mcp.AddTool(s, &mcp.Tool{Name: "any", Description: "d"}, anyIn)
	mcp.AddTool(s, &mcp.Tool{Name: "map", Description: "d"}, mapIn)
	// SEP-2106: an output may be any JSON type.
	mcp.AddTool(s, &mcp.Tool{Name: "sliceout", Description: "d"}, sliceOut)
	// The schema given wins over inference from In.
	mcp.AddTool(s, &mcp.Tool{Name: "given", Description: "d", InputSchema: &jsonschema.Schema{Type: "object"}}, strIn)
	s.AddTool(&mcp.Tool{Name: "obj", Description: "d", InputSchema: &jsonschema.Schema{Type: "object"}}, low)
	s.AddTool(&mcp.Tool{Name: "rawobj", Description: "d", InputSchema: json.RawMessage(`{"type": "object"}`)}, low)
	s.AddTool(&mcp.Tool{Name: "mapobj", Description: "d", InputSchema: map[string]any{"type": "object"}}, low)
	s.AddTool(&mcp.Tool{Name: "dyn", Description: "d", InputSchema: dyn}, low)
	// Set after the literal: recognition cannot tell, so nothing is claimed.
	t := &mcp.Tool{Name: "later", Description: "d"}
	t.InputSchema = dyn
	s.AddTool(t, low)
}

// addTyped is a generic wrapper: In and Out are only known per instantiation, so nothing is
// inferred here.
func addTyped[In, Out any](s *mcp.Server, name string, h mcp.ToolHandlerFor[In, Out]) {
	mcp.AddTool(s, &mcp.Tool{Name: name, Description: "d"}, h)
}

// A tool literal that is not registered here may be registered through mcp.AddTool elsewhere.
func Unregistered() *mcp.Tool {
	return &mcp.Tool{Name: "elsewhere", Description: "d"}
}

// The type is set after the literal, on every path: the schema sent is an object.
func registerAssigned(s *mcp.Server, strict bool) {
	schema := &jsonschema.Schema{Properties: map[string]*jsonschema.Schema{"q": {Type: "string", Description: "the query"}}}
	if strict {
		schema.Type = "object"
	} else {
		schema.Type = "object"
	}
	s.AddTool(&mcp.Tool{Name: "assigned", Description: "d", InputSchema: schema}, low)
}
