// Package apierr maps upstream errors, as servers' own error layers do. It imports the SDK:
// mcplint's own loader reads packages of the module that cannot reach an SDK from export data
// only, so their summaries are not computed (go vet -vettool and golangci-lint compute them).
package apierr

import (
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Result turns an error into a tool error result.
func Result(err error) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}
}

type APIError struct{ Status int }

func (e *APIError) Error() string { return fmt.Sprint(e.Status) }

// Map returns a new error carrying err on every path.
func Map(err error) error {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return fmt.Errorf("upstream answered %d: %w", apiErr.Status, err)
	}
	return fmt.Errorf("upstream: %w", err)
}

// OrNil returns nil when given nil: whether its error is non-nil depends on the argument.
func OrNil(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("upstream: %w", err)
}

// Same returns err itself on one path: non-nil when err is.
func Same(err error) error {
	if errors.Is(err, errors.ErrUnsupported) {
		return err
	}
	return fmt.Errorf("wrapped: %w", err)
}
