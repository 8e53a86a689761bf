// Package registrar registers tools through its own function, named in the configuration
// as a registrar: the definition it is given counts as registered there.
package registrar

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Registry struct{ tools []mcp.Tool }

func (r *Registry) Register(toolset string, t mcp.Tool, h mcp.ToolHandler) {
	r.tools = append(r.tools, t)
}

func handle(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol registered`
	return &mcp.CallToolResult{}, nil
}

var listTool = mcp.Tool{Name: "list", Description: "List things"} // want `def tool go-sdk name="list" desc="List things" registered handler=handle`

func Setup(r *Registry) {
	r.Register("things", listTool, handle)
}
