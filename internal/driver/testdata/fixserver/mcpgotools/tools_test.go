package mcpgotools

import (
	"context"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
)

func call(args map[string]any) mcp.CallToolRequest {
	var req mcp.CallToolRequest
	req.Params.Arguments = args
	return req
}

// The server's own tests: the tools answer known records. (They pass before and after
// mcplint -fix.)
func TestToolsAnswer(t *testing.T) {
	for name, h := range map[string]func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error){"fetch": Fetch, "page": Page, "list": List, "lookup": Lookup} {
		res, err := h(context.Background(), call(map[string]any{"id": "a"}))
		if err != nil || res.IsError {
			t.Fatalf("%s: %v %+v", name, err, res)
		}
		if got := res.Content[0].(mcp.TextContent).Text; got != "value of a" {
			t.Errorf("%s: %q", name, got)
		}
	}
}
