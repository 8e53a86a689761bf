package a

import (
	"context"
	"fmt"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
)

// An IsError result literal, as mcp-filesystem-server writes them: its content is tool-error text.
func deleteFile(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := os.Remove("x"); err != nil {
		return &mcp.CallToolResult{
			Content: []mcp.Content{mcp.TextContent{Type: "text", Text: fmt.Sprintf("Error: %+v", err)}}, // want `error text embeds a %\+v dump of error`
			IsError: true,
		}, nil
	}
	return mcp.NewToolResultText("deleted"), nil
}

// Near misses: %v of an error in an IsError literal, and %+v of a struct in a success literal.
func statFile(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	fi, err := os.Stat("x")
	if err != nil {
		return &mcp.CallToolResult{
			Content: []mcp.Content{mcp.TextContent{Type: "text", Text: fmt.Sprintf("Error: %v", err)}},
			IsError: true,
		}, nil
	}
	return &mcp.CallToolResult{
		Content: []mcp.Content{mcp.TextContent{Type: "text", Text: fmt.Sprintf("%+v", struct{ Name string }{fi.Name()})}},
	}, nil
}
