// Command server is the fixture of the golangci-lint end-to-end test: an MCP server whose
// handlers break mcplint rules. The test asserts the findings by line, so keep lines stable.
package main

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Query string `json:"query" jsonschema:"what to search for"`
}

type Out struct {
	Hits int `json:"hits" jsonschema:"how many things matched"`
}

func search(ctx context.Context, q string) (int, error) { return len(q), nil }

// find returns a result and an error together (result-and-error), and formats the error in
// hand with %v (preserve-cause-on-rethrow, with a fix to %w).
func find(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	n, err := search(ctx, in.Query)
	if err != nil {
		return nil, Out{}, fmt.Errorf("search %q: %v", in.Query, err)
	}
	if n == 0 {
		return &mcp.CallToolResult{}, Out{}, errors.New("nothing matched")
	}
	return nil, Out{Hits: n}, nil
}

// count is quiet by default; with plain-handler-errors its uncoded error is reported.
func count(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	if in.Query == "" {
		return nil, Out{}, errors.New("empty query")
	}
	return nil, Out{Hits: 1}, nil
}

// suppressed keeps a result-and-error finding quiet with golangci-lint's own directive.
func suppressed(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	return &mcp.CallToolResult{}, Out{}, errors.New("known") //nolint:mcplint // the e2e test checks nolint
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "fixture", Version: "0.1.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "find", Description: "Find things"}, find)
	mcp.AddTool(s, &mcp.Tool{Name: "count", Description: "Count things"}, count)
	mcp.AddTool(s, &mcp.Tool{Name: "suppressed", Description: "Suppressed"}, suppressed)
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
