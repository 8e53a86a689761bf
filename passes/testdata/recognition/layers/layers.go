// Package layers registers handlers of package tools through a map, a slice of interface
// values and a package table: calls of function values that hand on the tool's arguments
// and that no adapter mapping follows are recorded as unmapped (the run's coverage names
// them). Near misses: a service call with values the handler derived, and a map of SDK
// handlers (recognised by their type wherever they are declared).
package layers

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/recognition/layers/tools"
)

var handlers = map[string]tools.Func{"get_pod": tools.GetPod}

func byMap(s *mcp.Server) {
	for name := range handlers {
		s.AddTool(&mcp.Tool{Name: name}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `def tool go-sdk name=dynamic registered handler=literal` `handler tool go-sdk GoSDKTool errors=protocol registered via=sdk-typed`
			var args map[string]any
			_ = json.Unmarshal(req.Params.Arguments, &args)
			text, err := handlers[name](ctx, args) // want `unmapped adapter byMap: the handler hands the tool.s arguments to an element of handlers that recognition does not follow`
			if err != nil {
				return nil, err
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
		})
	}
}

func byInterface(s *mcp.Server) {
	all := []tools.Tool{tools.ListPods{}}
	for _, t := range all {
		s.AddTool(&mcp.Tool{Name: t.Name()}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `def tool go-sdk name=dynamic registered handler=literal` `handler tool go-sdk GoSDKTool errors=protocol registered via=sdk-typed`
			var args map[string]any
			_ = json.Unmarshal(req.Params.Arguments, &args)
			text, err := t.Handle(ctx, args) // want `unmapped adapter byInterface: .* the interface method t.Handle that`
			if err != nil {
				return &mcp.CallToolResult{IsError: true}, nil
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
		})
	}
}

var table = []struct {
	Name string
	Fn   tools.Func
}{{"get_pod", tools.GetPod}}

func byTable(s *mcp.Server) {
	for _, e := range table {
		s.AddTool(&mcp.Tool{Name: e.Name}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `def tool go-sdk name=dynamic registered handler=literal` `handler tool go-sdk GoSDKTool errors=protocol registered via=sdk-typed`
			var args map[string]any
			_ = json.Unmarshal(req.Params.Arguments, &args)
			text, err := e.Fn(ctx, args) // want `unmapped adapter byTable: .* the function held in the field e.Fn that`
			if err != nil {
				return nil, err
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
		})
	}
}

// Store is a service: the handler hands it a value it derived, not the tool's arguments.
type Store interface {
	Lookup(ctx context.Context, key string) (string, error)
}

func service(s *mcp.Server, st Store) {
	s.AddTool(&mcp.Tool{Name: "lookup"}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `def tool go-sdk name="lookup" registered handler=literal` `handler tool go-sdk GoSDKTool errors=protocol registered via=sdk-typed`
		v, err := st.Lookup(ctx, req.Params.Name)
		if err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: v}}}, nil
	})
}

var sdkHandlers = map[string]mcp.ToolHandler{}

func sdkMap(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "sdk"}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `def tool go-sdk name="sdk" registered handler=literal` `handler tool go-sdk GoSDKTool errors=protocol registered via=sdk-typed`
		return sdkHandlers["sdk"](ctx, req)
	})
}
