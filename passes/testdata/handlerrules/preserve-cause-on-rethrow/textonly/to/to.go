// Package to turns errors into tool results, some by their text alone.
package to

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/mark3labs/mcp-go/mcp"
)

// Error shows the error's text only.
func Error(err error) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		Content: []mcp.Content{mcp.TextContent{Type: "text", Text: err.Error()}},
		IsError: true,
	}
}

// Errorf formats the error with fmt, through Error.
func Errorf(prefix string, err error) *mcp.CallToolResult {
	if err == nil {
		return nil
	}
	return mcp.NewToolResultError(fmt.Sprintf("%s: %v", prefix, err) + Error(err).Content[0].(mcp.TextContent).Text)
}

// Classified reads the error's chain: a wrapped cause changes its answer.
func Classified(err error) *mcp.CallToolResult {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return mcp.NewToolResultError("no such path: " + pe.Path)
	}
	return mcp.NewToolResultError(err.Error())
}
