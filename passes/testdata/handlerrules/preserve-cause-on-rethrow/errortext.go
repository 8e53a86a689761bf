package a

import (
	"context"
	"fmt"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

type textIn struct {
	ID string `json:"id" jsonschema:"the record id"`
}

// err.Error() formatted with %s is the cause as text: the fix wraps err itself with %w.
func errorText(ctx context.Context, req *gomcp.CallToolRequest, in textIn) (*gomcp.CallToolResult, any, error) {
	v, err := fetch(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("fetch %s: %s", in.ID, err.Error()) // want `fmt.Errorf formats err with %s instead of wrapping it with %w`
	}
	return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: v}}}, nil, nil
}
