// Package kinds defines one list tool per kind of resource: a definition function and a
// handler function each, the handler made by a generic factory from a function that cannot
// return a tool result (mcp-nutanix's tools.VMList and tools.VMListHandler). Package srv
// registers them from a table of those functions.
package kinds

import (
	"context"
	"fmt"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type listFunc func(ctx context.Context, c *http.Client) (any, error)

func newListHandler(kind string, list listFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		v, err := list(ctx, http.DefaultClient)
		if err != nil {
			return mcp.NewToolResultErrorFromErr("failed to list "+kind, err), nil
		}
		return mcp.NewToolResultText(fmt.Sprint(v)), nil
	}
}

// VMList is the vm_list tool.
func VMList() mcp.Tool {
	return mcp.NewTool("vm_list", mcp.WithDescription("Lists the virtual machines."))
}

// VMListHandler lists the virtual machines.
func VMListHandler() server.ToolHandlerFunc {
	return newListHandler("vm", func(ctx context.Context, c *http.Client) (any, error) {
		resp, err := c.Get("https://example.com/vms")
		if err != nil {
			return nil, err
		}
		return resp.Status, nil
	})
}

// HostList is the host_list tool.
func HostList() mcp.Tool {
	return mcp.NewTool("host_list", mcp.WithDescription("Lists the hosts."))
}

// HostListHandler lists the hosts.
func HostListHandler() server.ToolHandlerFunc {
	return newListHandler("host", func(ctx context.Context, c *http.Client) (any, error) {
		resp, err := c.Get("https://example.com/hosts")
		if err != nil {
			return nil, err
		}
		return resp.Status, nil
	})
}
