package a

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// formatRefs is a delegate of refs without an output of its own (gopls's formatReferences),
// and refs has no structured output either: silent, and no crash on the missing output.
func formatRefs(ctx context.Context, refs []string) (*mcp.CallToolResult, error) {
	if len(refs) == 0 {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "no references"}}}, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: refs[0]}}}, nil
}

func refs(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	formatted, err := formatRefs(ctx, nil)
	return formatted, nil, err
}

func registerSplit(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "refs", Description: "Find references."}, refs)
}
