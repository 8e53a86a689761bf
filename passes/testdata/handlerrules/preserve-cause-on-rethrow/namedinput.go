package a

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

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

// Near miss: the argument accessor fails only when the argument is missing or not a string,
// and the text names the argument (kanbanzai's `task_id is required`).
func taskByID(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id, err := req.RequireString("task_id")
	if err != nil {
		return mcp.NewToolResultError("task_id is required: give the task to hand off"), nil
	}
	return mcp.NewToolResultText(id), nil
}

// The text names no argument: the accessor's error, which does, is dropped.
func taskByIDVague(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id, err := req.RequireString("task_id")
	if err != nil {
		return mcp.NewToolResultError("missing input"), nil // want `tool error result drops err`
	}
	return mcp.NewToolResultText(id), nil
}

// A call that reaches outside, given a constant: naming it does not say what failed.
func configValue(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, err := lookupOwner(ctx, "default_owner")
	if err != nil {
		return mcp.NewToolResultError("cannot read default_owner"), nil // want `tool error result drops err`
	}
	return mcp.NewToolResultText(v), nil
}

// A constant argument that names nothing (MarshalIndent's indent) is no argument the text
// names, though the text holds it (kanbanzai's profileToolMapJSON).
func formatted(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := json.MarshalIndent(map[string]any{"id": req.GetString("id", "")}, "", "  ")
	if err != nil {
		return mcp.NewToolResultError("Cannot format the response.\n\nTo resolve:\n  Retry."), nil // want `tool error result drops err`
	}
	return mcp.NewToolResultText(string(data)), nil
}

// Near miss: the parser is given an argument read under a key, and the text names that key
// (github-mcp-go's `since must be in ISO 8601 format`), built by a text helper of the module.
func commitsSince(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var since time.Time
	if v, ok := req.GetArguments()["since"].(string); ok && v != "" {
		var err error
		since, err = time.Parse(time.RFC3339, v)
		if err != nil {
			return mcp.NewToolResultError(invalidArgument("since must be in ISO 8601 format (YYYY-MM-DDTHH:MM:SSZ)")), nil
		}
	}
	return mcp.NewToolResultText(since.String()), nil
}

// Near miss: the same through an accessor, the key in a switch case's text.
func commitsUntil(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	until, err := time.Parse(time.RFC3339, req.GetString("until", ""))
	switch {
	case err != nil:
		return mcp.NewToolResultError("until: want an RFC 3339 time"), nil
	}
	return mcp.NewToolResultText(until.String()), nil
}

// The text names no key the parser's input was read under: the cause is dropped.
func commitsBefore(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, _ := req.GetArguments()["before"].(string)
	before, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return mcp.NewToolResultError("bad date"), nil // want `tool error result drops err`
	}
	return mcp.NewToolResultText(before.String()), nil
}

func invalidArgument(text string) string { return "invalid argument: " + text }
