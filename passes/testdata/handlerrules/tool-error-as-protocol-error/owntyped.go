package a

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// session is the server's own state, which its tool functions are handed beside the
// request: their signature is mcp-go's typed handler's, but nothing decodes arguments into
// the third parameter.
type session struct{ token string }

type sessionHandler func(ctx context.Context, req mcp.CallToolRequest, s *session) (*mcp.CallToolResult, error)

type sessionTool struct {
	tool    mcp.Tool
	handler sessionHandler
}

func sessionWhoAmI(ctx context.Context, req mcp.CallToolRequest, s *session) (*mcp.CallToolResult, error) {
	if s.token == "" {
		return nil, errors.New("not authenticated") // Near miss: the server's credentials, not an argument.
	}
	return mcp.NewToolResultText("me"), nil
}

func sessionEcho(ctx context.Context, req mcp.CallToolRequest, s *session) (*mcp.CallToolResult, error) {
	text, err := req.RequireString("text")
	if err != nil {
		return nil, err // want `tool-error-as-protocol-error`
	}
	return mcp.NewToolResultText(text), nil
}

func registerSessionTools(srv *server.MCPServer, s *session) {
	for _, t := range []sessionTool{
		{mcp.NewTool("whoami", mcp.WithDescription("Says who.")), sessionWhoAmI},
		{mcp.NewTool("session_echo", mcp.WithDescription("Echoes.")), sessionEcho},
	} {
		t := t
		srv.AddTool(t.tool, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return t.handler(ctx, req, s)
		})
	}
}

// greetArgs are decoded from the arguments by the adapter and handed on: the third
// parameter is the tool's input.
type greetArgs struct {
	Name string `json:"name"`
}

type greetHandler func(ctx context.Context, req mcp.CallToolRequest, in greetArgs) (*mcp.CallToolResult, error)

type greetTool struct {
	tool    mcp.Tool
	handler greetHandler
}

func greet(ctx context.Context, req mcp.CallToolRequest, in greetArgs) (*mcp.CallToolResult, error) {
	if in.Name == "" {
		return nil, errors.New("name is required") // want `tool-error-as-protocol-error`
	}
	return mcp.NewToolResultText("hello " + in.Name), nil
}

func registerGreet(srv *server.MCPServer) {
	for _, t := range []greetTool{{mcp.NewTool("greet", mcp.WithDescription("Greets."), mcp.WithString("name")), greet}} {
		t := t
		srv.AddTool(t.tool, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var in greetArgs
			if err := req.BindArguments(&in); err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}
			return t.handler(ctx, req, in)
		})
	}
}
