// Command fixserver serves the fixture's tools over stdio: the go-sdk tools by default, the
// mcp-go ones with -mcpgo.
package main

import (
	"context"
	"flag"
	"log"

	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/fixserver/gosdktools"
	"example.com/fixserver/mcpgotools"
)

func main() {
	mcpgo := flag.Bool("mcpgo", false, "serve the mcp-go tools")
	flag.Parse()
	if *mcpgo {
		s := server.NewMCPServer("fixserver-mcpgo", "1.0.0")
		mcpgotools.Register(s)
		if err := server.ServeStdio(s); err != nil {
			log.Fatal(err)
		}
		return
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "fixserver-gosdk", Version: "1.0.0"}, nil)
	gosdktools.Register(s)
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
