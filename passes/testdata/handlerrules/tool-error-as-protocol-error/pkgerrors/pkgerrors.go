// Package pkgerrors writes argument errors with github.com/pkg/errors in place of the standard
// library: a wrap of the SDK's argument error and a formatted error after validation are
// argument errors as fmt.Errorf's are.
package pkgerrors

import (
	"context"
	"net/http"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/pkg/errors"
)

func wrappedRequire(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id, err := req.RequireString("id")
	if err != nil {
		return nil, errors.Wrap(err, "id") // want `argument error sent as JSON-RPC`
	}
	return mcp.NewToolResultText(id), nil
}

func formattedValidation(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n := req.GetInt("limit", 10)
	if n < 1 || n > 100 {
		return nil, errors.Errorf("limit %d out of range", n) // want `argument error sent as JSON-RPC`
	}
	return mcp.NewToolResultText(strconv.Itoa(n)), nil
}

func stackedParse(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, err := strconv.Atoi(req.GetString("n", ""))
	if err != nil {
		return nil, errors.WithStack(err) // want `argument error sent as JSON-RPC`
	}
	return mcp.NewToolResultText(strconv.Itoa(n)), nil
}

// Near misses: a wrapped upstream failure (upstream-error-as-protocol-error's), a new error
// after a condition that is not about the arguments, and a wrap of an error proved nil.
func wrappedUpstream(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/" + req.GetString("id", ""))
	if err != nil {
		return nil, errors.Wrap(err, "fetch")
	}
	resp.Body.Close()
	return mcp.NewToolResultText("ok"), nil
}

func notAboutArguments(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	defer resp.Body.Close()
	if resp.ContentLength == 0 {
		return nil, errors.New("empty response")
	}
	return mcp.NewToolResultText("ok"), nil
}

func wrapOfNil(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id, err := req.RequireString("id")
	if err == nil {
		return mcp.NewToolResultText(id), errors.Wrap(err, "never")
	}
	return mcp.NewToolResultError(err.Error()), nil
}
