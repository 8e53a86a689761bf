// Package small runs with surface-token-budget: 60; its tools and those of the package it
// imports cost more together.
package small

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/schemarules/surface-token-budget/small/tools"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func Serve() {
	s := mcp.NewServer(&mcp.Implementation{Name: "books", Version: "1.0.0"}, nil) // want `3 tools use about \d+ context tokens per request \(budget 60\)`
	tools.Register(s)
	s.AddTool(&mcp.Tool{Name: "search", Description: "Search the catalog.", InputSchema: map[string]any{"type": "object"}}, low)
}
