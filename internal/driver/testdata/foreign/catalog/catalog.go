// Package catalog keeps its tools in a package variable and their handlers in a map of
// handler factories held in package variables, joined by name where they are registered
// (rod-mcp's layer): package srv looks each tool's factory up and registers what it makes.
package catalog

import (
	"context"
	"errors"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Maker makes a tool's handler.
type Maker = func(prefix string) server.ToolHandlerFunc

var (
	Upper = mcp.NewTool("upper", mcp.WithDescription("Writes a text in capitals."), mcp.WithString("text", mcp.Required(), mcp.Description("The text.")))
	Lower = mcp.NewTool("lower", mcp.WithDescription("Writes a text in small letters."), mcp.WithString("text", mcp.Required(), mcp.Description("The text.")))

	// All are the tools package srv registers.
	All = []mcp.Tool{Upper, Lower}
	// Makers are their handlers' factories, by tool name.
	Makers = map[string]Maker{"upper": UpperHandler, "lower": LowerHandler}

	// UpperHandler's handler goes through wrap, which turns its error into a tool error.
	UpperHandler = func(prefix string) server.ToolHandlerFunc {
		handler := func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			text := req.GetString("text", "")
			if text == "" {
				return nil, errors.New("text is empty")
			}
			return mcp.NewToolResultText(prefix + strings.ToUpper(text)), nil
		}
		return wrap(handler)
	}
	LowerHandler = func(prefix string) server.ToolHandlerFunc {
		return func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			text, err := req.RequireString("text")
			if err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}
			return mcp.NewToolResultText(prefix + strings.ToLower(text)), nil
		}
	}
)

func wrap(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := h(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}
