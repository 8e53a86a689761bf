// Package gosdk11 is a server on go-sdk v1.1.0, which has no public jsonrpc.Error: a
// low-level handler's error always reaches the client with code 0.
package gosdk11

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func greet(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct{ Name string }
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err // want `the model never sees this argument error sent as JSON-RPC; return an IsError result and nil`
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Hi " + args.Name}}}, nil
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "greet", Description: "Greets someone.", InputSchema: map[string]any{"type": "object"}}, greet)
}

func lookup(ctx context.Context, name string) (string, error) { return name, ctx.Err() }

// On v1.1.0 the fix writes an IsError literal with the error's text: no SetError yet, and
// never fmt.Errorf(...).Error().
func find(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct{ Name string }
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, fmt.Errorf("invalid arguments: %w", err) // want `tool-error-as-protocol-error`
	}
	if args.Name == "" {
		return nil, errors.New("name is required") // want `tool-error-as-protocol-error`
	}
	v, err := lookup(ctx, args.Name)
	if err != nil {
		return nil, fmt.Errorf("looking up %s: %w", args.Name, err) // want `lookup failed upstream`
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: v}}}, nil
}

func RegisterFind(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "find", Description: "Finds someone.", InputSchema: map[string]any{"type": "object"}}, find)
}
