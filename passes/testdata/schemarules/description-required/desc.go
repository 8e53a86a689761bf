// Package desc: definitions without a description.
package desc

import (
	"context"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return nil, nil
}

func Register(s *mcp.Server, text string) {
	s.AddTool(&mcp.Tool{Name: "bare"}, low)                                                   // want `tool "bare" has no description, which the model picks tools by; add one`
	s.AddTool(&mcp.Tool{Name: "blank", Description: "   "}, low)                              // want `tool "blank" has no description`
	s.AddResource(&mcp.Resource{Name: "cfg", URI: "file:///cfg"}, read)                       // want `resource "cfg" has no description, which the model picks resources by; add one`
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "item", URITemplate: "x://{id}"}, read) // want `resource template "item" has no description`
	s.AddPrompt(&mcp.Prompt{Name: "p"}, nil)                                                  // want `prompt "p" has no description, which people pick prompts by; add one`

	// Near misses.
	s.AddTool(&mcp.Tool{Name: "ok", Description: "Finds things."}, low)
	s.AddTool(&mcp.Tool{Name: "dyn", Description: text}, low)
	later := &mcp.Tool{Name: "later"}
	later.Description = text
	s.AddTool(later, low)
}

func M3(opts []m3.ToolOption) []m3.Tool {
	return []m3.Tool{
		m3.NewTool("m3bare"), // want `tool "m3bare" has no description`
		m3.NewTool("m3ok", m3.WithDescription("Reads a file.")),
		m3.NewTool("m3opts", opts...),
	}
}

func M3Resources() []m3.ResourceTemplate {
	return []m3.ResourceTemplate{
		m3.NewResourceTemplate("file:///{path}", "file"), // want `resource template "file" has no description`
		m3.NewResourceTemplate("dir:///{path}", "dir", m3.WithTemplateDescription("A directory.")),
	}
}
