// Package render turns what the store answered into a tool result, for the mcp-go tools that
// end with `return render.Result(...)`.
package render

import (
	"github.com/mark3labs/mcp-go/mcp"
)

// Result renders v, or the failure beside an isError result.
func Result(v string, err error) (*mcp.CallToolResult, error) {
	if err != nil {
		return mcp.NewToolResultErrorFromErr("list failed", err), err
	}
	return mcp.NewToolResultText(v), nil
}
