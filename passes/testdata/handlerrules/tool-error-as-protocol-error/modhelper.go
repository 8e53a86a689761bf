package a

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"fixtures/handlerrules/tool-error-as-protocol-error/argutil"
)

// Arguments read by a helper of the module in another package, given the request.
func listRuns(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	pagination, err := argutil.OptionalPaginationParams(req)
	if err != nil {
		return nil, err // want `tool-error-as-protocol-error`
	}
	// Near misses: a helper that takes a context, and one whose name says no argument reader.
	defaults, err := argutil.OptionalRemoteDefaults(ctx, req)
	if err != nil {
		return nil, err
	}
	profile, err := argutil.LoadProfile(req)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(rune(pagination.Page + defaults.Page + profile.Page))), nil
}
