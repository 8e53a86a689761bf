// Package mcptoolhandlers: mcptool refuses definitions without a handler at start-up.
package mcptoolhandlers

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

func Register(s *mcp.Server, h func(context.Context, *mcptool.Call, In) (Out, error)) {
	mcptool.Add(s, mcptool.Tool[In, Out]{Name: "nil", Description: "d", Handler: nil})                                                   // want `tool "nil" has a nil handler: mcptool\.Add panics at start-up; pass the handler`
	mcptool.Add(s, mcptool.Tool[In, Out]{Name: "omitted", Description: "d"})                                                             // want `tool "omitted" is registered without a Handler, so mcptool\.Add panics at start-up; set Handler`
	mcptool.AddResource(s, mcptool.Resource{Name: "r", URI: "file:///r", Description: "d"})                                              // want `resource "r" is registered without a Handler, so mcptool\.AddResource panics at start-up; set Handler`
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[Params]{Name: "t", URITemplate: "x://{id}", Description: "d", Handler: nil}) // want `resource template "t" has a nil handler: mcptool\.AddResourceTemplate panics at start-up; pass the handler`
	// Prompts are prompt-handler-required's.
	mcptool.AddPrompt(s, mcptool.Prompt[Args]{Name: "p", Description: "d"})

	// Near misses: handlers given, one from a parameter, and one set after the literal.
	mcptool.Add(s, mcptool.Tool[In, Out]{Name: "ok", Description: "d", Handler: run})
	mcptool.Add(s, mcptool.Tool[In, Out]{Name: "param", Description: "d", Handler: h})
	later := mcptool.Resource{Name: "later", URI: "file:///later", Description: "d"}
	later.Handler = read
	mcptool.AddResource(s, later)
}
