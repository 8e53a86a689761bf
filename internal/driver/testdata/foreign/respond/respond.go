// Package respond turns what an API call returned into a tool result. srv's handlers end
// with `return respond.Result(v, err)`: an upstream failure they pass in is returned here as
// a JSON-RPC error, which only a run that sees the whole module can tell.
package respond

import (
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// Result answers with v as JSON, or with the call's failure.
func Result(v any, err error) (*mcp.CallToolResult, error) {
	if err != nil {
		return nil, fmt.Errorf("request failed: %w", err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("encode", err), nil
	}
	return mcp.NewToolResultText(string(b)), nil
}
