// Package mcptoolnames: mcptool definitions without a name.
package mcptoolnames

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

func Register(s *mcp.Server, name string) {
	mcptool.Add(s, mcptool.Tool[In, Out]{Description: "d", Handler: run})                                                                    // want `tool has no name: mcptool\.Add panics at start-up; give it a name`
	mcptool.Add(s, mcptool.Tool[In, Out]{Name: " ", Description: "d", Handler: run})                                                         // want `tool has an empty name`
	mcptool.AddResource(s, mcptool.Resource{URI: "file:///a", Description: "d", Handler: read})                                              // want `resource has no name: mcptool\.AddResource panics at start-up; give it a name`
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[Params]{URITemplate: "x://{id}", Name: "", Description: "d", Handler: readItem}) // want `resource template has an empty name`
	mcptool.AddPrompt(s, mcptool.Prompt[Args]{Description: "d", Handler: prompt})                                                            // want `prompt has no name: mcptool\.AddPrompt panics at start-up; give it a name`

	// Near misses: named, and a name only known at run time.
	mcptool.Add(s, mcptool.Tool[In, Out]{Name: "search", Description: "d", Handler: run})
	mcptool.AddPrompt(s, mcptool.Prompt[Args]{Name: name, Description: "d", Handler: prompt})
}
