// Package reason: a directive must say why the finding does not apply. One without a reason
// still suppresses its finding, and is reported itself.
package reason

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
)

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch req.GetString("mode", "") {
	case "above":
		//mcplint:ignore result-and-error
		return mcp.NewToolResultText("a"), errors.New("a")
	case "trailing":
		return mcp.NewToolResultText("b"), errors.New("b") //mcplint:ignore result-and-error
	case "near-miss-above":
		//mcplint:ignore result-and-error the client reads the error text only
		return mcp.NewToolResultText("c"), errors.New("c")
	case "near-miss-trailing":
		return mcp.NewToolResultText("d"), errors.New("d") //mcplint:ignore result-and-error trailing form
	}
	return mcp.NewToolResultText("ok"), nil
}
