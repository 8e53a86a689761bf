package a

import (
	"context"
	"reflect"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// viaReflect calls fn through reflection and turns its error into a tool error: what the
// wrapped function returns never reaches the client as a JSON-RPC error.
func viaReflect(fn any) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out := reflect.ValueOf(fn).Call([]reflect.Value{reflect.ValueOf(ctx), reflect.ValueOf(req)})
		if err, _ := out[1].Interface().(error); err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		res, _ := out[0].Interface().(*mcp.CallToolResult)
		return res, nil
	}
}

func reflectedEcho(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := req.RequireString("text")
	if err != nil {
		return nil, err // Near miss: viaReflect turns it into a tool error.
	}
	return mcp.NewToolResultText(text), nil
}

func registerReflected(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("reflected_echo", mcp.WithDescription("Echoes.")), viaReflect(reflectedEcho))
}

// passReflect calls fn through reflection and returns its error as the handler's.
func passReflect(fn any) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out := reflect.ValueOf(fn).Call([]reflect.Value{reflect.ValueOf(ctx), reflect.ValueOf(req)})
		res, _ := out[0].Interface().(*mcp.CallToolResult)
		err, _ := out[1].Interface().(error)
		return res, err
	}
}

func reflectedUpper(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := req.RequireString("text")
	if err != nil {
		return nil, err // want `tool-error-as-protocol-error`
	}
	return mcp.NewToolResultText(text), nil
}

func registerPassed(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("reflected_upper", mcp.WithDescription("Upper-cases.")), passReflect(reflectedUpper))
}
