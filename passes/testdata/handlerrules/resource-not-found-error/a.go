package a

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var store = map[string]string{}

func read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	v, ok := store[req.Params.URI]
	if !ok {
		return nil, fmt.Errorf("resource %s not found", req.Params.URI) // want `missing resource reported with an ad-hoc error`
	}
	if v == "gone" {
		return nil, os.ErrNotExist // want `resource-not-found-error`
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: v}}}, nil
}

// Near misses: go-sdk's own error, other failures, and tool handlers.
func good(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	if _, ok := store[req.Params.URI]; !ok {
		return nil, mcp.ResourceNotFoundError(req.Params.URI)
	}
	return nil, errors.New("backend unavailable")
}

func tool(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("item not found")
}

// The ad-hoc error held in a variable first: reported where it is built, with no fix (the
// variable may have other uses).
func readVia(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	if _, ok := store[req.Params.URI]; !ok {
		err := fmt.Errorf("no such resource %s", req.Params.URI) // want `resource-not-found-error`
		return nil, err
	}
	return &mcp.ReadResourceResult{}, nil
}

// Near miss: the variable holds go-sdk's error on the path that returns it.
func readViaGood(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	err := errors.New("backend unavailable")
	if _, ok := store[req.Params.URI]; !ok {
		err = mcp.ResourceNotFoundError(req.Params.URI)
	}
	return nil, err
}
