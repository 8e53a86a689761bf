// Package mcptoolprompts: mcptool refuses prompts without a handler at start-up.
package mcptoolprompts

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcptool"
)

type Args struct {
	Topic string `json:"topic" jsonschema:"what to write about"`
}

func write(ctx context.Context, req *mcp.GetPromptRequest, a Args) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{}, nil
}

func Register(s *mcp.Server) {
	mcptool.AddPrompt(s, mcptool.Prompt[Args]{Name: "nil", Description: "d", Handler: nil}) // want `prompt "nil" has a nil handler: mcptool\.AddPrompt panics at start-up; pass the handler`
	mcptool.AddPrompt(s, mcptool.Prompt[Args]{Name: "omitted", Description: "d"})           // want `prompt "omitted" is registered without a Handler`

	// Near misses.
	mcptool.AddPrompt(s, mcptool.Prompt[Args]{Name: "ok", Description: "d", Handler: write})
	mcptool.AddPrompt(s, mcptool.Prompt[*Args]{Name: "literal", Description: "d", Handler: func(ctx context.Context, req *mcp.GetPromptRequest, a *Args) (*mcp.GetPromptResult, error) {
		return write(ctx, req, *a)
	}})
}
