package a

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
)

// (nil, nil) reached through variables and branches rather than written.

func byVariable(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var result *mcp.CallToolResult
	switch req.GetString("mode", "") {
	case "text":
		result = mcp.NewToolResultText("ok")
	case "json":
		result = mcp.NewToolResultText("{}")
	}
	return result, nil // want `tool handler returns \(nil, nil\)`
}

func byNamedResults(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	data, readErr := os.ReadFile("state.json")
	if readErr != nil {
		err = readErr
		return
	}
	if len(data) > 0 {
		res = mcp.NewToolResultText(string(data))
	}
	return // want `tool handler returns \(nil, nil\)`
}

// Near misses: every path sets one of the two.
func everyPath(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var result *mcp.CallToolResult
	var err error
	data, readErr := os.ReadFile("state.json")
	if readErr == nil {
		result = mcp.NewToolResultText(string(data))
	} else {
		err = readErr
	}
	return result, err
}

func byDefault(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var result *mcp.CallToolResult
	switch req.GetString("mode", "") {
	case "text":
		result = mcp.NewToolResultText("ok")
	default:
		result = mcp.NewToolResultError("unknown mode")
	}
	return result, nil
}
