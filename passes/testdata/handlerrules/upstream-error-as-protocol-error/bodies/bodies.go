// Package bodies holds the bodies of package a's handlers: a handler that returns the error of
// one of these functions hands it on, so the server the handler is registered on decides its
// wire. This package is analysed before a, which imports it; a run over both (`mcplint
// ./...`) settles it.
package bodies

import (
	"context"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/handlerrules/upstream-error-as-protocol-error/bodies/deeper"
)

func Quote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/quote")
	if err != nil {
		return nil, err // near miss: a's quoteOn, on the converting server, returns it
	}
	resp.Body.Close()
	return mcp.NewToolResultText("quoted"), nil
}

func QuotePlain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/quote")
	if err != nil {
		return nil, err // want `http.Get failed upstream`
	}
	resp.Body.Close()
	return mcp.NewToolResultText("quoted"), nil
}

// Rate's handler splits its results (res, err := bodies.Rate(…); return res, err); rate is
// Rate's own delegate.
func Rate(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return rate(ctx, req)
}

func rate(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/rate")
	if err != nil {
		return nil, err // near miss: Rate's handler is on the converting server
	}
	resp.Body.Close()
	return mcp.NewToolResultText("rated"), nil
}

// Guarded's handler tests the error before it hands it on (res, err := bodies.Guarded(…);
// if err != nil { return nil, err }; return res, nil): the same delegation.
func Guarded(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/guarded")
	if err != nil {
		return nil, err // near miss: guardedOn, on the converting server, returns it
	}
	resp.Body.Close()
	return mcp.NewToolResultText("guarded"), nil
}

// Shared is the body of a handler on the converting server and of one on a plain server:
// like a handler registered on both, it is left alone.
func Shared(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/shared")
	if err != nil {
		return nil, err // near miss: on one of its handlers' servers this is a tool result
	}
	resp.Body.Close()
	return mcp.NewToolResultText("shared"), nil
}

func LowQuote(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/quote")
	if err != nil {
		return nil, err // near miss: a's lowQuoteOn, on the converting server, returns it
	}
	resp.Body.Close()
	return &gomcp.CallToolResult{}, nil
}

func LowQuotePlain(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/quote")
	if err != nil {
		return nil, err // want `http.Get failed upstream: go-sdk v1.8.0 sends JSON-RPC code 0`
	}
	resp.Body.Close()
	return &gomcp.CallToolResult{}, nil
}

// Chain and ChainPlain hand on the bodies of package deeper.
func Chain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return deeper.Chain(ctx, req)
}

func ChainPlain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return deeper.ChainPlain(ctx, req)
}
