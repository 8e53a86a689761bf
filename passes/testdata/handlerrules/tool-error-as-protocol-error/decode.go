package a

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
)

type createIn struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// decodeArgs is the server's own decoding helper.
func decodeArgs(args any, out any) error {
	b, err := json.Marshal(args)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}

func store(ctx context.Context, in createIn) error { return nil }

// Arguments decoded by a module helper into a struct: its error and the checks on the decoded
// fields that follow are argument problems.
func create(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in createIn
	if err := decodeArgs(req.GetArguments(), &in); err != nil {
		return nil, err // want `tool-error-as-protocol-error`
	}
	if in.Name == "" {
		return nil, errors.New("name is required") // want `tool-error-as-protocol-error`
	}
	if in.Count < 0 {
		return nil, errors.New("count must not be negative") // want `tool-error-as-protocol-error`
	}
	// Near miss: a failure of the store, not of the arguments.
	if err := store(ctx, in); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("ok"), nil
}
