// Package adapter wraps SDK handlers in its own shape with extra dependencies, as
// github-mcp-server does; the functions given to the adapter are handlers too.
package adapter

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Deps struct{ Token string }

type ServerTool struct {
	Tool    mcp.Tool
	Handler mcp.ToolHandlerFor[map[string]any, any]
}

func depsFrom(ctx context.Context) Deps { return Deps{} }

func NewTool[In, Out any](tool mcp.Tool, handler func(ctx context.Context, deps Deps, req *mcp.CallToolRequest, args In) (*mcp.CallToolResult, Out, error)) func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Out, error) {
	return func(ctx context.Context, req *mcp.CallToolRequest, args In) (*mcp.CallToolResult, Out, error) { // want `handler tool go-sdk GoSDKTypedTool errors=tool unregistered`
		return handler(ctx, depsFrom(ctx), req, args)
	}
}

func GetMe() any {
	return NewTool(mcp.Tool{Name: "get_me"}, // want `def tool go-sdk name="get_me" in=map\[string\]any out=any handler=literal$`
		func(ctx context.Context, deps Deps, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, any, error) { // want `handler tool go-sdk GoSDKTypedTool errors=tool registered`
			return nil, nil, errors.New("x")
		})
}

func named(ctx context.Context, deps Deps, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, any, error) { // want `handler tool go-sdk GoSDKTypedTool errors=tool registered`
	return nil, nil, nil
}

func GetTeam() any {
	return NewTool(mcp.Tool{Name: "get_team"}, named) // want `def tool go-sdk name="get_team" in=map\[string\]any out=any handler=named$`
}

// notAnAdapter turns the error of the function it is given into an IsError result, so that
// function fails with tool errors (a converting adapter, wrapped.go).
func notAnAdapter(h func(ctx context.Context, deps Deps, req *mcp.CallToolRequest) (*mcp.CallToolResult, error)) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol unregistered`
		res, err := h(ctx, Deps{}, req)
		if err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		return res, nil
	}
}

var _ = notAnAdapter(func(ctx context.Context, deps Deps, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk AdaptedTool errors=tool registered`
	return nil, errors.New("the adapter turns errors into results")
})

// A registered handler that delegates to a function with an extra logger parameter: the
// delegate is a handler too.
type logger struct{}

func Delegating() mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol unregistered`
		return getPlan(ctx, req, logger{})
	}
}

func getPlan(ctx context.Context, req *mcp.CallToolRequest, l logger) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol registered`
	return nil, errors.New("x")
}

// Two recognised handlers beside one definition: which one serves it is unknown, so neither
// is linked.
func Both() (any, any, any) {
	return mcp.Tool{Name: "both"}, named, getPlan // want `def tool go-sdk name="both"$`
}

// A handler that returns a function's results unchanged on one path only (one method of a
// multi-method tool): on that path they are the handler's, so the function is a handler too.
func Partly() mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol unregistered`
		if req == nil {
			return nil, errors.New("no request")
		}
		return addItem(ctx, "x")
	}
}

func addItem(ctx context.Context, name string) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol registered via=delegate`
	return nil, errors.New(name)
}

// Near miss: a helper whose results the handler inspects rather than returns is not a handler.
func Inspecting() mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol unregistered`
		res, err := fetchItem(ctx)
		if err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		return res, nil
	}
}

func fetchItem(ctx context.Context) (*mcp.CallToolResult, error) {
	return nil, errors.New("x")
}
