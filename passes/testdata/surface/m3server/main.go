// Command m3server is a mark3labs/mcp-go server whose static surface the surface tests
// compare with what it lists when it runs.
package main

import (
	"context"
	"log"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Query struct {
	Text  string   `json:"text" jsonschema_description:"what to search for"`
	Limit int      `json:"limit,omitempty" jsonschema:"at most this many"`
	Kinds []string `json:"kinds,omitempty"`
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}

func read(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	return nil, nil
}

func prompt(ctx context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{}, nil
}

func main() {
	s := server.NewMCPServer("m3server", "1.0.0", server.WithToolCapabilities(true), server.WithResourceCapabilities(false, false), server.WithPromptCapabilities(false))
	s.AddTool(mcp.NewTool("search",
		mcp.WithDescription("Search things."),
		mcp.WithString("query", mcp.Required(), mcp.Description("the query")),
		mcp.WithNumber("limit", mcp.Description("at most"), mcp.DefaultNumber(10)),
		mcp.WithBoolean("exact"),
		mcp.WithString("order", mcp.Enum("asc", "desc")),
		mcp.WithReadOnlyHintAnnotation(true),
	), handle)
	s.AddTool(mcp.NewTool("typed",
		mcp.WithDescription("Typed input."),
		mcp.WithInputSchema[Query](),
		mcp.WithDestructiveHintAnnotation(false),
	), handle)
	s.AddTool(mcp.NewToolWithRawSchema("rawtool", "Raw schema.", []byte(`{"type":"object","properties":{"x":{"type":"string"}}}`)), handle)
	s.AddResource(mcp.NewResource("file:///a.txt", "a", mcp.WithResourceDescription("A file."), mcp.WithMIMEType("text/plain")), read)
	s.AddResourceTemplate(mcp.NewResourceTemplate("items://{id}", "item", mcp.WithTemplateDescription("An item.")), read)
	s.AddPrompt(mcp.NewPrompt("summarize", mcp.WithPromptDescription("Summarize."), mcp.WithArgument("text", mcp.RequiredArgument(), mcp.ArgumentDescription("the text"))), prompt)
	// SURFACE_HTTP=addr serves streamable HTTP instead of stdio (the -live -url test).
	if addr := os.Getenv("SURFACE_HTTP"); addr != "" {
		if err := server.NewStreamableHTTPServer(s).Start(addr); err != nil {
			log.Fatal(err)
		}
		return
	}
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
