package a

import (
	"context"
	"errors"
	"os"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The same defect in ordinary control flow: a negated guard with an early return, an else
// branch, a switch, and through variables.

func negatedGuard(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	res := &gomcp.CallToolResult{}
	_, err := os.ReadFile("state.json")
	if err == nil {
		return res, nil
	}
	return res, err // want `result-and-error`
}

func elseBranch(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	_, err := os.ReadFile("state.json")
	if err == nil {
		return &gomcp.CallToolResult{}, nil
	} else {
		return &gomcp.CallToolResult{IsError: true}, err // want `result-and-error`
	}
}

func switched(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	var err error
	switch req.Params.Name {
	case "a":
	default:
		err = errors.New("unknown")
	}
	result := &gomcp.CallToolResult{}
	if err != nil {
		return result, err // want `result-and-error`
	}
	return result, nil
}

func throughVariables(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	var res *gomcp.CallToolResult
	_, err := os.ReadFile("state.json")
	if err != nil {
		res = &gomcp.CallToolResult{IsError: true}
	}
	out, e := res, err
	return out, e // want `result-and-error`
}

// Near misses: the result is nil wherever the error is not.
func exclusive(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	var res *gomcp.CallToolResult
	_, err := os.ReadFile("state.json")
	if err == nil {
		res = &gomcp.CallToolResult{}
	}
	return res, err
}

func exclusiveSwitch(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	_, err := os.ReadFile("state.json")
	switch {
	case err != nil:
		return nil, err
	default:
		return &gomcp.CallToolResult{}, nil
	}
}
