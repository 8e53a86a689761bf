package a

import (
	"context"
	"errors"
	"io"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The failed upstream call of fetch, written with a negated guard, an else branch, a switch,
// and a statement between the call and the branch.
func fetchNegated(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com")
	if err == nil {
		defer resp.Body.Close()
		return mcp.NewToolResultText("ok"), nil
	}
	return nil, err // want `http.Get failed upstream`
}

func fetchElse(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com")
	if err == nil {
		resp.Body.Close()
	} else {
		return nil, err // want `http.Get failed upstream`
	}
	return mcp.NewToolResultText("ok"), nil
}

func fetchSwitch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com")
	switch {
	case err != nil:
		return nil, err // want `http.Get failed upstream`
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return mcp.NewToolResultText("partial"), nil
	}
	if err != nil {
		return nil, err // want `io.ReadAll failed upstream`
	}
	return mcp.NewToolResultText(string(body)), nil
}

// Near miss: the server's middleware, written with a negated guard, turns the error into a
// tool result.
func fetchConverted(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com")
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return mcp.NewToolResultText("ok"), nil
}

func negatedConverter(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err == nil {
			return res, nil
		}
		return mcp.NewToolResultError(err.Error()), nil
	}
}

func NewNegatedServer() {
	s := server.NewMCPServer("negated", "1.0.0", server.WithToolHandlerMiddleware(negatedConverter))
	s.AddTool(mcp.NewTool("fetch"), fetchConverted)
}

// apiClient is an API client whose NewRequest only builds the request (go-atlassian's,
// go-github's); Do sends it.
type apiClient struct{ hc *http.Client }

func (c *apiClient) NewRequest(ctx context.Context, method, path string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, method, "https://example.com"+path, nil)
}

func (c *apiClient) Do(ctx context.Context, req *http.Request) (*http.Response, error) {
	return c.hc.Do(req)
}

var jira = &apiClient{hc: http.DefaultClient}

// Building the request fails on the handler's own input (near miss); sending it fails
// upstream.
func fetchIssue(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r, err := jira.NewRequest(ctx, http.MethodGet, "/issue")
	if err != nil {
		return nil, err
	}
	resp, err := jira.Do(ctx, r)
	if err != nil {
		return nil, err // want `jira.Do failed upstream`
	}
	resp.Body.Close()
	return mcp.NewToolResultText("ok"), nil
}
