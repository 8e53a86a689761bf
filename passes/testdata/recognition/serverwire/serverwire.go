// Package serverwire: which servers' middleware turns tool handler errors into results, and
// which handlers that marks.
package serverwire

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/recognition/serverwire/mw"
)

func on(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool mark3labs MarkLabsTool errors=protocol registered via=sdk-typed server-converts-errors`
	return nil, errors.New("x")
}

func off(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool mark3labs MarkLabsTool errors=protocol registered via=sdk-typed$`
	return nil, errors.New("x")
}

// converting is a middleware factory, as servers write them: a call returns the middleware.
func converting(prefix string) server.ToolHandlerMiddleware {
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool mark3labs MarkLabsTool errors=protocol unregistered via=sdk-typed`
			res, err := next(ctx, req)
			if err != nil {
				return mcp.NewToolResultError(prefix + err.Error()), nil
			}
			return res, nil
		}
	}
}

// passing returns the error it gets: the wire is unchanged.
func passing(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool mark3labs MarkLabsTool errors=protocol unregistered via=sdk-typed`
		return next(ctx, req)
	}
}

func Servers() {
	a := server.NewMCPServer("a", "1", server.WithToolHandlerMiddleware(converting("failed: ")))         // want `server mark3labs name="a" version="1" tool-errors-as-results`
	a.AddTool(mcp.NewTool("on"), on)                                                                     // want `def tool mark3labs name="on" defaults registered handler=on`
	b := server.NewMCPServer("b", "1", server.WithToolHandlerMiddleware(passing), server.WithRecovery()) // want `server mark3labs name="b" version="1"$`
	b.AddTool(mcp.NewTool("off"), off)                                                                   // want `def tool mark3labs name="off" defaults registered handler=off`
}

func lowOn(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol registered via=sdk-typed server-converts-errors`
	return nil, errors.New("x")
}

func GoServer() {
	s := gomcp.NewServer(&gomcp.Implementation{Name: "g", Version: "1"}, nil) // want `server go-sdk name="g" version="1" tool-errors-as-results`
	s.AddReceivingMiddleware(func(next gomcp.MethodHandler) gomcp.MethodHandler {
		return func(ctx context.Context, method string, req gomcp.Request) (gomcp.Result, error) {
			res, err := next(ctx, method, req)
			if err != nil {
				r := &gomcp.CallToolResult{}
				r.SetError(err)
				return r, nil
			}
			return res, err
		}
	})
	s.AddTool(&gomcp.Tool{Name: "low", InputSchema: map[string]any{"type": "object"}}, lowOn) // want `def tool go-sdk name="low" registered handler=lowOn`
}

func xpkgOn(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool mark3labs MarkLabsTool errors=protocol registered via=sdk-typed server-converts-errors`
	return nil, errors.New("x")
}

func xpkgOff(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool mark3labs MarkLabsTool errors=protocol registered via=sdk-typed$`
	return nil, errors.New("x")
}

// Middleware of another package, known by its fact.
func CrossPackage(l *mw.Limiter) {
	c := server.NewMCPServer("c", "1", server.WithToolHandlerMiddleware(l.Middleware())) // want `server mark3labs name="c" version="1" tool-errors-as-results`
	c.AddTool(mcp.NewTool("xon"), xpkgOn)                                                // want `def tool mark3labs name="xon" defaults registered handler=xpkgOn`
	d := server.NewMCPServer("d", "1", server.WithToolHandlerMiddleware(mw.Passing))     // want `server mark3labs name="d" version="1"$`
	d.AddTool(mcp.NewTool("xoff"), xpkgOff)                                              // want `def tool mark3labs name="xoff" defaults registered handler=xpkgOff`
}
