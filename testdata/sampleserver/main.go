// Command sampleserver is a small MCP server with the mistakes mcplint exists to catch. It
// lives under testdata so that `go test ./...` and `mcplint ./...` on mcplint itself skip
// it; run `go run ./cmd/mcplint ./testdata/sampleserver/...` to see the findings.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type SearchIn struct {
	Query string `json:"query" jsonschema:"required,description=What to search for"`
	Limit int    `json:"limit,omitempty" jsonschema:"Maximum number of results"`
}

type SearchOut struct {
	Titles []string `json:"titles" jsonschema:"Matching titles"`
}

var catalog = map[string]string{"go": "The Go Programming Language"}

func search(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, SearchOut, error) {
	if in.Limit < 0 {
		// A protocol error wrapped: go-sdk demotes it to a tool error and the code is lost.
		return nil, SearchOut{}, fmt.Errorf("bad limit: %w", &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "limit must be positive"})
	}
	title, ok := catalog[in.Query]
	if !ok {
		// isError with a nil error: a zero structuredContent ships beside it.
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "nothing found"}}}, SearchOut{}, nil
	}
	return nil, SearchOut{Titles: []string{title}}, nil
}

type lookupArgs struct {
	ID string `json:"id"`
}

func lookup(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args lookupArgs
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		// The model sent bad arguments, but it gets a JSON-RPC error it never sees.
		return nil, err
	}
	if args.ID == "" {
		return nil, nil // crashes the session goroutine on current protocol versions
	}
	v, err := fetch(args.ID)
	if err != nil {
		// The friendly result is discarded: the error wins.
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "lookup failed"}}}, fmt.Errorf("fetch %s: %v", args.ID, err)
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: v}}}, nil
}

func fetch(id string) (string, error) {
	if v, ok := catalog[id]; ok {
		return v, nil
	}
	return "", errors.New("unknown id")
}

func readBook(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	text, ok := catalog[req.Params.URI]
	if !ok {
		return nil, fmt.Errorf("book %s not found", req.Params.URI)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: text}}}, nil
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "io.github.mcplint/sample", Version: "0.1.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "search books", Description: "Search the catalog"}, search)
	s.AddTool(&mcp.Tool{Name: "lookup", InputSchema: map[string]any{"type": "object"}}, lookup)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "book", URITemplate: "books://{id}"}, readBook)
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Print(err)
		os.Exit(1)
	}
}
