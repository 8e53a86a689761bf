package a

import (
	"context"
	"iter"
	"slices"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A range-over-func loop keeps the handler's results in a slot its yield function shares: the
// helper's nil after the loop is still seen.
func searchAll(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	var words iter.Seq[string] = slices.Values([]string{q.Text})
	for w := range words {
		if w == "stop" {
			return nil, Hits{}, nil
		}
	}
	return nil, Hits{}, validateQuery(q) // want `validateQuery's nil \*ValidationError becomes a non-nil error`
}

// Near miss: the same loop, the helper's pointer tested first.
func searchAllTested(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	var words iter.Seq[string] = slices.Values([]string{q.Text})
	for w := range words {
		if w == "stop" {
			return nil, Hits{}, nil
		}
	}
	if verr := validateQuery(q); verr != nil {
		return nil, Hits{}, verr
	}
	return nil, Hits{}, nil
}
