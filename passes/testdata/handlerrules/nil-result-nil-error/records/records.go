// Package records looks up records for the handlers of package a. Its functions return the
// handlers' results but take no request, so none of them is a handler here: only the
// package that passes their results on knows they reach the client.
package records

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
)

// Find returns (nil, nil) for an empty id.
func Find(ctx context.Context, id string) (*mcp.CallToolResult, error) {
	if id == "" {
		return nil, nil
	}
	return mcp.NewToolResultText(id), nil
}

// Lookup returns (nil, nil) for an unknown name.
func Lookup(ctx context.Context, name string) (*mcp.CallToolResult, error) {
	switch name {
	case "alpha", "beta":
		return mcp.NewToolResultText(name), nil
	}
	return nil, nil
}

// Gate returns a result only when access is refused: (nil, nil) means "go on".
func Gate(ctx context.Context, id string) (*mcp.CallToolResult, error) {
	if id == "private" {
		return mcp.NewToolResultError("restricted"), nil
	}
	return nil, nil
}

// Get never returns (nil, nil).
func Get(ctx context.Context, id string) (*mcp.CallToolResult, error) {
	if id == "" {
		return nil, errors.New("id is required")
	}
	return mcp.NewToolResultText(id), nil
}

// ByKey is a closure a constructor makes, held by a package variable.
var ByKey = newKeyLookup()

func newKeyLookup() func(context.Context, string) (*mcp.CallToolResult, error) {
	return func(ctx context.Context, key string) (*mcp.CallToolResult, error) {
		if key == "" {
			return nil, nil
		}
		return mcp.NewToolResultText(key), nil
	}
}
