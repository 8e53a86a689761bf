// Package small runs with description-token-budget: 10.
package small

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	return nil, nil
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

const long = "Search every repository the user can see for code, issues and pull requests matching the query."

func Register(s *gosdk.Server, m *server.MCPServer, computed string) {
	s.AddTool(&gosdk.Tool{Name: "long", Description: long, InputSchema: map[string]any{"type": "object"}}, low) // want `description uses about 18 context tokens per request \(budget 10\); shorten it`
	m.AddTool(mcp.NewTool("m3long", mcp.WithDescription(long+" Twice.")), handle)                               // want `description uses about 20 context tokens`

	// Near misses: exactly at the budget, short, and a description only known at run time.
	s.AddTool(&gosdk.Tool{Name: "ten", Description: "one two three four five six seven eight nine ten", InputSchema: map[string]any{"type": "object"}}, low)
	s.AddTool(&gosdk.Tool{Name: "short", Description: "Get one book.", InputSchema: map[string]any{"type": "object"}}, low)
	s.AddTool(&gosdk.Tool{Name: "computed", Description: computed + long, InputSchema: map[string]any{"type": "object"}}, low)
}
