// Package ownidiom writes its tool errors with constructors of its own (github-mcp-server's
// utils.NewToolResultError and NewToolResultErrorFromErr): the fixes write them too.
package ownidiom

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func textError(message string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: message}}, IsError: true}
}

func textErrorFromErr(message string, err error) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: message + ": " + err.Error()}}, IsError: true}
}

func fetch(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.Params.Name == "" {
		return textError("no name"), nil
	}
	resp, err := http.Get("https://example.com/" + req.Params.Name)
	if err != nil {
		return textErrorFromErr("fetch failed", err), nil
	}
	defer resp.Body.Close()
	return &mcp.CallToolResult{}, nil
}

func list(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.Params.Name == "x" {
		return textError("x is not listable"), nil
	}
	resp, err := http.Get("https://example.com/list")
	if err != nil {
		return nil, fmt.Errorf("list failed: %w", err) // want `http.Get failed upstream`
	}
	defer resp.Body.Close()
	if resp.StatusCode == 0 {
		return textErrorFromErr("list failed", errors.New("no status")), nil
	}
	return &mcp.CallToolResult{}, nil
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "fetch", InputSchema: map[string]any{"type": "object"}}, fetch)
	s.AddTool(&mcp.Tool{Name: "list", InputSchema: map[string]any{"type": "object"}}, list)
}
