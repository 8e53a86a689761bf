// Command server is the shipped server: it serves over stdio.
package main

import (
	"context"
	"flag"
	"log"
	"net/http"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// version is set by the release build with -ldflags "-X main.version=..."; "dev" is a
// placeholder, not a version to compare with server.json.
var version = "dev"

var port = flag.Int("port", 0, "also serve streamable HTTP on this port")

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
	flag.Parse()
	if *port > 0 {
		// Only the HTTP listener needs a key: the stdio package the manifest declares does not.
		key := os.Getenv("SHIPPED_TLS_KEY")
		if key == "" {
			log.Fatal("SHIPPED_TLS_KEY is not set")
		}
		h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
		go func() { log.Fatal(http.ListenAndServeTLS(":8443", key+".crt", key, h)) }()
	}
	_ = s.Run(context.Background(), &mcp.StdioTransport{})
}
