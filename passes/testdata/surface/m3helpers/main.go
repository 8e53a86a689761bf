// Command m3helpers is a mark3labs/mcp-go server that defines every tool through its own
// helper, which puts the description in front of the options each call passes. The surface
// tests compare its static surface with what it lists when it runs.
package main

import (
	"context"
	"log"
	"os"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Query struct {
	Text  string `json:"text" jsonschema_description:"what to search for"`
	Limit int    `json:"limit,omitempty"`
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}

func tool(name, desc string, h server.ToolHandlerFunc, opts ...mcp.ToolOption) server.ServerTool {
	return server.ServerTool{Tool: mcp.NewTool(name, append([]mcp.ToolOption{mcp.WithDescription(desc)}, opts...)...), Handler: h}
}

// readOnlyTool goes through tool, adding a hint before the call's options.
func readOnlyTool(name, desc string, opts ...mcp.ToolOption) server.ServerTool {
	return tool(name, desc, handle, append([]mcp.ToolOption{mcp.WithReadOnlyHintAnnotation(true)}, opts...)...)
}

func main() {
	s := server.NewMCPServer("m3helpers", "1.0.0", server.WithToolCapabilities(true))
	s.AddTools(
		tool("search", "Search things.", handle,
			mcp.WithString("query", mcp.Required(), mcp.Description("the query")),
			mcp.WithNumber("limit", mcp.DefaultNumber(10)),
			mcp.WithDestructiveHintAnnotation(false),
		),
		tool("typed", "Typed input.", handle, mcp.WithInputSchema[Query]()),
		readOnlyTool("peek", "Peek at a thing.", mcp.WithString("id", mcp.Required())),
	)
	// Options built at run time: the description is known, the rest is not.
	var extra []mcp.ToolOption
	for _, p := range strings.Fields(os.Getenv("M3HELPERS_PARAMS")) {
		extra = append(extra, mcp.WithString(p))
	}
	s.AddTools(tool("dynamic", "Options from the environment.", handle, extra...))
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
