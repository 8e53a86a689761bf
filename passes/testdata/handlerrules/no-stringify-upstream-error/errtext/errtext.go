// Package errtext builds tool results for the handlers of another package, as
// github-mcp-server's utils package does.
package errtext

import (
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// NewToolResultError builds an IsError result from its text.
func NewToolResultError(message string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: message}}}
}

// NewToolResultText builds a success result: its text is no error text.
func NewToolResultText(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// Response wraps an upstream response the way go-github's Response does: Body is promoted.
type Response struct {
	*http.Response
	NextPage int
}

// Request wraps an outgoing request: its Body is no upstream data.
type Request struct {
	*http.Request
}
