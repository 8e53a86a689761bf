// Package lister builds its tools in unexported methods, hands them out through GetTools and
// serves them all with one dispatcher that switches on the tool's name (sqlite-mcp's layer):
// package srv registers each element of GetTools with Handle.
package lister

import (
	"context"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

// Tools serves the count and shout tools.
type Tools struct{}

// GetTools returns the definitions Handle serves.
func (lt *Tools) GetTools() []mcp.Tool {
	return []mcp.Tool{lt.countTool(), lt.shoutTool()}
}

func (*Tools) countTool() mcp.Tool {
	return mcp.NewTool("count", mcp.WithDescription("Counts the words of a text."), mcp.WithString("text", mcp.Required(), mcp.Description("The text.")))
}

func (*Tools) shoutTool() mcp.Tool {
	return mcp.NewTool("shout", mcp.WithDescription("Writes a text in capitals."), mcp.WithString("text", mcp.Required(), mcp.Description("The text.")))
}

// Handle dispatches on the tool's name.
func (lt *Tools) Handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch req.Params.Name {
	case "count":
		return lt.count(ctx, req)
	case "shout":
		return lt.shout(ctx, req)
	}
	return mcp.NewToolResultError("unknown tool " + req.Params.Name), nil
}

func (*Tools) count(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := req.RequireString("text")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(strings.Repeat("x", len(strings.Fields(text)))), nil
}

func (*Tools) shout(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := req.RequireString("text")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(strings.ToUpper(text)), nil
}
