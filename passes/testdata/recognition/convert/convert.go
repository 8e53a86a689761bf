// Package convert: adapters that call functions in the repository's own shape from SDK
// handlers and convert what they return.
package convert

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MustTool is a generic wrapper: fn's error is returned unchanged by a typed handler, so the
// functions given to it are typed handlers (tool errors).
func MustTool[T, R any](s *mcp.Server, name string, fn func(context.Context, T) (R, error)) {
	mcp.AddTool(s, &mcp.Tool{Name: name}, func(ctx context.Context, req *mcp.CallToolRequest, in T) (*mcp.CallToolResult, R, error) { // want `def tool go-sdk name=dynamic in=T out=R registered handler=literal` `handler tool go-sdk GoSDKTypedTool errors=tool registered`
		out, err := fn(ctx, in)
		if err != nil {
			return nil, out, err
		}
		return nil, out, nil
	})
}

type GetIn struct{ ID string }
type GetOut struct{ Name string }

func get(ctx context.Context, in GetIn) (GetOut, error) { // want `handler tool go-sdk GoSDKTypedTool errors=tool registered`
	return GetOut{}, errors.New("x")
}

func Register(s *mcp.Server) {
	MustTool(s, "get", get)                                                        // want `def tool go-sdk name="get" in=convert.GetIn out=convert.GetOut registered handler=literal`
	MustTool(s, "list", func(ctx context.Context, in struct{}) ([]string, error) { // want `def tool go-sdk name="list" in=struct{} out=\[\]string registered handler=literal` `handler tool go-sdk GoSDKTypedTool errors=tool registered`
		return nil, nil
	})
	MustTool(s, "made", makeHandler("x")) // want `def tool go-sdk name="made" in=convert.GetIn out=convert.GetOut registered handler=literal`
}

// makeHandler is a factory: the closure it returns is wrapped.
func makeHandler(prefix string) func(context.Context, GetIn) (GetOut, error) {
	return func(ctx context.Context, in GetIn) (GetOut, error) { // want `handler tool go-sdk GoSDKTypedTool errors=tool registered`
		return GetOut{Name: prefix + in.ID}, nil
	}
}

// HandlerFunc and ServerTool are the repository's own tool layer; the adapter converts the
// error into a protocol error of a low-level handler.
type HandlerFunc func(ctx context.Context, args map[string]any) (string, error)

type ServerTool struct {
	Name    string
	Handler HandlerFunc
}

func toSDK(t ServerTool) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol unregistered`
		text, err := t.Handler(ctx, nil)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", t.Name, err)
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
	}
}

// A second adapter of the same field that turns the error into an IsError result (a tool
// error) makes the field's mapping ambiguous: toSDKText is the near miss in package
// convert/textual, which has its own field.

func status(ctx context.Context, args map[string]any) (string, error) { // want `handler tool go-sdk AdaptedTool errors=protocol registered`
	return "", errors.New("down")
}

var Tools = []ServerTool{
	{Name: "status", Handler: status},
	{Name: "ping", Handler: func(ctx context.Context, args map[string]any) (string, error) { // want `handler tool go-sdk AdaptedTool errors=protocol registered`
		return "pong", nil
	}},
}

var _ = toSDK

// Near misses: an adapter that drops the error and one that only logs it do not say what
// the client sees, so the functions given to them are not handlers.
func dropping(fn func(context.Context) (string, error)) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol unregistered`
		text, _ := fn(ctx) // want `unmapped adapter dropping: the wrapped function's error is not assigned`
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
	}
}

func logging(fn func(context.Context) (string, error)) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol unregistered`
		text, err := fn(ctx) // want `unmapped adapter logging: the adapter's error branch returns neither`
		if err != nil {
			log.Print(err)
			return &mcp.CallToolResult{}, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
	}
}

var _ = dropping(func(ctx context.Context) (string, error) { return "", errors.New("not a handler") })
var _ = logging(func(ctx context.Context) (string, error) { return "", errors.New("not a handler") })

// reporting turns the error into a result that is not marked as one but is made of its
// text (kanbanzai's buildErrorResult(code, err.Error())): no protocol error, and the model
// reads what failed, so the function given to it is checked as a tool error's handler.
func reporting(fn func(context.Context) (string, error)) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol unregistered`
		text, err := fn(ctx)
		if err != nil {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: `{"error": "` + err.Error() + `"}`}}}, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
	}
}

var _ = reporting(func(ctx context.Context) (string, error) { // want `handler tool go-sdk AdaptedTool errors=tool registered via=adapter:parameter`
	return "", errors.New("reported as text")
})
