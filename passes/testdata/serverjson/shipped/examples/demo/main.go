// Command demo is an example: it serves, but it is not the shipped server.
package main

import (
	"context"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	if os.Getenv("DEMO_API_KEY") == "" {
		log.Fatal("DEMO_API_KEY is not set")
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "demo", Version: "9.9.9"}, nil)
	_ = s.Run(context.Background(), &mcp.StdioTransport{})
}
