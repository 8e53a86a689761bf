// Package unused: a directive naming an enabled rule that reports nothing where it stands is
// stale. A directive naming a rule that exists but is disabled may be for another
// configuration, so it stays quiet.
package unused

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
)

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch req.GetString("mode", "") {
	case "nothing":
		//mcplint:ignore nil-result-nil-error nothing to suppress here
		return mcp.NewToolResultText("a"), nil
	case "typo":
		//mcplint:ignore reslt-and-error the rule ID is misspelled, so the finding stays
		return mcp.NewToolResultText("b"), errors.New("b")
	case "near-miss-used":
		//mcplint:ignore result-and-error the client reads the error text only
		return mcp.NewToolResultText("c"), errors.New("c")
	case "near-miss-disabled":
		//mcplint:ignore typed-nil-error that rule is off in this configuration
		return mcp.NewToolResultText("d"), nil
	}
	return mcp.NewToolResultText("ok"), nil
}
