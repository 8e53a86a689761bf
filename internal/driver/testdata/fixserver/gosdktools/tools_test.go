package gosdktools

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestGetAnswers(t *testing.T) {
	req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Arguments: json.RawMessage(`{"id":"a"}`)}}
	res, err := Get(context.Background(), req)
	if err != nil || res.IsError {
		t.Fatalf("%v %+v", err, res)
	}
	if got := res.Content[0].(*mcp.TextContent).Text; got != "value of a" {
		t.Errorf("%q", got)
	}
}
