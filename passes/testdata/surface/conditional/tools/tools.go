// Package tools builds definitions that package conditional registers.
package tools

import "github.com/mark3labs/mcp-go/mcp"

// NewPurgeTool is registered by package conditional only when the tool is not excluded.
func NewPurgeTool() mcp.Tool {
	return mcp.NewTool("purge", mcp.WithDescription("Purge the cache."))
}

// NewStatsTool is registered whatever holds.
func NewStatsTool() mcp.Tool {
	return mcp.NewTool("stats", mcp.WithDescription("Cache statistics."))
}
