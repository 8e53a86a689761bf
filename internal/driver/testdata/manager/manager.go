// Package manager registers every tool in a loop with one closure that decodes the arguments
// and hands them to the manager, which finds the tool's handler by name and calls it through
// an interface; the closure is wrapped in a recovering adapter before it is registered
// (solace-broker-mcp's RegisterWithServer). The handlers behind the interface are not
// followed, so no tool counts as checked. The status tool, registered on its own, is.
package manager

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type ToolHandler interface {
	Name() string
	Handle(ctx context.Context, params map[string]any) (*mcp.CallToolResult, error)
}

type Manager struct{ handlers map[string]ToolHandler }

func (m *Manager) CallTool(ctx context.Context, name string, params map[string]any) (*mcp.CallToolResult, error) {
	h, ok := m.handlers[name]
	if !ok {
		return nil, fmt.Errorf("unknown tool %s", name)
	}
	return h.Handle(ctx, params)
}

func withRecovery(h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			if r := recover(); r != nil {
				res = &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "internal error"}}}
				err = nil
			}
		}()
		return h(ctx, req)
	}
}

func Register(s *mcp.Server, m *Manager) {
	for name := range m.handlers {
		var handler mcp.ToolHandler = func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var params map[string]any
			if err := json.Unmarshal(req.Params.Arguments, &params); err != nil {
				return nil, err
			}
			return m.CallTool(ctx, name, params)
		}
		s.AddTool(&mcp.Tool{Name: name, Description: "A managed tool.", InputSchema: map[string]any{"type": "object"}}, withRecovery(handler))
	}
	mcp.AddTool(s, &mcp.Tool{Name: "status", Description: "Says the manager is up."}, status)
}

type statusIn struct{}

func status(ctx context.Context, req *mcp.CallToolRequest, in statusIn) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "up"}}}, nil, nil
}
