// Package srv registers every command of the table as a tool, through one closure.
package srv

import (
	"context"
	"fmt"
	"os/exec"
	"slices"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/table/cmds"
)

var commands = slices.Concat(cmds.Apps, cmds.Status)

func New() *server.MCPServer {
	s := server.NewMCPServer("table", "1.0.0")
	for _, cmd := range commands {
		handler := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			args := map[string]string{}
			for k, v := range req.GetArguments() {
				if str, ok := v.(string); ok {
					args[k] = str
				}
			}
			argv, err := cmd.Build(args)
			if err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}
			out, err := exec.CommandContext(ctx, "fly", argv...).CombinedOutput()
			if err != nil {
				return nil, fmt.Errorf("running %v: %v", argv, err)
			}
			return mcp.NewToolResultText(string(out)), nil
		}
		opts := []mcp.ToolOption{mcp.WithDescription(cmd.Description)}
		opts = append(opts, mcp.WithString("app"))
		s.AddTool(mcp.NewTool(cmd.Name, opts...), handler)
	}
	return s
}
