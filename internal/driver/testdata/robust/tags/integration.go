//go:build integration

package tags

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Tagged returns a result and an error together, but only in integration builds.
func Tagged(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, errors.New("tagged")
}
