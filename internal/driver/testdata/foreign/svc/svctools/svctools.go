// Package svctools defines the tools of package svc, one function per tool
// (cloud-native-mcp-server's services/*/tools).
package svctools

import "github.com/mark3labs/mcp-go/mcp"

// TimeTool defines the time tool.
func TimeTool() mcp.Tool {
	return mcp.NewTool("svc_time", mcp.WithDescription("Tells the time in a layout."), mcp.WithString("layout", mcp.Description("A Go time layout.")))
}

// SleepTool defines the sleep tool.
func SleepTool() mcp.Tool {
	return mcp.NewTool("svc_sleep", mcp.WithDescription("Waits a number of seconds."), mcp.WithNumber("seconds", mcp.Required(), mcp.Description("How long to wait.")))
}
