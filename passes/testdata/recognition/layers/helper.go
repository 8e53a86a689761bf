package layers

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// queryHandler is a layer's own handler type: the SDK's request, a client and a flag.
type queryHandler func(ctx context.Context, req *mcp.CallToolRequest, c *client, verbose bool) (*mcp.CallToolResult, error)

type client struct{}

func newClient(name string) (*client, error) {
	if name == "" {
		return nil, errors.New("no client")
	}
	return &client{}, nil
}

// withClient answers itself when it cannot make a client, then returns the handler's results
// unchanged: a pass-through adapter of h after its own checks.
func withClient(h queryHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol registered via=sdk-typed`
		c, err := newClient(req.Params.Name)
		if err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		return h(ctx, req, c, false)
	}
}

// registerQuery forwards its handler to withClient: what its callers give is wrapped too.
func registerQuery(s *mcp.Server, name string, h queryHandler) {
	s.AddTool(&mcp.Tool{Name: name}, withClient(h)) // want `def tool go-sdk name=dynamic registered handler=literal converter`
}

func handleQuery(ctx context.Context, req *mcp.CallToolRequest, c *client, verbose bool) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol registered via=adapter:pass-through`
	return nil, errors.New("down")
}

func setupQueries(s *mcp.Server) {
	registerQuery(s, "query", handleQuery) // want `def tool go-sdk name="query" registered handler=literal`
}

// Near miss: the handler's results are returned whole on one path and its error made an
// IsError result on another: not a pass-through (the converting adapters read it).
func retrying(h queryHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol registered via=sdk-typed`
		if req.Params.Name == "fast" {
			return h(ctx, req, nil, false) // want `unmapped adapter retrying: the wrapped function.s error is not assigned to a variable the adapter tests`
		}
		res, err := h(ctx, req, nil, true)
		if err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		return res, nil
	}
}

func handleRetried(ctx context.Context, req *mcp.CallToolRequest, c *client, verbose bool) (*mcp.CallToolResult, error) { // want `handler tool go-sdk AdaptedTool errors=tool registered via=adapter:parameter`
	return nil, errors.New("down")
}

func setupRetried(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "retried"}, retrying(handleRetried)) // want `def tool go-sdk name="retried" registered handler=literal`
}
