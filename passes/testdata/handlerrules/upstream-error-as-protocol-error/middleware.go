package a

import (
	"context"
	"errors"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The server's own wire: a middleware that answers a handler's error with a tool result
// makes every handler it wraps send tool errors. The same handler bodies on a server
// without it are reported.

func statusOn(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/status")
	if err != nil {
		return nil, err // near miss: the server's middleware turns this into a tool result
	}
	resp.Body.Close()
	return mcp.NewToolResultText("up"), nil
}

func statusOff(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/status")
	if err != nil {
		return nil, err // want `http.Get failed upstream`
	}
	resp.Body.Close()
	return mcp.NewToolResultText("up"), nil
}

func statusBoth(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/status")
	if err != nil {
		return nil, err // near miss: on one of its servers this is a tool result
	}
	resp.Body.Close()
	return mcp.NewToolResultText("up"), nil
}

func statusRecovered(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/status")
	if err != nil {
		return nil, err // want `http.Get failed upstream`
	}
	resp.Body.Close()
	return mcp.NewToolResultText("up"), nil
}

// logging wraps every handler but passes its errors on.
func logging(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return nil, errors.New("logged: " + err.Error())
		}
		return res, nil
	}
}

func NewServers() {
	converting := server.NewMCPServer("converting", "1.0.0",
		server.WithToolHandlerMiddleware(func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
			return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				res, err := next(ctx, req)
				if err != nil {
					return mcp.NewToolResultErrorFromErr("tool failed", err), nil
				}
				return res, nil
			}
		}),
	)
	registerStatus(converting)
	converting.AddTool(mcp.NewTool("status_both"), statusBoth)

	plain := server.NewMCPServer("plain", "1.0.0", server.WithToolHandlerMiddleware(logging), server.WithRecovery())
	plain.AddTool(mcp.NewTool("status"), statusOff)
	plain.AddTool(mcp.NewTool("status_both"), statusBoth)
	plain.AddTool(mcp.NewTool("status_recovered"), statusRecovered)
}

// registerStatus is given the converting server by its only caller.
func registerStatus(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("status"), statusOn)
}

// go-sdk: AddReceivingMiddleware with a middleware of the package.
func toolErrorsAsResults(next gomcp.MethodHandler) gomcp.MethodHandler {
	return func(ctx context.Context, method string, req gomcp.Request) (gomcp.Result, error) {
		res, err := next(ctx, method, req)
		if err != nil && method == "tools/call" {
			r := &gomcp.CallToolResult{}
			r.SetError(err)
			return r, nil
		}
		return res, err
	}
}

func lowOn(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/status")
	if err != nil {
		return nil, err // near miss: the server's receiving middleware turns this into a tool result
	}
	resp.Body.Close()
	return &gomcp.CallToolResult{}, nil
}

func lowOff(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/status")
	if err != nil {
		return nil, err // want `http.Get failed upstream: go-sdk v1.8.0 sends JSON-RPC code 0`
	}
	resp.Body.Close()
	return &gomcp.CallToolResult{}, nil
}

func NewGoServers() {
	s := gomcp.NewServer(&gomcp.Implementation{Name: "converting", Version: "1.0.0"}, nil)
	s.AddReceivingMiddleware(toolErrorsAsResults)
	s.AddTool(&gomcp.Tool{Name: "status", InputSchema: map[string]any{"type": "object"}}, lowOn)

	plain := gomcp.NewServer(&gomcp.Implementation{Name: "plain", Version: "1.0.0"}, nil)
	plain.AddTool(&gomcp.Tool{Name: "status", InputSchema: map[string]any{"type": "object"}}, lowOff)
}

// mark3labs: a middleware installed after construction with Use joins the same chain.
func statusUsed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/status")
	if err != nil {
		return nil, err // near miss: Use installs a middleware that turns this into a tool result
	}
	resp.Body.Close()
	return mcp.NewToolResultText("up"), nil
}

func statusUsedLogging(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/status")
	if err != nil {
		return nil, err // want `http.Get failed upstream`
	}
	resp.Body.Close()
	return mcp.NewToolResultText("up"), nil
}

func toolErrors(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

func NewUsedServers() {
	used := server.NewMCPServer("used", "1.0.0")
	used.Use(toolErrors)
	used.AddTool(mcp.NewTool("status_used"), statusUsed)

	logged := server.NewMCPServer("logged", "1.0.0")
	logged.Use(logging)
	logged.AddTool(mcp.NewTool("status_used_logging"), statusUsedLogging)
}
