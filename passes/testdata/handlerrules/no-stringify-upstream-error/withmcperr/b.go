// Package withmcperr can use mcperr: the advice names its options.
package withmcperr

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcperr"
)

type In struct {
	ID string `json:"id" jsonschema:"the item"`
}

func get(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if err := fetch(ctx, in.ID); err != nil {
		return nil, nil, mcperr.NotFound(fmt.Sprintf("no item: %+v", err), mcperr.WithCause(err)) // want `error text embeds a %\+v dump of error; move it to mcperr\.WithData, say what failed`
	}
	return nil, nil, nil
}

func fetch(ctx context.Context, id string) error { return nil }

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "get", Description: "Gets an item."}, get)
}
