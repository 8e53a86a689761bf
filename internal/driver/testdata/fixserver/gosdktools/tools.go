// Package gosdktools holds the fixture server's go-sdk low-level tools, whose errors become
// JSON-RPC errors.
package gosdktools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/fixserver/upstream"
)

var idSchema = json.RawMessage(`{"type":"object","properties":{"id":{"type":"string","description":"The record id."}},"required":["id"]}`)

// Register adds the tools to s.
func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "get", Description: "Gets a record by id.", InputSchema: idSchema}, Get)
}

type args struct {
	ID string `json:"id"`
}

// Get sends argument problems and the store's failure as JSON-RPC errors.
func Get(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in args
	if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
		return nil, err
	}
	if in.ID == "" {
		return nil, errors.New("id is required")
	}
	v, err := upstream.Fetch(ctx, in.ID)
	if err != nil {
		return nil, fmt.Errorf("get %s: %w", in.ID, err)
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: v}}}, nil
}
