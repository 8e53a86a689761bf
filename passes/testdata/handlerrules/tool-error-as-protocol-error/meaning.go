package a

import (
	"context"
	"fmt"
	"regexp"

	"github.com/mark3labs/mcp-go/mcp"
)

var uuidPattern = regexp.MustCompile(`^[0-9a-f-]{36}$`)

func isValidUUID(s string) bool { return uuidPattern.MatchString(s) }

var allowedStates = map[string]bool{"open": true, "closed": true}

// Argument checks written by meaning: a validating function of the package, a length, an
// allow-list.
func byUUID(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := req.GetString("id", "")
	if !isValidUUID(id) {
		return nil, fmt.Errorf("invalid id %q", id) // want `tool-error-as-protocol-error`
	}
	if !uuidPattern.MatchString(id) {
		return nil, fmt.Errorf("invalid id %q", id) // want `tool-error-as-protocol-error`
	}
	return mcp.NewToolResultText(id), nil
}

func byState(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	state := req.GetString("state", "")
	if !allowedStates[state] {
		return nil, fmt.Errorf("invalid state %q", state) // want `tool-error-as-protocol-error`
	}
	if _, ok := allowedStates[state]; !ok {
		return nil, fmt.Errorf("invalid state %q", state) // want `tool-error-as-protocol-error`
	}
	return mcp.NewToolResultText(state), nil
}

func listKnown(ctx context.Context) (map[string]bool, error) { return map[string]bool{}, ctx.Err() }

// Near miss: the map is what the upstream answered; a missing key is not the arguments'
// fault alone.
func byKnown(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	known, err := listKnown(ctx)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("list", err), nil
	}
	id := req.GetString("id", "")
	if !known[id] {
		return nil, fmt.Errorf("unknown id %q", id)
	}
	return mcp.NewToolResultText(id), nil
}

type account struct{ Active bool }

func activeAccount(a *account, name string) bool { return a != nil && a.Active && name != "" }

// Near miss: the check asks about a value of the server's own (an account), not plain values.
func byAccount(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	acct := &account{}
	if !activeAccount(acct, req.GetString("name", "")) {
		return nil, fmt.Errorf("account inactive")
	}
	return mcp.NewToolResultText("ok"), nil
}
