// Package gen mixes generated and hand-written handlers: only the hand-written one is
// reported.
package gen

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Written returns a result and an error together.
func Written(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, errors.New("written")
}
