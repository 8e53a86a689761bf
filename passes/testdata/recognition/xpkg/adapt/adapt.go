// Package adapt is a tool layer in a package of its own: adapters whose mappings reach the
// packages that give them functions (xpkg/use, xpkg/impl) as facts.
package adapt

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"reflect"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MustTool: fn's error is returned unchanged by a typed handler (a tool error).
func MustTool[T, R any](s *mcp.Server, name string, fn func(context.Context, T) (R, error)) {
	mcp.AddTool(s, &mcp.Tool{Name: name}, func(ctx context.Context, req *mcp.CallToolRequest, in T) (*mcp.CallToolResult, R, error) { // want `def tool go-sdk name=dynamic in=T out=R registered handler=literal` `handler tool go-sdk GoSDKTypedTool errors=tool registered via=sdk-typed`
		out, err := fn(ctx, in)
		if err != nil {
			return nil, out, err
		}
		return nil, out, nil
	})
}

// ToSDK: fn's error becomes the low-level handler's error (a protocol error).
func ToSDK(fn func(ctx context.Context, args map[string]any) (string, error)) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol unregistered`
		var args map[string]any
		_ = json.Unmarshal(req.Params.Arguments, &args)
		text, err := fn(ctx, args)
		if err != nil {
			return nil, fmt.Errorf("tool: %w", err)
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
	}
}

// Executor is the layer's handler interface; CreateHandler calls it with the tool's
// arguments and turns its error into an IsError result (a tool error), as aks-mcp's
// tools.CreateToolHandler does.
type Executor interface {
	Execute(ctx context.Context, args map[string]any) (string, error)
}

// ExecutorFunc lets a plain function be an Executor: the functions converted to it are the
// handlers, not its method.
type ExecutorFunc func(ctx context.Context, args map[string]any) (string, error)

func (f ExecutorFunc) Execute(ctx context.Context, args map[string]any) (string, error) {
	return f(ctx, args)
}

func CreateHandler(ex Executor) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol unregistered`
		var args map[string]any
		if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		text, err := ex.Execute(ctx, args)
		if err != nil {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
	}
}

// ServerTool keeps the handler in a field that Register calls.
type ServerTool struct {
	Name    string
	Handler func(ctx context.Context, args map[string]any) (string, error)
}

func Register(s *mcp.Server, tools []ServerTool) {
	for _, t := range tools {
		s.AddTool(&mcp.Tool{Name: t.Name}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `def tool go-sdk name=dynamic registered handler=literal` `handler tool go-sdk GoSDKTool errors=protocol registered`
			text, err := t.Handler(ctx, nil)
			if err != nil {
				return nil, err
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
		})
	}
}

// Convert calls typed functions through reflection and makes their error a tool error.
func Convert(fn any) mcp.ToolHandler {
	v := reflect.ValueOf(fn)
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol unregistered`
		in := reflect.New(v.Type().In(1))
		if err := json.Unmarshal(req.Params.Arguments, in.Interface()); err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		outs := v.Call([]reflect.Value{reflect.ValueOf(ctx), in.Elem()})
		err, _ := outs[len(outs)-1].Interface().(error)
		if err != nil {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(outs[0].Interface())}}}, nil
	}
}

// HardError is the layer's convention for failures the client must see as protocol errors.
type HardError struct{ Msg string }

func (e *HardError) Error() string { return e.Msg }

// Hard makes every error a tool error, except a *HardError, which it returns as the
// low-level handler's error (a protocol error).
func Hard(fn func(ctx context.Context, args map[string]any) (string, error)) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol unregistered`
		var args map[string]any
		_ = json.Unmarshal(req.Params.Arguments, &args)
		text, err := fn(ctx, args)
		if err != nil {
			var hard *HardError
			if errors.As(err, &hard) {
				return nil, err
			}
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
	}
}

// Near misses. Logging only logs the error: what the client sees is not said.
func Logging(fn func(ctx context.Context, args map[string]any) (string, error)) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol unregistered`
		text, err := fn(ctx, nil) // want `unmapped adapter Logging: the adapter's error branch returns neither`
		if err != nil {
			log.Print(err)
			return &mcp.CallToolResult{}, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
	}
}

// Store is a service the handler calls, not a handler interface: the call does not hand it
// the tool's arguments, so its implementations are not handlers.
type Store interface {
	Lookup(ctx context.Context, key string) (string, error)
}

func Lookup(st Store) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol unregistered`
		v, err := st.Lookup(ctx, "fixed")
		if err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: v}}}, nil
	}
}

// Deps is what a pass-through adapter hands its handlers besides the request.
type Deps struct{ Token string }

// NewTool passes h's results through unchanged (github-mcp-server's NewTool): what is given
// for h is a typed handler with one more parameter.
func NewTool[In, Out any](s *mcp.Server, name string, h func(ctx context.Context, deps Deps, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error)) {
	mcp.AddTool(s, &mcp.Tool{Name: name}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) { // want `def tool go-sdk name=dynamic in=In out=Out registered handler=literal` `handler tool go-sdk GoSDKTypedTool errors=tool registered via=sdk-typed`
		return h(ctx, Deps{}, req, in)
	})
}
