// Package helpers builds tool results for the handlers of another package, as servers do.
package helpers

import "github.com/modelcontextprotocol/go-sdk/mcp"

// NotFoundResult is an IsError result on its only path.
func NotFoundResult(what string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: what + " not found"}}}
}

// ErrorResult reaches the literal through another helper and a variable.
func ErrorResult(msg string) *mcp.CallToolResult {
	res := errorText(msg)
	return res
}

func errorText(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

// TextResult is a success result.
func TextResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// MaybeError is an error on one path only.
func MaybeError(failed bool) *mcp.CallToolResult {
	if failed {
		return &mcp.CallToolResult{IsError: true}
	}
	return &mcp.CallToolResult{}
}

// Marked sets IsError after the literal, on a condition: its literal does not say.
func Marked(failed bool) *mcp.CallToolResult {
	res := &mcp.CallToolResult{}
	res.IsError = failed
	return res
}
