// Package handlers declares tool handlers; package server registers them. Whether their
// errors reach the client as JSON-RPC errors depends on the server they are registered on.
package handlers

import (
	"context"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// H holds the handlers.
type H struct{}

func status(ctx context.Context) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/status")
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return &mcp.CallToolResult{}, nil
}

// Converted is registered on the server whose middleware turns errors into tool results.
func (h *H) Converted(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/converted")
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return &mcp.CallToolResult{}, nil
}

// Plain is registered on a server without that middleware.
func (h *H) Plain(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/plain")
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return &mcp.CallToolResult{}, nil
}

// Delegating passes its results through from a helper, and is registered on the converting
// server: the helper's error is converted too.
func (h *H) Delegating(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return h.fetch(ctx)
}

func (h *H) fetch(ctx context.Context) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/fetch")
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return &mcp.CallToolResult{}, nil
}

// Status is a plain function registered on the converting server.
func Status(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return status(ctx)
}

// Quote is the body of a handler of package server registered on the converting server,
// which returns its error: held by a variable (a factory's closure), called through it.
var Quote = newQuote()

func newQuote() func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		resp, err := http.Get("https://example.com/quote")
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		return &mcp.CallToolResult{}, nil
	}
}
