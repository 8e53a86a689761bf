// Package tools holds a server's handlers in its own shape; package server registers them
// through layers of its own (a map, a list of interface values).
package tools

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Func is the layer's handler shape.
type Func func(ctx context.Context, args map[string]any) (string, error)

// Tool is the layer's handler interface.
type Tool interface {
	Name() string
	Handle(ctx context.Context, args map[string]any) (string, error)
}

// GetPod's error reaches the client as the server's low-level handler returns it: its
// cause is lost (preserve-cause-on-rethrow), which only a run that follows the server's map
// of handlers can tell.
func GetPod(ctx context.Context, args map[string]any) (string, error) {
	name, _ := args["name"].(string)
	if _, err := strconv.Atoi(name); err != nil {
		return "", fmt.Errorf("pod %s: %v", name, err)
	}
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
