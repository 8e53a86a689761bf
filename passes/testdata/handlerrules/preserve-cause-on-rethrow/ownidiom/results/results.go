// Package results is the server's own tool error constructors (github-mcp-server's utils).
package results

import "github.com/modelcontextprotocol/go-sdk/mcp"

// TextError is an IsError result with message.
func TextError(message string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: message}}, IsError: true}
}

// TextErrorFromErr is an IsError result with message and the error's text.
func TextErrorFromErr(message string, err error) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: message + ": " + err.Error()}}, IsError: true}
}
