// Command bundle is shipped only as an MCP bundle (.mcpb), whose own manifest declares what the
// user configures: its server.json declares no environment variables, and needs none.
package main

import (
	"context"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	token := os.Getenv("BUNDLE_API_TOKEN")
	_ = token
	s := mcp.NewServer(&mcp.Implementation{Name: "bundle", Version: "1.0.0"}, nil)
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
