package a

import (
	"context"
	"fmt"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// listFunc fetches one kind of resource; it cannot return a tool result.
type listFunc func(ctx context.Context, c *http.Client) (any, error)

// newListHandler adapts a listFunc into a tool handler and sends its error on as the
// handler's: every upstream failure of every function it wraps becomes a JSON-RPC error, and
// only this return can change that.
func newListHandler(kind string, list listFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		v, err := list(ctx, http.DefaultClient)
		if err != nil {
			return nil, fmt.Errorf("failed to list %s: %w", kind, err) // want `wrapped functions fail upstream \(c.Get\)`
		}
		return mcp.NewToolResultText(fmt.Sprint(v)), nil
	}
}

func vmListHandler() server.ToolHandlerFunc {
	return newListHandler("vm", func(ctx context.Context, c *http.Client) (any, error) {
		resp, err := c.Get("https://example.com/vms")
		if err != nil {
			return nil, err // the adapter's mistake, reported there
		}
		return resp.Status, nil
	})
}

func hostListHandler() server.ToolHandlerFunc {
	return newListHandler("host", func(ctx context.Context, c *http.Client) (any, error) {
		resp, err := c.Get("https://example.com/hosts")
		if err != nil {
			return nil, fmt.Errorf("hosts: %w", err) // the adapter's mistake, reported there
		}
		return resp.Status, nil
	})
}

// newCountHandler converts: the wrapped functions' failures reach the model (near miss).
func newCountHandler(list listFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		v, err := list(ctx, http.DefaultClient)
		if err != nil {
			return mcp.NewToolResultErrorFromErr("failed to count", err), nil
		}
		return mcp.NewToolResultText(fmt.Sprint(v)), nil
	}
}

func vmCountHandler() server.ToolHandlerFunc {
	return newCountHandler(func(ctx context.Context, c *http.Client) (any, error) {
		resp, err := c.Get("https://example.com/vms")
		if err != nil {
			return nil, err
		}
		return resp.ContentLength, nil
	})
}

func registerFactories(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("vm_list"), vmListHandler())
	s.AddTool(mcp.NewTool("host_list"), hostListHandler())
	s.AddTool(mcp.NewTool("vm_count"), vmCountHandler())
}
