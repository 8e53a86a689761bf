package a

import (
	"context"
	"fmt"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
)

// Near miss: the text names the argument the parser rejected; the parser's error adds
// nothing the model can act on.
func ownerByID(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v := req.GetString("owner_id", "")
	n, err := strconv.Atoi(v)
	if err != nil {
		return mcp.NewToolResultError("invalid owner_id: " + v), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(n)), nil
}

// The text says something failed but not what: the cause is dropped.
func ownerByIDVague(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v := req.GetString("owner_id", "")
	n, err := strconv.Atoi(v)
	if err != nil {
		return mcp.NewToolResultError("invalid input"), nil // want `tool error result drops err`
	}
	return mcp.NewToolResultText(fmt.Sprint(n)), nil
}

// A call that reaches outside: naming its input does not say what failed upstream.
func ownerLookup(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v := req.GetString("owner_id", "")
	name, err := lookupOwner(ctx, v)
	if err != nil {
		return mcp.NewToolResultError("cannot look up owner " + v), nil // want `tool error result drops err`
	}
	return mcp.NewToolResultText(name), nil
}

func lookupOwner(ctx context.Context, id string) (string, error) { return id, ctx.Err() }
