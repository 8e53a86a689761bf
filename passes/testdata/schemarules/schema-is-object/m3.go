package schemaisobject

import (
	"context"
	"encoding/json"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func m3Handler(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	return m3.NewToolResultText("ok"), nil
}

func RegisterMarkLabs(s *server.MCPServer) {
	s.AddTool(m3.NewTool("m3str", m3.WithDescription("d"), m3.WithInputSchema[string]()), m3Handler)  // want `tool "m3str": mark3labs infers its input schema from string as type "string", but the MCP spec requires`
	s.AddTool(m3.NewTool("m3ptr", m3.WithDescription("d"), m3.WithInputSchema[*Args]()), m3Handler)   // want `from \*Args as type \["null", "object"\]`
	s.AddTool(m3.NewTool("m3out", m3.WithDescription("d"), m3.WithOutputSchema[[]Out]()), m3Handler)  // want `tool "m3out": mark3labs forces output type "object", but \[\]Out infers as type \["null", "array"\], so clients reject every result`
	s.AddTool(m3.NewToolWithRawSchema("m3raw", "d", json.RawMessage(`{"type": "array"}`)), m3Handler) // want `tool "m3raw": the input schema's type is "array", not "object": clients that validate tools/list reject the tool`
	s.AddTool(m3.NewToolWithRawSchema("m3rawbad", "d", json.RawMessage(`{`)), m3Handler)              // want `not valid JSON .*: marshalling the tool fails, so tools/list fails`

	// Near misses.
	s.AddTool(m3.NewTool("m3ok", m3.WithDescription("d"), m3.WithInputSchema[Args](), m3.WithOutputSchema[Out]()), m3Handler)
	s.AddTool(m3.NewTool("m3props", m3.WithDescription("d"), m3.WithString("q", m3.Description("q"))), m3Handler)
}
