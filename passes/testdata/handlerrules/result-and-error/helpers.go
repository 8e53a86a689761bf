package a

import (
	"context"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/handlerrules/result-and-error/apierr"
)

func mapLocal(err error) error { return apierr.Map(err) }

// An error built by a module helper from the error in hand is a non-nil error.
func viaErrorHelpers(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	res := &gomcp.CallToolResult{}
	_, err := fetch()
	if ctx == nil {
		return res, apierr.Map(err) // want `result-and-error`
	}
	if req == nil {
		return res, mapLocal(err) // want `result-and-error`
	}
	if err != nil {
		if req.Params == nil {
			return res, apierr.Same(err) // want `result-and-error`
		}
		return res, apierr.OrNil(err) // Near miss: OrNil returns nil on a path, so its summary does not say non-nil.
	}
	// Same(err) is non-nil even for a nil err (fmt.Errorf("wrapped: %w", nil) is an error),
	// so this returns both on every path. Near miss: OrNil.
	if req.Session == nil {
		return res, apierr.Same(err) // want `result-and-error`
	}
	return res, apierr.OrNil(err)
}
