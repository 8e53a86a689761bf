package args

import (
	"context"
	"encoding/json"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Near misses: each read below may get a value, or the schema is not known in full.

// shared is registered for "shared_a" here and named once more (in a table another package
// may register with another schema).
func shared(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	return m3.NewToolResultText(req.GetString("other", "")), nil
}

var Handlers = map[string]server.ToolHandlerFunc{"shared": shared}

// Exported: another package may register it for a tool that declares "extra".
func Exported(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	return m3.NewToolResultText(req.GetString("extra", "")), nil
}

type Input struct {
	Name string `json:"name"`
}

func typedSchema(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	return m3.NewToolResultText(req.GetString("nickname", "")), nil
}

func dynamicOptions(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	return m3.NewToolResultText(req.GetString("from_options", "")), nil
}

func openSchema(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	return m3.NewToolResultText(req.GetString("anything", "")), nil
}

func otherRequest(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	var inner m3.CallToolRequest
	inner.Params.Arguments = map[string]any{"nested": "x"}
	key := "computed"
	return m3.NewToolResultText(inner.GetString("nested", "") + req.GetString(key, "")), nil
}

func mutated(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	return m3.NewToolResultText(req.GetString("added_later", "")), nil
}

func RegisterNearMisses(s *server.MCPServer, opts []m3.ToolOption) {
	s.AddTool(m3.NewTool("shared_a", m3.WithDescription("Shared."), m3.WithString("id", m3.Description("The id."))), shared)
	s.AddTool(m3.NewTool("exported", m3.WithDescription("Exported."), m3.WithString("id", m3.Description("The id."))), Exported)
	s.AddTool(m3.NewTool("typed", m3.WithDescription("Typed."), m3.WithInputSchema[Input]()), typedSchema)
	s.AddTool(m3.NewTool("dynamic", append([]m3.ToolOption{m3.WithDescription("Dynamic.")}, opts...)...), dynamicOptions)
	s.AddTool(m3.NewToolWithRawSchema("open", "Open.", json.RawMessage(`{"type":"object","properties":{"a":{}},"additionalProperties":true}`)), openSchema)
	s.AddTool(m3.NewTool("other", m3.WithDescription("Other."), m3.WithString("id", m3.Description("The id."))), otherRequest)
	tool := m3.NewTool("mutated", m3.WithDescription("Mutated."), m3.WithString("id", m3.Description("The id.")))
	tool.InputSchema.Properties["added_later"] = map[string]any{"type": "string"}
	s.AddTool(tool, mutated)
}

// go-sdk binds arguments into the typed input, or the handler decodes them itself: no read by
// name to check.
type In struct {
	Query string `json:"query"`
}

func RegisterGoSDK(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "typed_go", Description: "Typed."}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	})
	s.AddTool(&mcp.Tool{Name: "low_go", Description: "Low level.", InputSchema: map[string]any{"type": "object", "properties": map[string]any{"q": map[string]any{"type": "string"}}}},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var args struct {
				Query string `json:"query"`
			}
			if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
				return nil, err
			}
			return &mcp.CallToolResult{}, nil
		})
}
