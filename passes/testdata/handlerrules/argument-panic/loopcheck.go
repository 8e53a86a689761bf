package a

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

// Near miss: a loop over the required keys tests each with the two-value form first (aks-mcp's
// validators), so the later assertions of those keys cannot fail; an unchecked key still can.
func loopChecked(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	required := []string{"cluster", "start_time"}
	for _, key := range required {
		if v, ok := args[key].(string); !ok || v == "" {
			return mcp.NewToolResultError("missing or invalid " + key), nil
		}
	}
	cluster := args["cluster"].(string)
	start := args["start_time"].(string)
	zone := args["zone"].(string) // want `args\["zone"\].\(string\) panics on another type`
	return mcp.NewToolResultText(cluster + start + zone), nil
}
