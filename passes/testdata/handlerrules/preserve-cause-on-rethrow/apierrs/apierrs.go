// Package apierrs builds error results for the handlers of another package, as
// github-mcp-server's errors and utils packages do.
package apierrs

import (
	"context"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// NewAPIErrorResponse builds an IsError result from a message and the upstream error.
func NewAPIErrorResponse(ctx context.Context, message string, resp *http.Response, err error) *mcp.CallToolResult {
	text := message
	if err != nil {
		text += ": " + err.Error()
	}
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// NewToolResultError builds an IsError result from its text only.
func NewToolResultError(message string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: message}}}
}

// NewToolResultErrorFromErr builds an IsError result from a message and an error.
func NewToolResultErrorFromErr(message string, err error) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: message + ": " + err.Error()}}}
}

// Describe is no error result: its text is whatever the caller makes of it.
func Describe(message string, err error) string {
	if err != nil {
		return message + ": " + err.Error()
	}
	return message
}
