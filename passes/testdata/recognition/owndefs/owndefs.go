// Package owndefs declares its tools as its own struct type and copies each, field by field,
// into a go-sdk mcp.Tool in one converter: every literal of the own type is a definition.
package owndefs

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Tool is the server's own definition type.
type Tool struct {
	Name        string
	Description string
	Schema      any
	Internal    string
}

type ServerTool struct {
	Tool    Tool
	Handler func(ctx context.Context, args map[string]any) (string, error)
}

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol registered`
	return &mcp.CallToolResult{}, nil
}

// toSDK is the converter: its mcp.Tool stands for each own literal.
func toSDK(t ServerTool) (*mcp.Tool, mcp.ToolHandler) {
	return &mcp.Tool{Name: t.Tool.Name, Description: t.Tool.Description, InputSchema: t.Tool.Schema}, low // want `def tool go-sdk name=dynamic desc=dynamic registered handler=low converter`
}

func Register(s *mcp.Server) {
	for _, t := range tools {
		tool, h := toSDK(t)
		s.AddTool(tool, h)
	}
}

var tools = []ServerTool{
	{Tool: Tool{Name: "list", Description: "List things", Schema: map[string]any{"type": "object"}}}, // want `def tool go-sdk name="list" desc="List things" registered own=Tool`
	{Tool: Tool{Name: "bad name!", Internal: "x"}},                                                   // want `def tool go-sdk name="bad name!" registered own=Tool`
	{Tool: Tool{}},                    // a zero value: no tool
	{Tool: Tool{Description: "half"}}, // no name given: not a tool either
}

// Config is copied into an SDK value that is no definition: its literals are not tools.
type Config struct{ Name, Version string }

func NewServer(c Config) *mcp.Server {
	return mcp.NewServer(&mcp.Implementation{Name: c.Name, Version: c.Version}, nil) // want `server go-sdk name=dynamic version=dynamic`
}

var defaultConfig = Config{Name: "srv", Version: "v1"}
