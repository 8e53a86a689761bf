package pkgerrors

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/pkg/errors"
)

// github.com/pkg/errors' Wrap returns nil for a nil error, so the engine gives its result the
// wrapped error's nilness: a failed upstream call wrapped with Wrap or Wrapf is still one.
func fetchWrapped(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com")
	if err != nil {
		return nil, errors.Wrap(err, "fetch") // want `http.Get failed upstream`
	}
	resp.Body.Close()
	return mcp.NewToolResultText("ok"), nil
}

func fetchWrappedf(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/" + req.GetString("id", ""))
	if err == nil {
		resp.Body.Close()
		return mcp.NewToolResultText("ok"), nil
	}
	return nil, errors.Wrapf(err, "fetch %s", req.GetString("id", "")) // want `http.Get failed upstream`
}

// Near misses: a local failure wrapped (the handler's own marshalling, an argument that does
// not parse), and a wrap of an error the path has proved nil.
func encodeWrapped(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b, err := json.Marshal(req.GetArguments())
	if err != nil {
		return nil, errors.Wrap(err, "encode")
	}
	return mcp.NewToolResultText(string(b)), nil
}

func parseWrapped(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, err := strconv.Atoi(req.GetString("n", ""))
	if err != nil {
		return nil, errors.WithStack(err)
	}
	return mcp.NewToolResultText(strconv.Itoa(n)), nil
}

func wrapOfNil(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com")
	if err == nil {
		resp.Body.Close()
		return mcp.NewToolResultText("ok"), errors.Wrap(err, "never")
	}
	return mcp.NewToolResultError("fetch failed: " + err.Error()), nil
}
