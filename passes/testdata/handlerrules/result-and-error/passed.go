package a

import (
	"context"
	"errors"
	"fmt"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

type revokeOut struct {
	Revoked bool `json:"revoked"`
}

func revoke(ctx context.Context, id string) (revokeOut, error) {
	if id == "" {
		return revokeOut{}, errors.New("no such token")
	}
	return revokeOut{Revoked: true}, nil
}

func render(out revokeOut) *gomcp.CallToolResult {
	return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: fmt.Sprintf("revoked: %v", out.Revoked)}}}
}

// Near miss: the error of a fallible call handed on untested beside a success rendering of
// its output (gitlab-mcp-server's revoke tools). The SDK sends the error; the rendering was
// meant for success only.
func revokeTyped(ctx context.Context, req *gomcp.CallToolRequest, in struct{ ID string }) (*gomcp.CallToolResult, revokeOut, error) {
	out, err := revoke(ctx, in.ID)
	return render(out), out, err
}

// The same error, tested and answered with an IsError result beside it: the result's text is
// lost.
func revokeTested(ctx context.Context, req *gomcp.CallToolRequest, in struct{ ID string }) (*gomcp.CallToolResult, revokeOut, error) {
	out, err := revoke(ctx, in.ID)
	if err != nil {
		return render(out), out, err // want `tool result returned beside an error never reaches the client`
	}
	return render(out), out, nil
}

// An IsError result beside an untested error is meant for the client, and lost.
func revokeFailed(ctx context.Context, req *gomcp.CallToolRequest, in struct{ ID string }) (*gomcp.CallToolResult, revokeOut, error) {
	out, err := revoke(ctx, in.ID)
	return &gomcp.CallToolResult{IsError: true, Content: []gomcp.Content{&gomcp.TextContent{Text: "could not revoke"}}}, out, err // want `tool result returned beside an error never reaches the client`
}

func init() {
	s := gomcp.NewServer(&gomcp.Implementation{Name: "passed", Version: "1"}, nil)
	gomcp.AddTool(s, &gomcp.Tool{Name: "revoke", Description: "Revokes."}, revokeTyped)
	gomcp.AddTool(s, &gomcp.Tool{Name: "revoke_tested", Description: "Revokes."}, revokeTested)
	gomcp.AddTool(s, &gomcp.Tool{Name: "revoke_failed", Description: "Revokes."}, revokeFailed)
}

// go-sdk typed handlers whose IsError result says exactly the error's text (harvest's
// handleValidationError(msg) beside errors of msg): go-sdk builds that same result from the
// error, so nothing is lost. A result with other text than the error is still reported.
func validationResult(message string) *gomcp.CallToolResult {
	return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: message}}, IsError: true}
}

type queryIn struct {
	Query string `json:"query" jsonschema:"the query"`
}

func validateQuery(q string) error {
	if q == "" {
		return errors.New("query is empty")
	}
	return nil
}

func sameTextTyped(ctx context.Context, req *gomcp.CallToolRequest, in queryIn) (*gomcp.CallToolResult, any, error) {
	if err := validateQuery(in.Query); err != nil {
		return validationResult(err.Error()), nil, err
	}
	if len(in.Query) > 100 {
		msg := fmt.Sprintf("query too long: %d", len(in.Query))
		return validationResult(msg), nil, fmt.Errorf("%s", msg)
	}
	if in.Query == "*" {
		msg := "wildcards are not allowed"
		return validationResult(msg), nil, errors.New(msg)
	}
	if in.Query == "" {
		return validationResult("query is required"), nil, errors.New("query is required")
	}
	if in.Query == "?" {
		return validationResult("ask a real question"), nil, errors.New("bad query") // want `tool result returned beside an error never reaches the client`
	}
	return nil, in.Query, nil
}
