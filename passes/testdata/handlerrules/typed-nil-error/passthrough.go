package a

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// annotate returns its argument's copy with a field set, and nil for nil: its nil is the
// caller's own argument.
func annotate(e *ValidationError, field string) *ValidationError {
	if e == nil {
		return nil
	}
	c := *e
	c.Field = field
	return &c
}

// Near miss: the pointer came out of the error in hand, so it is not nil (mcplint's own
// mcptool.protocolError).
func passAsserted(err error) error {
	if v, ok := err.(*ValidationError); ok {
		return annotate(v, "text")
	}
	return err
}

// Near miss: errors.As fills a pointer only with the error it finds.
func passAs(err error) error {
	var v *ValidationError
	if errors.As(err, &v) {
		return annotate(v, "text")
	}
	return err
}

// Near miss: a parameter's nil would be the caller's.
func passParam(v *ValidationError) error {
	return annotate(v, "text")
}

// The local that some way leaves nil is passed through to the error result.
func searchPassed(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	var verr *ValidationError
	if q.Text == "" {
		verr = &ValidationError{}
	}
	return nil, Hits{}, annotate(verr, "text") // want `annotate's nil \*ValidationError becomes a non-nil error`
}

// A literal nil passed through.
func searchNilPassed(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	return nil, Hits{}, annotate(nil, "text") // want `annotate's nil \*ValidationError becomes a non-nil error`
}
