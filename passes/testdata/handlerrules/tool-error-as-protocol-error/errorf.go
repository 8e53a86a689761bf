package a

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// fmt.Errorf of plain text becomes NewToolResultError of that text; with verbs and no error
// in hand, NewToolResultErrorf.
func errorfShapes(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := req.GetString("id", "")
	if id == "" {
		return nil, fmt.Errorf("id is required") // want `tool-error-as-protocol-error`
	}
	if len(id) > 36 {
		return nil, fmt.Errorf("id %q is longer than %d characters", id, 36) // want `tool-error-as-protocol-error`
	}
	return mcp.NewToolResultText(id), nil
}
