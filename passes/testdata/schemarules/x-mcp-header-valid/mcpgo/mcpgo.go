// Package mcpgo registers, one mcp-go tool at a time, input schemas with x-mcp-header
// annotations (SEP-2243) and their near misses. A test registers every tool on the real
// mcp-go and checks that exactly the reported ones panic.
package mcpgo

import (
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func h(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}

// Tool registers one tool on a server.
type Tool struct {
	Name     string
	Register func(*server.MCPServer)
}

// headerOption is the module's own PropertyOption that annotates a property.
func headerOption(name string) mcp.PropertyOption {
	return func(schema map[string]any) {
		schema["x-mcp-header"] = name
	}
}

var Tools = []Tool{
	{"space", func(s *server.MCPServer) {
		s.AddTool(mcp.NewTool("space", mcp.WithString("owner", headerOption("Repo Owner"))), h) // want `tool "space": x-mcp-header of "owner" contains a space: mcp-go panics at start-up`
	}},
	{"number", func(s *server.MCPServer) {
		s.AddTool(mcp.NewTool("number", mcp.WithNumber("limit", func(schema map[string]any) { schema["x-mcp-header"] = "Limit" })), h) // want `tool "number": x-mcp-header on "limit", type "number"`
	}},
	{"nullable", func(s *server.MCPServer) {
		// mcp-go accepts a list of types, but null is not one a header can carry.
		s.AddTool(mcp.NewToolWithRawSchema("nullable", "d", json.RawMessage(`{"type": "object", "properties": { "owner": {"type": ["string", "null"], "x-mcp-header": "Owner"}}}`)), h) // want `tool "nullable": x-mcp-header on "owner", type \["string", "null"\]`
	}},
	{"casekey", func(s *server.MCPServer) {
		// encoding/json matches keys case-insensitively: X-MCP-Header is the annotation.
		s.AddTool(mcp.NewToolWithRawSchema("casekey", "d", json.RawMessage(`{"type": "object", "properties": { "limit": {"type": "number", "X-MCP-Header": "Limit"}}}`)), h) // want `tool "casekey": x-mcp-header on "limit", type "number"`
	}},
	{"literal", func(s *server.MCPServer) {
		s.AddTool(mcp.Tool{Name: "literal", InputSchema: mcp.ToolInputSchema{Type: "object", Properties: map[string]any{
			"a": map[string]any{"type": "string", "x-mcp-header": "A"},
			"b": map[string]any{"type": "string", "x-mcp-header": "a"}, // want `tool "literal": x-mcp-header of "b" repeats "a"'s header`
		}}}, h)
	}},
	{"emptylist", func(s *server.MCPServer) {
		s.AddTool(mcp.NewToolWithRawSchema("emptylist", "d", json.RawMessage(`{"type": "object", "properties": { "owner": {"type": [], "x-mcp-header": "Owner"}}}`)), h) // want `tool "emptylist": x-mcp-header on "owner", no type`
	}},

	// Near misses.
	{"valid", func(s *server.MCPServer) {
		s.AddTool(mcp.NewTool("valid",
			mcp.WithString("owner", mcp.Required(), headerOption("Owner")),
			mcp.WithInteger("count", headerOption("Count")),
		), h)
	}},
	{"typelist", func(s *server.MCPServer) {
		// Unlike go-sdk, mcp-go accepts a list of permitted types.
		s.AddTool(mcp.NewToolWithRawSchema("typelist", "d", json.RawMessage(`{"type": "object", "properties": { "id": {"type": ["string", "integer"], "x-mcp-header": "Id"}}}`)), h)
	}},
	{"boolschema", func(s *server.MCPServer) {
		s.AddTool(mcp.NewToolWithRawSchema("boolschema", "d", json.RawMessage(`{"type": "object", "properties": { "anything": true, "limit": {"type": "number", "x-mcp-header": "Limit"}}}`)), h)
	}},
	{"items", func(s *server.MCPServer) {
		s.AddTool(mcp.NewTool("items", mcp.WithArray("tags", mcp.WithStringItems(headerOption("A B")))), h)
	}},
}
