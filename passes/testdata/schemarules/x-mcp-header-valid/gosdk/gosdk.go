// Package gosdk registers, one go-sdk tool at a time, input schemas with x-mcp-header
// annotations (SEP-2243) and their near misses. A test registers every tool on the real
// go-sdk and checks that exactly the reported ones panic.
package gosdk

import (
	"context"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

type In struct {
	Owner string `json:"owner"`
}

func typed(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

// Tool registers one tool on a server.
type Tool struct {
	Name     string
	Register func(*mcp.Server)
}

func header(name any) map[string]any { return map[string]any{"x-mcp-header": name} }

// annotateOwner is the module's own helper that annotates a schema after its literal.
func annotateOwner(s *jsonschema.Schema) {
	s.Properties["owner"].Extra = map[string]any{"x-mcp-header": "Repo Owner"} // want `tool "helper": x-mcp-header of "owner" contains a space: go-sdk panics at start-up`
}

var Tools = []Tool{
	{"space", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "space", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
			"owner": {Type: "string", Extra: map[string]any{"x-mcp-header": "Repo Owner"}}, // want `tool "space": x-mcp-header of "owner" contains a space: go-sdk panics at start-up; use letters, digits and -`
		}}}, low)
	}},
	{"number", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "number", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
			"limit": {Type: "number", Extra: map[string]any{"x-mcp-header": "Limit"}}, // want `tool "number": x-mcp-header on "limit", type "number": go-sdk panics at start-up; annotate string, integer or boolean properties`
		}}}, low)
	}},
	{"object", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "object", InputSchema: map[string]any{"type": "object", "properties": map[string]any{
			"filter": map[string]any{"type": "object", "x-mcp-header": "Filter"}, // want `tool "object": x-mcp-header on "filter", type "object"`
		}}}, low)
	}},
	{"notype", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "notype", InputSchema: map[string]any{"type": "object", "properties": map[string]any{
			"owner": map[string]any{"description": "who", "x-mcp-header": "Owner"}, // want `tool "notype": x-mcp-header on "owner", no type`
		}}}, low)
	}},
	{"empty", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "empty", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
			"owner": {Type: "string", Extra: header("")}, // want `tool "empty": x-mcp-header of "owner" is "": go-sdk panics at start-up; write a non-empty string`
		}}}, low)
	}},
	{"nonstring", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "nonstring", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
			"owner": {Type: "string", Extra: header(true)}, // want `tool "nonstring": x-mcp-header of "owner" is true`
		}}}, low)
	}},
	{"nil", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "nil", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
			"owner": {Type: "string", Extra: header(nil)}, // want `tool "nil": x-mcp-header of "owner" is null`
		}}}, low)
	}},
	{"unicode", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "unicode", InputSchema: json.RawMessage(`{"type": "object", "properties": { "owner": {"type": "string", "x-mcp-header": "Besitzerß"}}}`)}, low) // want `tool "unicode": x-mcp-header of "owner" contains 'ß'`
	}},
	{"duplicate", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "duplicate", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
			"owner": {Type: "string", Extra: header("Owner")},
			"org":   {Type: "string", Extra: header("OWNER")}, // want `tool "duplicate": x-mcp-header of "org" repeats "owner"'s header, ignoring case: go-sdk panics at start-up; rename one`
		}}}, low)
	}},
	{"nested", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "nested", InputSchema: json.RawMessage(`{"type": "object", "properties": { "repo": {"type": "string", "x-mcp-header": "repo"}, "target": {"type": "object", "properties": {"repo": {"type": "string", "x-mcp-header": "Repo"}}}}}`)}, low) // want `tool "nested": x-mcp-header of "target.repo" repeats "repo"'s header`
	}},
	{"typed", func(s *mcp.Server) {
		mcp.AddTool(s, &mcp.Tool{Name: "typed", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
			"owner": {Type: "string", Extra: header("owner:")}, // want `tool "typed": x-mcp-header of "owner" contains ':'`
		}}}, typed)
	}},
	{"setafter", func(s *mcp.Server) {
		schema := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
			"owner": {Type: "integer"},
			"page":  {Type: "number"},
		}}
		schema.Properties["page"].Extra = map[string]any{"x-mcp-header": "Page"} // want `tool "setafter": x-mcp-header on "page", type "number"`
		s.AddTool(&mcp.Tool{Name: "setafter", InputSchema: schema}, low)
	}},
	{"helper", func(s *mcp.Server) {
		schema := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"owner": {Type: "string"}}}
		annotateOwner(schema)
		s.AddTool(&mcp.Tool{Name: "helper", InputSchema: schema}, low)
	}},

	// Near misses: valid annotations, annotations the SDK does not look at, and schemas its
	// decoder rejects, which it then does not check at all.
	{"valid", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "valid", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
			"owner": {Type: "string", Extra: header("Owner")},
			"count": {Type: "integer", Extra: header("X_Count.v1~")},
			"force": {Type: "boolean", Extra: header("force")},
			"target": {Type: "object", Properties: map[string]*jsonschema.Schema{
				"repo": {Type: "string", Extra: header("Repo")},
			}},
		}}}, low)
	}},
	{"typelist", func(s *mcp.Server) {
		// go-sdk decodes "type" into a string: a list fails the decode, so nothing is checked.
		s.AddTool(&mcp.Tool{Name: "typelist", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
			"owner": {Types: []string{"null", "string"}},
			"limit": {Type: "number", Extra: header("Repo Owner")},
		}}}, low)
	}},
	{"boolschema", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "boolschema", InputSchema: json.RawMessage(`{"type": "object", "properties": { "anything": true, "limit": {"type": "number", "x-mcp-header": "Limit"}}}`)}, low)
	}},
	{"notproperties", func(s *mcp.Server) {
		// Only properties are looked at: items, the root and other keywords are not.
		s.AddTool(&mcp.Tool{Name: "notproperties", InputSchema: json.RawMessage(`{"type": "object", "x-mcp-header": "Root Header", "properties": {"tags": {"type": "array", "items": {"type": "string", "x-mcp-header": "A B"}}}, "$defs": {"x": {"type": "number", "x-mcp-header": "X"}}}`)}, low)
	}},
	{"casekey", func(s *mcp.Server) {
		// go-sdk's decoder matches keys exactly: X-MCP-Header is not the annotation.
		s.AddTool(&mcp.Tool{Name: "casekey", InputSchema: json.RawMessage(`{"type": "object", "properties": { "limit": {"type": "number", "X-MCP-Header": "Limit"}}}`)}, low)
	}},
	{"distinct", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "distinct", InputSchema: map[string]any{"type": "object", "properties": map[string]any{
			"owner": map[string]any{"type": "string", "x-mcp-header": "Owner"},
			"repo":  map[string]any{"type": "string", "x-mcp-header": "Repo"},
		}}}, low)
	}},
}
