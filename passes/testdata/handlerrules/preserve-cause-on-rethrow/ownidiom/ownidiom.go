// Package ownidiom writes its tool errors with constructors of its own; where one drops the
// error in hand, the fix moves to the package's constructor that carries it.
package ownidiom

import (
	"context"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/handlerrules/preserve-cause-on-rethrow/ownidiom/results"
)

func lookup(ctx context.Context, name string) (string, error) { return name, ctx.Err() }

type In struct {
	Name string `json:"name" jsonschema:"the name"`
}

func fetch(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if in.Name == "" {
		return results.TextError("no name"), nil, nil
	}
	v, err := lookup(ctx, in.Name)
	if err != nil {
		return results.TextError("fetch failed"), nil, nil // want `tool error result drops err`
	}
	if v == "" {
		return results.TextErrorFromErr("fetch failed", http.ErrMissingFile), nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

func list(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if in.Name == "x" {
		return results.TextError("x is not listable"), nil, nil
	}
	resp, err := http.Get("https://example.com/list")
	if err != nil {
		return results.TextErrorFromErr("list failed", err), nil, nil
	}
	defer resp.Body.Close()
	return &mcp.CallToolResult{}, nil, nil
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "fetch"}, fetch)
	mcp.AddTool(s, &mcp.Tool{Name: "list"}, list)
}
