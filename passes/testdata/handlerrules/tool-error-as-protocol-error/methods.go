package a

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
)

type runner struct{ remote string }

type limits struct{ Page int }

// parseLimits is a method of the module's own that reads the arguments: its error is the
// model's to fix, whatever the receiver holds.
func (r *runner) parseLimits(args map[string]any) (limits, error) {
	if _, ok := args["page"].(float64); !ok {
		return limits{}, errors.New("page must be a number")
	}
	return limits{}, nil
}

// fetchLimits asks the remote: its error is not the arguments'.
func (r *runner) fetchLimits(ctx context.Context, args map[string]any) (limits, error) {
	return limits{}, errors.New("remote down")
}

func (r *runner) list(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	l, err := r.parseLimits(req.GetArguments())
	if err != nil {
		return nil, err // want `tool-error-as-protocol-error`
	}
	// Near miss: the method takes a context, so it may do I/O.
	m, err := r.fetchLimits(ctx, req.GetArguments())
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(rune(l.Page + m.Page))), nil
}
