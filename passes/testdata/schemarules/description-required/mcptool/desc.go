// Package mcptooldesc: mcptool definitions without a description.
package mcptooldesc

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcptool"
)

type In struct {
	Q string `json:"q" jsonschema:"query"`
}

type Out struct {
	N int `json:"n" jsonschema:"count"`
}

type Params struct {
	ID string `uri:"id"`
}

type Args struct {
	Topic string `json:"topic" jsonschema:"what to write about"`
}

func run(ctx context.Context, call *mcptool.Call, in In) (Out, error) { return Out{}, nil }

func read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{}, nil
}

func readItem(ctx context.Context, req *mcp.ReadResourceRequest, p Params) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{}, nil
}

func prompt(ctx context.Context, req *mcp.GetPromptRequest, a Args) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{}, nil
}

func Register(s *mcp.Server, text string) {
	mcptool.Add(s, mcptool.Tool[In, Out]{Name: "bare", Handler: run})                                                          // want `tool "bare" has no description, which the model picks tools by; add one`
	mcptool.Add(s, mcptool.Tool[In, Out]{Name: "blank", Description: "\t", Handler: run})                                      // want `tool "blank" has no description`
	mcptool.AddResource(s, mcptool.Resource{Name: "cfg", URI: "file:///cfg", Handler: read})                                   // want `resource "cfg" has no description, which the model picks resources by; add one`
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[Params]{Name: "item", URITemplate: "x://{id}", Handler: readItem}) // want `resource template "item" has no description`
	mcptool.AddPrompt(s, mcptool.Prompt[Args]{Name: "write", Handler: prompt})                                                 // want `prompt "write" has no description, which people pick prompts by; add one`

	// Near misses: described, described at run time, and described after the literal.
	mcptool.Add(s, mcptool.Tool[In, Out]{Name: "ok", Description: "Finds things.", Handler: run})
	mcptool.Add(s, mcptool.Tool[In, Out]{Name: "dyn", Description: text, Handler: run})
	later := mcptool.Resource{Name: "later", URI: "file:///later", Handler: read}
	later.Description = text
	mcptool.AddResource(s, later)
}
