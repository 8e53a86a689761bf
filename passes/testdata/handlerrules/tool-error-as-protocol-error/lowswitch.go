package a

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

type renameArgs struct {
	From string `json:"from"`
	To   string `json:"to"`
	Mode string `json:"mode"`
}

// A go-sdk low-level handler checks its arguments in a switch: each case is an argument
// error sent as a protocol error.
func renameLow(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	var args renameArgs
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, fmt.Errorf("invalid arguments: %w", err) // want `tool-error-as-protocol-error`
	}
	switch {
	case args.From == "":
		return nil, errors.New("from is required") // want `tool-error-as-protocol-error`
	case args.To == "":
		return nil, errors.New("to is required") // want `tool-error-as-protocol-error`
	case strings.EqualFold(args.From, args.To):
		return nil, errors.New("from and to are the same") // want `tool-error-as-protocol-error`
	}
	switch args.Mode {
	case "copy", "move":
	default:
		return nil, fmt.Errorf("unknown mode %q", args.Mode) // want `tool-error-as-protocol-error`
	}
	return &gomcp.CallToolResult{}, nil
}

// The same switch over a map of the raw arguments.
func renameLowMap(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	var args map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err // want `tool-error-as-protocol-error`
	}
	from, _ := args["from"].(string)
	switch {
	case from == "":
		return nil, errors.New("from is required") // want `tool-error-as-protocol-error`
	case len(from) > 255:
		return nil, errors.New("from is too long") // want `tool-error-as-protocol-error`
	}
	return &gomcp.CallToolResult{}, nil
}

// Near miss: a switch over the server's own state, not the arguments.
func renameLowState(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	switch {
	case readOnly:
		return nil, errors.New("server is read-only")
	case ctx.Err() != nil:
		return nil, ctx.Err()
	}
	return &gomcp.CallToolResult{}, nil
}

var readOnly bool
