// Package tools defines tools that package inventory registers.
package tools

import (
	"context"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/surface/headers/inventory"
)

func handle(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

// All are the tools of the server.
func All() []inventory.ServerTool {
	return []inventory.ServerTool{
		inventory.New(mcp.Tool{Name: "get_repo", Description: "Get a repository.", InputSchema: &jsonschema.Schema{
			Type: "object",
			Properties: map[string]*jsonschema.Schema{
				"owner": {Type: "string", Description: "The owner."},
				"repo":  {Type: "string", Description: "The repository."},
				"ref":   {Type: "string", Description: "A git ref."},
			},
			Required: []string{"owner", "repo"},
		}}, handle),
		// Already annotated: the annotator keeps what is there.
		inventory.New(mcp.Tool{Name: "get_owner", Description: "Get an owner.", InputSchema: &jsonschema.Schema{
			Type: "object",
			Properties: map[string]*jsonschema.Schema{
				"owner": {Type: "string", Description: "The owner.", Extra: map[string]any{"x-mcp-header": "Org"}},
			},
		}}, handle),
		// No listed property: nothing to annotate.
		inventory.New(mcp.Tool{Name: "search", Description: "Search.", InputSchema: &jsonschema.Schema{
			Type:       "object",
			Properties: map[string]*jsonschema.Schema{"q": {Type: "string", Description: "The query."}},
		}}, handle),
		// Not a *jsonschema.Schema: the annotator leaves it alone.
		inventory.New(mcp.Tool{Name: "raw", Description: "Raw schema.", InputSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"owner": map[string]any{"type": "string", "description": "The owner."}},
		}}, handle),
	}
}
