package a

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
)

type upstreamErr struct {
	Code  int
	Trace string
}

func m3(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com")
	if err != nil {
		return mcp.NewToolResultErrorf("request failed: %+v", err), nil // want `error text embeds a %\+v dump of error; log it, say what failed`
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		body, _ := io.ReadAll(resp.Body)
		return mcp.NewToolResultError("upstream said: " + string(body)), nil // want `error text embeds a raw upstream response body \(through body\)`
	}
	ue := upstreamErr{Code: 1}
	b, _ := json.Marshal(ue)
	if ue.Code != 0 {
		return nil, errors.New(string(b)) // want `no-stringify-upstream-error`
	}
	if ue.Trace != "" {
		return nil, fmt.Errorf("upstream: %s", fmt.Sprintf("%#v", ue)) // want `no-stringify-upstream-error`
	}
	return mcp.NewToolResultText("ok"), nil
}

// Near misses: err.Error() and %v context are how errors are meant to read; JSON in a
// success result is fine.
func fine(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com")
	if err != nil {
		return mcp.NewToolResultError("request failed: " + err.Error()), nil
	}
	defer resp.Body.Close()
	b, _ := json.Marshal(map[string]int{"n": 1})
	if resp.StatusCode != 200 {
		return mcp.NewToolResultErrorf("upstream returned %d (%v)", resp.StatusCode, err), nil
	}
	return mcp.NewToolResultText(string(b)), nil
}
