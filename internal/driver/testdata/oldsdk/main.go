// Command oldsdk is a server on go-sdk's pre-release v0 API, which recognition does not read:
// the run says so instead of looking clean.
package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type helloIn struct {
	Name string `json:"name"`
}

func hello(ctx context.Context, ss *mcp.ServerSession, params *mcp.CallToolParamsFor[helloIn]) (*mcp.CallToolResultFor[struct{}], error) {
	return &mcp.CallToolResultFor[struct{}]{Content: []mcp.Content{&mcp.TextContent{Text: "hi " + params.Arguments.Name}}}, nil
}

func main() {
	s := mcp.NewServer("oldsdk", "v0.0.1", nil)
	s.AddTools(mcp.NewServerTool("hello", "Say hello.", hello))
	_ = s.Run(context.Background(), mcp.NewStdioTransport())
}
