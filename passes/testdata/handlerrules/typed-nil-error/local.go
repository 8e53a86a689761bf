package a

import (
	"context"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ValidationError is a server's own error type.
type ValidationError struct{ Field string }

func (e *ValidationError) Error() string { return "invalid " + e.Field }

type Query struct {
	Text string `json:"text" jsonschema:"what to search for"`
}

type Hits struct {
	Count int `json:"count" jsonschema:"how many matched"`
}

// The new user's mistake: verr stays nil when the query is fine, and go-sdk calls Error on it.
func search(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	var verr *ValidationError
	if strings.TrimSpace(q.Text) == "" {
		verr = &ValidationError{Field: "text"}
	}
	return nil, Hits{}, verr // want `verr can be a nil \*ValidationError, a non-nil error; return literal nil on that path \(typed-nil-error\)`
}

// The same through an else branch and a named result with a bare return.
func searchNamed(ctx context.Context, req *mcp.CallToolRequest, q Query) (res *mcp.CallToolResult, out Hits, err error) {
	var verr *ValidationError
	if q.Text != "" {
		out.Count = 1
	} else {
		verr = &ValidationError{Field: "text"}
	}
	err = verr
	return // want `err can be a nil \*ValidationError`
}

// validateQuery returns a nil *ValidationError for a good query.
func validateQuery(q Query) *ValidationError {
	if q.Text == "" {
		return &ValidationError{Field: "text"}
	}
	return nil
}

// The helper's nil held in a variable first.
func searchHelper(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	e := validateQuery(q) // want `validateQuery's nil \*ValidationError becomes a non-nil error`
	return nil, Hits{}, e
}

// Near misses: the pointer is tested, or the same condition decides both.
func searchTested(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	var verr *ValidationError
	if q.Text == "" {
		verr = &ValidationError{Field: "text"}
	}
	if verr != nil {
		return nil, Hits{}, verr
	}
	return nil, Hits{Count: 1}, nil
}

func searchSameCondition(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	bad := q.Text == ""
	var verr *ValidationError
	if bad {
		verr = &ValidationError{Field: "text"}
	}
	if !bad {
		return nil, Hits{Count: 1}, nil
	}
	return nil, Hits{}, verr
}

func register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "search", Description: "Search."}, search)
	mcp.AddTool(s, &mcp.Tool{Name: "search_named", Description: "Search."}, searchNamed)
	mcp.AddTool(s, &mcp.Tool{Name: "search_helper", Description: "Search."}, searchHelper)
	mcp.AddTool(s, &mcp.Tool{Name: "search_tested", Description: "Search."}, searchTested)
	mcp.AddTool(s, &mcp.Tool{Name: "search_same", Description: "Search."}, searchSameCondition)
}
