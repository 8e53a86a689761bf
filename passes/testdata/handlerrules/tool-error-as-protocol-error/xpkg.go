package a

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/handlerrules/tool-error-as-protocol-error/layer"
)

type findIn struct {
	Name string `json:"name"`
}

// find is adapted by layer.Gateway, in another package: its error is a JSON-RPC error.
func find(ctx context.Context, in findIn) (string, error) {
	if in.Name == "" {
		return "", errors.New("name is required") // want `the model never sees this argument error sent as JSON-RPC; return an isError result from the adapter`
	}
	return in.Name, nil
}

// hardFind is adapted by layer.Soft: a *HardError is a JSON-RPC error, any other a tool
// error.
func hardFind(ctx context.Context, in findIn) (string, error) {
	if in.Name == "" {
		return "", &layer.HardError{Msg: "name is required"} // want `the model never sees this argument error sent as JSON-RPC; return an isError result from the adapter`
	}
	if len(in.Name) > 64 {
		return "", errors.New("name is too long") // Near miss: a tool error under layer.Soft.
	}
	return in.Name, nil
}

var (
	_ = layer.Gateway(find)
	_ = layer.Soft(hardFind)
)

// lowered has a typed handler's signature, but layer.Lower returns its error from a
// low-level handler: a JSON-RPC error.
var _ = layer.Lower(func(ctx context.Context, req *mcp.CallToolRequest, in findIn) (*mcp.CallToolResult, any, error) {
	if in.Name == "" {
		return nil, nil, errors.New("name is required") // want `tool-error-as-protocol-error`
	}
	return &mcp.CallToolResult{}, nil, nil
})

// Near miss: the same typed handler registered with mcp.AddTool returns tool errors.
var _ = registerTyped

func registerTyped(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "typed"}, func(ctx context.Context, req *mcp.CallToolRequest, in findIn) (*mcp.CallToolResult, any, error) {
		if in.Name == "" {
			return nil, nil, errors.New("name is required")
		}
		return &mcp.CallToolResult{}, nil, nil
	})
}
