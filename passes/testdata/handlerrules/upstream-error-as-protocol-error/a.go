// Package a: upstream failures returned as Go errors where the SDK makes them JSON-RPC
// errors, and the near misses that must stay silent.
package a

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"

	"github.com/mark3labs/mcp-go/mcp"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

type store struct{ db *sql.DB }

func (s *store) lookup(ctx context.Context, id string) (string, error) { return id, nil }

func fetch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	url := req.GetString("url", "https://example.com")
	httpReq, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err // near miss: building the request fails on its own input
	}
	resp, err := http.DefaultClient.Do(httpReq)
	if err != nil {
		return nil, fmt.Errorf("fetching %s: %w", url, err) // want `http.DefaultClient.Do failed upstream: mcp-go v1.2.1 sends JSON-RPC -32603; return mcp.NewToolResultError\(msg\), nil`
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err // want `io.ReadAll failed upstream`
	}
	return mcp.NewToolResultText(string(body)), nil
}

func query(s *store) func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id, err := req.RequireString("id")
		if err != nil {
			return nil, err // near miss: an argument error, tool-error-as-protocol-error's
		}
		row, err := s.lookup(ctx, id)
		if err != nil {
			return nil, errors.New("lookup failed") // want `s.lookup failed upstream`
		}
		if err := s.db.Ping(); err != nil {
			return nil, err // want `s.db.Ping failed upstream`
		}
		out, err := exec.Command("git", "log").Output()
		if err != nil {
			return nil, err // want `exec.Command\("git", "log"\).Output failed upstream`
		}
		data, err := os.ReadFile("/etc/app.conf")
		if err != nil {
			return nil, err // want `os.ReadFile failed upstream`
		}
		if err := s.db.Ping(); err != nil {
			return mcp.NewToolResultErrorFromErr("database unreachable", err), nil // near miss: a tool error
		}
		return mcp.NewToolResultText(row + string(out) + string(data)), nil
	}
}

func low(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/status")
	if err != nil {
		return nil, err // want `http.Get failed upstream: go-sdk v1.8.0 sends JSON-RPC code 0; return an IsError result and nil`
	}
	resp.Body.Close()
	return &gomcp.CallToolResult{}, nil
}

type In struct {
	URL string `json:"url" jsonschema:"what to fetch"`
}

// Near miss: a go-sdk typed handler's error already becomes an isError result.
func typed(ctx context.Context, req *gomcp.CallToolRequest, in In) (*gomcp.CallToolResult, any, error) {
	resp, err := http.Get(in.URL)
	if err != nil {
		return nil, nil, err
	}
	resp.Body.Close()
	return nil, nil, nil
}

// Near miss: a resource has no isError result to return instead.
func resource(ctx context.Context, req *gomcp.ReadResourceRequest) (*gomcp.ReadResourceResult, error) {
	data, err := os.ReadFile("/etc/app.conf")
	if err != nil {
		return nil, err
	}
	return &gomcp.ReadResourceResult{Contents: []*gomcp.ResourceContents{{Text: string(data)}}}, nil
}

// Near miss: a local failure (parsing) is not upstream.
func local(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := fmt.Sscanf("12", "%d", new(int)); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("ok"), nil
}

func Register(s *gomcp.Server) {
	s.AddTool(&gomcp.Tool{Name: "low", InputSchema: map[string]any{"type": "object"}}, low)
	gomcp.AddTool(s, &gomcp.Tool{Name: "typed"}, typed)
	s.AddResource(&gomcp.Resource{Name: "conf", URI: "file:///etc/app.conf"}, resource)
}

var _, _, _ = fetch, query, local

// Near miss: a result beside the error is result-and-error's finding, not a second one here.
func both(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com")
	if err != nil {
		return mcp.NewToolResultError("fetch failed"), err
	}
	resp.Body.Close()
	return mcp.NewToolResultText("ok"), nil
}

var _ = both
