package a

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

// A helper whose results the handler returns on some path is judged as the handler, however
// the call is written: split over a variable, through a method value, a factory's closure.

func lookup(ctx context.Context, id string) (*mcp.CallToolResult, error) {
	if id == "" {
		return nil, nil // want `tool handler returns \(nil, nil\)`
	}
	return mcp.NewToolResultText(id), nil
}

type finder struct{}

func (finder) find(ctx context.Context, id string) (*mcp.CallToolResult, error) {
	if id == "" {
		return nil, nil // want `tool handler returns \(nil, nil\)`
	}
	return mcp.NewToolResultText(id), nil
}

var find = finder{}.find

func newSearch() func(context.Context, string) (*mcp.CallToolResult, error) {
	return func(ctx context.Context, q string) (*mcp.CallToolResult, error) {
		if q == "" {
			return nil, nil // want `tool handler returns \(nil, nil\)`
		}
		return mcp.NewToolResultText(q), nil
	}
}

var search = newSearch()

func dispatch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := req.GetString("id", "")
	switch req.GetString("method", "") {
	case "lookup":
		res, err := lookup(ctx, id)
		return res, err
	case "find":
		return find(ctx, id)
	case "search":
		return search(ctx, id)
	case "access":
		// Near miss: the handler passes the helper's results on only when one is set, so
		// the helper's (nil, nil) means "go on" (github-mcp-server's lockdown check).
		if denied, err := checkAccess(ctx, id); denied != nil || err != nil {
			return denied, err
		}
	}
	return mcp.NewToolResultText("ok"), nil
}

func checkAccess(ctx context.Context, id string) (*mcp.CallToolResult, error) {
	if id == "private" {
		return mcp.NewToolResultError("restricted"), nil
	}
	return nil, nil
}
