// Command headers serves tools whose x-mcp-header annotations are added at registration by a
// helper in another package than the tools' definitions.
package main

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/surface/headers/inventory"
	"fixtures/surface/headers/tools"
)

func main() {
	server := mcp.NewServer(&mcp.Implementation{Name: "headers", Version: "v1"}, nil)
	inventory.Register(server, tools.All())
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
