package a

import (
	"context"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Registrars held in package variables (a method value, a factory's closure) are given the
// server their handlers end up on: a handler is on the converting server when every call of
// its registrar passes that server.

func searchOn(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/search")
	if err != nil {
		return nil, err // near miss: its registrar, a method value, is only given the converting server
	}
	resp.Body.Close()
	return mcp.NewToolResultText("found"), nil
}

func indexOn(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/index")
	if err != nil {
		return nil, err // near miss: its registrar, a factory's closure, is only given the converting server
	}
	resp.Body.Close()
	return mcp.NewToolResultText("indexed"), nil
}

func searchEverywhere(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/search")
	if err != nil {
		return nil, err // want `http.Get failed upstream`
	}
	resp.Body.Close()
	return mcp.NewToolResultText("found"), nil
}

func indexEverywhere(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/index")
	if err != nil {
		return nil, err // want `http.Get failed upstream`
	}
	resp.Body.Close()
	return mcp.NewToolResultText("indexed"), nil
}

type registrars struct{}

func (registrars) search(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("search"), searchOn)
}

func (registrars) searchEverywhere(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("search_everywhere"), searchEverywhere)
}

var (
	registerSearch           = registrars{}.search
	registerSearchEverywhere = registrars{}.searchEverywhere
	registerIndex            = newIndexRegistrar()
	registerIndexEverywhere  = newIndexEverywhereRegistrar()
)

func newIndexRegistrar() func(*server.MCPServer) {
	return func(s *server.MCPServer) {
		s.AddTool(mcp.NewTool("index"), indexOn)
	}
}

func newIndexEverywhereRegistrar() func(*server.MCPServer) {
	return func(s *server.MCPServer) {
		s.AddTool(mcp.NewTool("index_everywhere"), indexEverywhere)
	}
}

func NewRegistrarServers() {
	converting := server.NewMCPServer("registrars", "1.0.0", server.WithToolHandlerMiddleware(convertWith))
	registerSearch(converting)
	registerIndex(converting)
	registerSearchEverywhere(converting)
	registerIndexEverywhere(converting)

	plain := server.NewMCPServer("registrars-plain", "1.0.0")
	registerSearchEverywhere(plain)
	registerIndexEverywhere(plain)
}

// go-sdk: a receiving middleware, the registrar a method value.

func lowSearchOn(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/search")
	if err != nil {
		return nil, err // near miss: its registrar is only given the converting server
	}
	resp.Body.Close()
	return &gomcp.CallToolResult{}, nil
}

func lowSearchEverywhere(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/search")
	if err != nil {
		return nil, err // want `http.Get failed upstream: go-sdk v1.8.0 sends JSON-RPC code 0`
	}
	resp.Body.Close()
	return &gomcp.CallToolResult{}, nil
}

func (registrars) lowSearch(s *gomcp.Server) {
	s.AddTool(&gomcp.Tool{Name: "search", InputSchema: map[string]any{"type": "object"}}, lowSearchOn)
}

func (registrars) lowSearchEverywhere(s *gomcp.Server) {
	s.AddTool(&gomcp.Tool{Name: "search_everywhere", InputSchema: map[string]any{"type": "object"}}, lowSearchEverywhere)
}

var (
	registerLowSearch           = registrars{}.lowSearch
	registerLowSearchEverywhere = registrars{}.lowSearchEverywhere
)

func NewRegistrarGoServers() {
	s := gomcp.NewServer(&gomcp.Implementation{Name: "registrars", Version: "1.0.0"}, nil)
	s.AddReceivingMiddleware(toolErrorsAsResults)
	registerLowSearch(s)
	registerLowSearchEverywhere(s)

	plain := gomcp.NewServer(&gomcp.Implementation{Name: "registrars-plain", Version: "1.0.0"}, nil)
	registerLowSearchEverywhere(plain)
}
