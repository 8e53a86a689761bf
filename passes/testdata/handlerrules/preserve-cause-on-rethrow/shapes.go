package a

import (
	"context"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
)

// The same dropped cause as m3's first branch, written with a negated guard, an else branch
// and a switch.
func negated(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, err := fetch(ctx)
	if err == nil {
		return mcp.NewToolResultText(v), nil
	}
	return mcp.NewToolResultError("failed to fetch"), nil // want `tool error result drops err`
}

func elseBranch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, err := fetch(ctx)
	if err == nil {
		v += "!"
	} else {
		return mcp.NewToolResultError("failed to fetch"), nil // want `tool error result drops err`
	}
	return mcp.NewToolResultText(v), nil
}

func switched(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, err := fetch(ctx)
	switch {
	case err != nil:
		return mcp.NewToolResultError("failed to fetch"), nil // want `tool error result drops err`
	}
	return mcp.NewToolResultText(v), nil
}

// Near miss, negated: each error is carried.
func negatedFine(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, err := fetch(ctx)
	if err == nil {
		n, perr := strconv.Atoi(v)
		if perr == nil {
			return mcp.NewToolResultText(strconv.Itoa(n)), nil
		}
		return mcp.NewToolResultError("the page is not a number: " + perr.Error()), nil
	}
	return mcp.NewToolResultErrorFromErr("failed to fetch", err), nil
}
