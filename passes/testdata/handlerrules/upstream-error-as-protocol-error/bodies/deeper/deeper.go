// Package deeper holds bodies that package bodies' functions hand on: a converted handler
// of package a reaches them through two packages.
package deeper

import (
	"context"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
)

func Chain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/chain")
	if err != nil {
		return nil, err // near miss: bodies.Chain returns it, and a's chainOn, on the converting server, returns that
	}
	resp.Body.Close()
	return mcp.NewToolResultText("chained"), nil
}

func ChainPlain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/chain")
	if err != nil {
		return nil, err // want `http.Get failed upstream`
	}
	resp.Body.Close()
	return mcp.NewToolResultText("chained"), nil
}
