package a

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// An adapter of the module hands the model's arguments to an action (gitlab-mcp-server's
// ActionFunc routes): the actions are handlers, and their map parameter is the model's input.
type actionFunc func(ctx context.Context, params map[string]any) (string, error)

func createAction(ctx context.Context, params map[string]any) (string, error) {
	title := params["title"].(string) // want `params\["title"\]\.\(string\) panics on another type: mcp-go v1\.2\.1 sends JSON-RPC -32603; use the two-value form`
	return "created " + title, nil
}

func deleteAction(ctx context.Context, params map[string]any) (string, error) {
	id, ok := params["id"].(string)
	if !ok {
		return "", fmt.Errorf("id must be a string")
	}
	return "deleted " + id, nil
}

// withArguments is an adapter of the module: it hands the model's arguments to fn and turns
// its error into a tool error.
func withArguments(fn actionFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := fn(ctx, req.GetArguments())
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(out), nil
	}
}

func RegisterActions(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("create", mcp.WithString("title")), withArguments(createAction))
	s.AddTool(mcp.NewTool("delete", mcp.WithString("id")), withArguments(deleteAction))
}
