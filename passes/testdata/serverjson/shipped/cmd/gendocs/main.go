// Command gendocs builds the server only to list its tools for the documentation: it never
// serves, so it is not the program server.json describes.
package main

import (
	"context"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	if os.Getenv("GENDOCS_OUTPUT_TOKEN") == "" {
		log.Fatal("GENDOCS_OUTPUT_TOKEN is not set")
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "shipped-docs", Version: "0.0.1"}, nil)
	ct, st := mcp.NewInMemoryTransports()
	if _, err := s.Connect(context.Background(), st, nil); err != nil {
		log.Fatal(err)
	}
	_ = ct
}
