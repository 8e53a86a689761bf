// Package textual: an adapter that turns the wrapped function's error into an IsError
// result, so the functions it wraps fail with tool errors whatever the SDK handler's type.
package textual

import (
	"context"
	"errors"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Executor func(ctx context.Context, params map[string]any) (string, error)

type Tool struct {
	Name string
	Run  Executor
}

func errorResult(msg string) *m3.CallToolResult { return m3.NewToolResultError(msg) }

func Register(s *server.MCPServer, tools []Tool) {
	for _, t := range tools {
		s.AddTool(m3.NewTool(t.Name), func(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) { // want `def tool mark3labs name=dynamic defaults registered handler=literal converter` `handler tool mark3labs MarkLabsTool errors=protocol registered`
			out, err := t.Run(ctx, req.GetArguments())
			if err != nil {
				return errorResult(err.Error()), nil
			}
			return m3.NewToolResultText(out), nil
		})
	}
}

var Tools = []Tool{
	{Name: "az", Run: func(ctx context.Context, params map[string]any) (string, error) { // want `def tool mark3labs name="az" defaults registered own=Tool` `handler tool mark3labs AdaptedTool errors=tool registered`
		return "", errors.New("az failed")
	}},
}
