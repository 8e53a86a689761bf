package a

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

type apiClient struct {
	BaseURL string
	Token   string
}

// A bounded, trimmed body is still the raw upstream body; a %+v dump kept in a variable is
// still a dump.
func limited(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	c := &apiClient{BaseURL: "https://example.com"}
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<10))
		msg := strings.TrimSpace(string(body))
		return nil, fmt.Errorf("upstream answered %d: %s", resp.StatusCode, msg) // want `error text embeds a raw upstream response body \(through msg\)`
	}
	if resp.ContentLength == 0 {
		state := fmt.Sprintf("%+v", c)
		return nil, errors.New("empty answer from " + state) // want `error text embeds a %\+v dump of \*apiClient \(through state\)`
	}
	if resp.ContentLength < 0 {
		return nil, fmt.Errorf("client %+v gave no length", c) // want `error text embeds a %\+v dump of \*apiClient`
	}
	// Near misses: the status line and the client's host name are not dumps; the body read
	// for a success is not error text.
	if resp.ContentLength > 1<<20 {
		return nil, fmt.Errorf("upstream %s answered %s", c.BaseURL, strings.TrimSpace(resp.Status))
	}
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	return mcp.NewToolResultText(strings.TrimSpace(string(data))), nil
}
