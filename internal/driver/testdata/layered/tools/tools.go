// Package tools holds a server's handlers in its own shape; package layers registers them
// through layers that recognition does not follow (yet), so each registration says so.
package tools

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Func is the layer's handler shape.
type Func func(ctx context.Context, args map[string]any) (string, error)

// Tool is the layer's handler interface.
type Tool interface {
	Name() string
	Handle(ctx context.Context, args map[string]any) (string, error)
}

func GetPod(ctx context.Context, args map[string]any) (string, error) {
	return "", errors.New("no pod")
}

type ListPods struct{}

func (ListPods) Name() string { return "list_pods" }

func (ListPods) Handle(ctx context.Context, args map[string]any) (string, error) {
	return "", errors.New("no pods")
}

// Search is a handler of the SDK's low-level shape: the server registers it by name, from
// this package.
func Search(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}
