// Package mcpgotools holds the fixture server's mark3labs/mcp-go tools, each failing the way
// real handlers do: upstream failures and argument problems sent as JSON-RPC errors, a cause
// formatted with %v, an isError result returned beside an error.
package mcpgotools

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/fixserver/render"
	"example.com/fixserver/upstream"
)

// Register adds the tools to s.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("fetch", mcp.WithDescription("Fetches a record by id."), mcp.WithString("id", mcp.Required(), mcp.Description("The record id."))), Fetch)
	s.AddTool(mcp.NewTool("page", mcp.WithDescription("Fetches a page of records."), mcp.WithString("id", mcp.Required(), mcp.Description("The record id.")), mcp.WithString("page", mcp.Description("The page number."))), Page)
	s.AddTool(mcp.NewTool("list", mcp.WithDescription("Lists a record."), mcp.WithString("id", mcp.Required(), mcp.Description("The record id."))), List)
	s.AddTool(mcp.NewTool("lookup", mcp.WithDescription("Looks a record up."), mcp.WithString("id", mcp.Required(), mcp.Description("The record id."))), Lookup)
}

// Fetch sends the store's failure as a JSON-RPC error, with its cause wrapped.
func Fetch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id, err := req.RequireString("id")
	if err != nil {
		return nil, err
	}
	v, err := upstream.Fetch(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("fetch %s: %w", id, err)
	}
	return mcp.NewToolResultText(v), nil
}

// Page checks an argument and formats the store's failure with %v.
func Page(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := req.GetString("id", "")
	if id == "" {
		return nil, errors.New("id is required")
	}
	n, err := strconv.Atoi(req.GetString("page", "1"))
	if err != nil {
		return nil, fmt.Errorf("invalid page: %w", err)
	}
	v, err := upstream.Fetch(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("page %d of %s: %v", n, id, err)
	}
	return mcp.NewToolResultText(v), nil
}

// Lookup builds an isError result and returns the error beside it.
func Lookup(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := req.GetString("id", "")
	v, err := upstream.Fetch(ctx, id)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("lookup failed", err), err
	}
	return mcp.NewToolResultText(v), nil
}

// List ends by handing on what a helper of another package returns: the result and the error
// together.
func List(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return render.Result(upstream.Fetch(ctx, req.GetString("id", "")))
}
