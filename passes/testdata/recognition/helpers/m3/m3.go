// Package m3 defines mark3labs tools through a helper that puts the description in front of
// the options each call passes.
package m3

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool mark3labs MarkLabsTool errors=protocol registered`
	return nil, nil
}

func fetch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool mark3labs MarkLabsTool errors=protocol registered`
	return nil, nil
}

func tool(name, desc string, h server.ToolHandlerFunc, opts ...mcp.ToolOption) server.ServerTool {
	return server.ServerTool{Tool: mcp.NewTool(name, append([]mcp.ToolOption{mcp.WithDescription(desc)}, opts...)...), Handler: h} // want `def tool mark3labs name=dynamic desc=dynamic defaults handler=external converter`
}

func Register(s *server.MCPServer, extra []mcp.ToolOption) {
	s.AddTools(
		tool("search", "Search the index", search, mcp.WithReadOnlyHintAnnotation(true), mcp.WithString("q", mcp.Required())), // want `def tool mark3labs name="search" desc="Search the index" readonly=true defaults registered handler=search`
		tool("fetch", "Fetch a page", fetch, extra...), // want `def tool mark3labs name="fetch" desc="Fetch a page" defaults registered handler=fetch`
	)
}
