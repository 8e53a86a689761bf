// Package tools holds tool functions of the server's own signature, which is mcp-go's typed
// handler's, and the table of them; package srv registers them through an adapter that hands
// them the server's session, not decoded arguments (planetscale-cli's ToolHandler).
package tools

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
)

// Session is the server's state.
type Session struct{ Token string }

// Handler is the signature of the server's tool functions.
type Handler func(ctx context.Context, req mcp.CallToolRequest, s *Session) (*mcp.CallToolResult, error)

// Tool pairs a definition with its function.
type Tool struct {
	Tool    mcp.Tool
	Handler Handler
}

// WhoAmI answers from the session: its check is of the server's credentials, not an argument.
func WhoAmI(ctx context.Context, req mcp.CallToolRequest, s *Session) (*mcp.CallToolResult, error) {
	if s.Token == "" {
		return nil, errors.New("not authenticated")
	}
	return mcp.NewToolResultText("me"), nil
}

// Echo echoes its argument: a missing argument sent as a JSON-RPC error.
func Echo(ctx context.Context, req mcp.CallToolRequest, s *Session) (*mcp.CallToolResult, error) {
	text, err := req.RequireString("text")
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(text), nil
}

// Tools is the table package srv registers.
var Tools = []Tool{
	{mcp.NewTool("whoami", mcp.WithDescription("Says who is signed in.")), WhoAmI},
	{mcp.NewTool("echo", mcp.WithDescription("Echoes the text."), mcp.WithString("text", mcp.Description("What to echo."))), Echo},
}
