// Package server registers four tools: one whose handler, declared in package tools, is
// checked there; two behind layers of the server's own (a map of handlers that passes their
// errors through, a list of interface values whose errors it makes tool errors), which only
// the module graph follows; and one whose function is set at run time, which the coverage
// line counts as not seen.
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
				return nil, err
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
	s.AddTool(&mcp.Tool{Name: "external", Description: "A tool of a function set at run time.", InputSchema: map[string]any{"type": "object"}}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args map[string]any
		_ = json.Unmarshal(req.Params.Arguments, &args)
		text, err := external(ctx, args)
		if err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
	})
	return s
}

// external is set at run time (a plugin, say): no function of the module is stored in a
// value of its signature, so the module graph finds nothing behind it.
var external func(ctx context.Context, in map[string]any) (text string, err error)
