// Package lib holds a server's helpers, called from another package: each call there is a
// tool of its own.
package lib

import (
	"context"
	"reflect"

	m3 "github.com/mark3labs/mcp-go/mcp"
	m3server "github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MustTool registers a typed tool: its schemas are inferred from each call's In and Out.
func MustTool[In, Out any](s *mcp.Server, name, desc string, fn mcp.ToolHandlerFor[In, Out]) {
	mcp.AddTool(s, &mcp.Tool{Name: name, Description: desc}, fn) // want `def tool go-sdk name=dynamic desc=dynamic in=In out=Out registered handler=external converter`
}

// ReadOnly goes through MustTool.
func ReadOnly[In, Out any](s *mcp.Server, name, desc string, fn mcp.ToolHandlerFor[In, Out]) {
	MustTool(s, name, desc, fn) // want `def tool go-sdk name=dynamic desc=dynamic in=In out=Out registered handler=external template`
}

// Annotated fixes annotations the calls cannot see from another package.
func Annotated(s *mcp.Server, name string, h mcp.ToolHandler) {
	s.AddTool(&mcp.Tool{Name: name, Description: "Fixed.", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, h) // want `def tool go-sdk name=dynamic desc="Fixed." readonly=true registered handler=external converter`
}

// Tool is the mark3labs shape: the description first, then the call's options.
func Tool(name, desc string, h m3server.ToolHandlerFunc, opts ...m3.ToolOption) m3server.ServerTool {
	return m3server.ServerTool{Tool: m3.NewTool(name, append([]m3.ToolOption{m3.WithDescription(desc)}, opts...)...), Handler: h} // want `def tool mark3labs name=dynamic desc=dynamic defaults handler=external template`
}

func noop(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol registered`
	return &mcp.CallToolResult{}, nil
}

// Builtin is called here too: its call here is a tool here.
func Builtin(s *mcp.Server) {
	Annotated(s, "builtin", noop) // want `def tool go-sdk name="builtin" desc="Fixed." readonly=true registered handler=noop`
}

// Reflected calls fn through reflect from the handler it registers.
func Reflected(s *mcp.Server, name string, fn any) {
	v := reflect.ValueOf(fn)
	s.AddTool(&mcp.Tool{Name: name, Description: "Reflected."}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `def tool go-sdk name=dynamic desc="Reflected." registered handler=literal template` `handler tool go-sdk GoSDKTool errors=protocol registered`
		out := v.Call([]reflect.Value{reflect.ValueOf(ctx), reflect.ValueOf(req)}) // want `unmapped adapter Reflected`
		res, _ := out[0].Interface().(*mcp.CallToolResult)
		return res, nil
	})
}
