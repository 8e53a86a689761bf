// Package format: tool names outside the MCP spec's alphabet.
package format

import (
	"context"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

const long = "a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a12345678"

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "search files", Description: "d"}, low) // want `tool name "search files" has characters outside \[A-Za-z0-9\._-\]; clients may refuse it\. Rename it`
	s.AddTool(&mcp.Tool{Name: long, Description: "d"}, low)           // want `tool name "a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a12345678" is longer than 128 characters; clients may refuse it\. Rename it`
	s.AddTool(&mcp.Tool{Name: "files/read", Description: "d"}, low)   // want `tool name "files/read"`

	// Near misses: valid names, and resources and prompts, whose names are free text.
	s.AddTool(&mcp.Tool{Name: "files.read_v2-beta", Description: "d"}, low)
	s.AddTool(&mcp.Tool{Name: long[:128], Description: "d"}, low)
	s.AddPrompt(&mcp.Prompt{Name: "Write a summary", Description: "d"}, nil)
}

func M3() m3.Tool {
	return m3.NewTool("bad!name", m3.WithDescription("d")) // want `tool name "bad!name" has characters outside \[A-Za-z0-9\._-\]; clients may refuse it\. Rename it`
}
