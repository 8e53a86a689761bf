package suppress

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
)

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch req.GetString("mode", "") {
	case "a":
		//mcplint:ignore result-and-error the client reads the error text only
		return mcp.NewToolResultText("a"), errors.New("a")
	case "b":
		return mcp.NewToolResultText("b"), errors.New("b") //mcplint:ignore result-and-error trailing form
	case "c":
		//mcplint:ignore result-and-error
		return mcp.NewToolResultText("c"), errors.New("c")
	case "d":
		//mcplint:ignore nil-result-nil-error nothing to suppress here
		return mcp.NewToolResultText("d"), nil
	case "e":
		//mcplint:ignore reslt-and-error typo
		return mcp.NewToolResultText("e"), errors.New("e")
	}
	return mcp.NewToolResultText("ok"), nil
}
