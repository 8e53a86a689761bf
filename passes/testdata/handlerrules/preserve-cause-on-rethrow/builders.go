package a

import (
	"context"
	"errors"
	"net/http"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/handlerrules/preserve-cause-on-rethrow/apierrs"
)

// toolFailure is the server's own error type, which carries what the model should read.
type toolFailure struct{ Message string }

func (e *toolFailure) Error() string { return e.Message }

func lookup(ctx context.Context, q string) error { return &toolFailure{Message: "no match for " + q} }

// Near misses: building a request does no I/O (its failure is a bad constant URL), and a
// result built from the error seen as its own type (a type assertion, a type switch,
// errors.As) keeps it.
func buildRequest(ctx context.Context, req *gomcp.CallToolRequest, in fetchIn) (*gomcp.CallToolResult, any, error) {
	r, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://example.com/api", nil)
	if err != nil {
		return apierrs.NewToolResultError("failed to create request"), nil, nil
	}
	_ = r
	if err := lookup(ctx, in.URL); err != nil {
		if failure, ok := err.(*toolFailure); ok {
			return apierrs.NewToolResultError(failure.Message), nil, nil
		}
		switch f := err.(type) {
		case *toolFailure:
			return apierrs.NewToolResultError(f.Message), nil, nil
		}
		var target *toolFailure
		if errors.As(err, &target) {
			return apierrs.NewToolResultError(target.Message), nil, nil
		}
		return apierrs.NewToolResultError("lookup failed"), nil, nil // want `tool error result drops err`
	}
	return nil, nil, nil
}

func init() {
	s := gomcp.NewServer(&gomcp.Implementation{Name: "builders", Version: "1"}, nil)
	gomcp.AddTool(s, &gomcp.Tool{Name: "build_request", Description: "Builds a request."}, buildRequest)
}

// isStatus reports whether err is an upstream answer with the given status.
func isStatus(err error, code int) bool {
	var f *toolFailure
	return errors.As(err, &f) && code == http.StatusNotFound
}

var errUnsupported = errors.New("client does not support elicitation")

// Near misses: a failure classified first (a 404 status of it, errors.Is of a sentinel) and
// answered with a text of its own is translated on purpose, as a new error would be; the
// generic failure after them still drops the cause.
func classified(ctx context.Context, req *gomcp.CallToolRequest, in fetchIn) (*gomcp.CallToolResult, any, error) {
	err := lookup(ctx, in.URL)
	if err != nil && isStatus(err, http.StatusNotFound) {
		return apierrs.NewToolResultError(in.URL + " does not exist or is not accessible"), nil, nil
	}
	if errors.Is(err, errUnsupported) {
		return apierrs.NewToolResultError("your client cannot answer questions"), nil, nil
	}
	if err != nil {
		return apierrs.NewToolResultError("lookup failed"), nil, nil // want `tool error result drops err`
	}
	return nil, nil, nil
}

func init() {
	s := gomcp.NewServer(&gomcp.Implementation{Name: "classified", Version: "1"}, nil)
	gomcp.AddTool(s, &gomcp.Tool{Name: "classified", Description: "Classifies."}, classified)
}
