// Package server registers four tools: one whose handler, declared in package tools, is
// checked there, and three behind layers recognition does not follow (a map, an interface
// method, a table's field), which the coverage line counts and -v names.
package server

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/layered/tools"
)

var handlers = map[string]tools.Func{"get_pod": tools.GetPod}

func New() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "layered", Version: "1.0.0"}, nil)
	s.AddTool(&mcp.Tool{Name: "search", Description: "Searches.", InputSchema: map[string]any{"type": "object"}}, tools.Search)
	for name := range handlers {
		s.AddTool(&mcp.Tool{Name: name, Description: "A tool of the map.", InputSchema: map[string]any{"type": "object"}}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var args map[string]any
			_ = json.Unmarshal(req.Params.Arguments, &args)
			text, err := handlers[name](ctx, args)
			if err != nil {
				return &mcp.CallToolResult{IsError: true}, nil
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
		})
	}
	for _, t := range []tools.Tool{tools.ListPods{}} {
		s.AddTool(&mcp.Tool{Name: t.Name(), Description: "A tool of the list.", InputSchema: map[string]any{"type": "object"}}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var args map[string]any
			_ = json.Unmarshal(req.Params.Arguments, &args)
			text, err := t.Handle(ctx, args)
			if err != nil {
				return &mcp.CallToolResult{IsError: true}, nil
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
		})
	}
	return s
}
