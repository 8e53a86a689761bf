package a

import (
	"context"
	"reflect"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type converters struct{}

// toToolError turns the wrapped handler's error into a tool error.
func (*converters) toToolError(fn server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := fn(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

// heldConvert is the converting adapter, called through a package variable that holds it.
var heldConvert = (&converters{}).toToolError

func heldEcho(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := req.RequireString("text")
	if err != nil {
		return nil, err // Near miss: heldConvert turns it into a tool error.
	}
	return mcp.NewToolResultText(text), nil
}

func registerHeld(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("held_echo", mcp.WithDescription("Echoes.")), heldConvert(heldEcho))
}

// newClosureConvert makes a converting adapter as a closure; a package variable holds it.
func newClosureConvert() func(fn server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(fn server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			res, err := fn(ctx, req)
			if err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}
			return res, nil
		}
	}
}

var closureConvert = newClosureConvert()

func closureEcho(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := req.RequireString("text")
	if err != nil {
		return nil, err // Near miss: closureConvert turns it into a tool error.
	}
	return mcp.NewToolResultText(text), nil
}

// newClosureReflect is the same adapter calling the function through reflection.
func newClosureReflect() func(fn any) server.ToolHandlerFunc {
	return func(fn any) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			out := reflect.ValueOf(fn).Call([]reflect.Value{reflect.ValueOf(ctx), reflect.ValueOf(req)})
			if err, _ := out[1].Interface().(error); err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}
			res, _ := out[0].Interface().(*mcp.CallToolResult)
			return res, nil
		}
	}
}

var closureReflect = newClosureReflect()

func reflectedClosureEcho(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := req.RequireString("text")
	if err != nil {
		return nil, err // Near miss: closureReflect turns it into a tool error.
	}
	return mcp.NewToolResultText(text), nil
}

// newClosurePass makes an adapter, held the same way, that returns the error as its own.
func newClosurePass() func(fn any) server.ToolHandlerFunc {
	return func(fn any) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			out := reflect.ValueOf(fn).Call([]reflect.Value{reflect.ValueOf(ctx), reflect.ValueOf(req)})
			res, _ := out[0].Interface().(*mcp.CallToolResult)
			err, _ := out[1].Interface().(error)
			return res, err
		}
	}
}

var closurePass = newClosurePass()

func passedClosureEcho(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := req.RequireString("text")
	if err != nil {
		return nil, err // want `tool-error-as-protocol-error`
	}
	return mcp.NewToolResultText(text), nil
}

func registerClosures(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("closure_echo", mcp.WithDescription("Echoes.")), closureConvert(closureEcho))
	s.AddTool(mcp.NewTool("reflected_closure_echo", mcp.WithDescription("Echoes.")), closureReflect(reflectedClosureEcho))
	s.AddTool(mcp.NewTool("passed_closure_echo", mcp.WithDescription("Echoes.")), closurePass(passedClosureEcho))
}
