// Package hive is a tool type of a third package: its Handler method returns the handler a
// generic function of package tools makes from it, and srv registers it through tools.Impl.
package hive

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/foreign/tools"
)

type LookupParams struct {
	ID string `json:"id"`
}

type Lookup struct{}

func (Lookup) Definition() mcp.Tool {
	return mcp.NewTool("lookup", mcp.WithDescription("Looks an item up."), mcp.WithString("id", mcp.Description("The item.")))
}

func (l Lookup) Handler() server.ToolHandlerFunc {
	return tools.Validated[LookupParams](l)
}

func (Lookup) Handle(ctx context.Context, p LookupParams) (string, error) {
	return "item " + p.ID, nil
}
