// Package textonly hands errors built with %v to functions that use only their text (no
// finding: %w would change nothing they do) and to ones that read the chain (a finding).
package textonly

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"fixtures/handlerrules/preserve-cause-on-rethrow/textonly/to"
)

func fetch(ctx context.Context, id string) (string, error) { return id, ctx.Err() }

// asText is this package's text-only helper, reached through a second function.
func asText(err error) *mcp.CallToolResult { return shown(err) }

func shown(err error) *mcp.CallToolResult {
	return mcp.NewToolResultError("failed: " + err.Error())
}

// keeps reads the chain.
func keeps(err error) *mcp.CallToolResult {
	if errors.Is(err, context.Canceled) {
		return mcp.NewToolResultError("canceled")
	}
	return mcp.NewToolResultError(err.Error())
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id, err := req.RequireString("id")
	if err != nil {
		return to.Error(fmt.Errorf("[id] %v", err)), nil
	}
	v, err := fetch(ctx, id)
	if err != nil {
		return to.Errorf("fetch", fmt.Errorf("[fetch] %v", err)), nil
	}
	if _, err := fetch(ctx, v); err != nil {
		return asText(fmt.Errorf("[again] %v", err)), nil
	}
	if _, err := fetch(ctx, v); err != nil {
		e := fmt.Errorf("[stored] %v", err)
		return to.Error(e), nil
	}
	if _, err := fetch(ctx, v); err != nil {
		return to.Classified(fmt.Errorf("[classified] %v", err)), nil // want `fmt.Errorf formats err with %v instead of wrapping it with %w`
	}
	if _, err := fetch(ctx, v); err != nil {
		return keeps(fmt.Errorf("[kept] %v", err)), nil // want `fmt.Errorf formats err with %v instead of wrapping it with %w`
	}
	if _, err := fetch(ctx, v); err != nil {
		e := fmt.Errorf("[both] %v", err) // want `fmt.Errorf formats err with %v instead of wrapping it with %w`
		if mcpErr := to.Error(e); mcpErr != nil {
			return nil, e
		}
	}
	return mcp.NewToolResultText(v), nil
}
