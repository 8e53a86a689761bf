// Package syntax imports an SDK and does not parse.
package syntax

import "github.com/modelcontextprotocol/go-sdk/mcp"

func Broken(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error {
	return nil, nil
}
