// Package prompts: prompts without a handler to generate their messages.
package prompts

import (
	"context"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func prompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	return nil, nil
}

func Register(s *mcp.Server) {
	s.AddPrompt(&mcp.Prompt{Name: "nil", Description: "d"}, nil) // want `prompt "nil" has a nil handler: prompts/get panics on the nil function; pass the handler`
	s.AddPrompt(&mcp.Prompt{Name: "ok", Description: "d"}, prompt)
	// Tools are handler-required's.
	s.AddTool(&mcp.Tool{Name: "t", Description: "d", InputSchema: map[string]any{"type": "object"}}, nil)
}

func RegisterM3(s *server.MCPServer) {
	s.AddPrompt(m3.NewPrompt("m3nil", m3.WithPromptDescription("d")), nil) // want `prompt "m3nil" has a nil handler`
	s.AddPrompts(server.ServerPrompt{Prompt: m3.NewPrompt("m3omitted")})   // want `prompt "m3omitted" is registered without a Handler`
}
