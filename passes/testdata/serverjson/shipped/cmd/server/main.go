// Command server is the shipped server: it serves over stdio.
package main

import (
	"context"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// version is set by the release build with -ldflags "-X main.version=..."; "dev" is a
// placeholder, not a version to compare with server.json.
var version = "dev"

func main() {
	token := os.Getenv("SHIPPED_TOKEN")
	if token == "" {
		token = os.Getenv("SHIPPED_LEGACY_TOKEN") // the deprecated spelling, still honoured
	}
	if token == "" {
		log.Fatal("SHIPPED_TOKEN is not set")
	}
	if os.Getenv("SHIPPED_OPTIONAL_TOKEN") == "" {
		log.Print("no SHIPPED_OPTIONAL_TOKEN: the premium tools stay off")
	}
	region := os.Getenv("SHIPPED_REGION")
	if region == "" {
		log.Fatal("SHIPPED_REGION is not set")
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "shipped", Version: version}, nil)
	_ = s.Run(context.Background(), &mcp.StdioTransport{})
}
