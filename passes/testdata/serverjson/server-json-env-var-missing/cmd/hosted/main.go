// Command hosted serves streamable HTTP unless HOSTED_TRANSPORT=stdio; its server.json
// declares a package that runs over streamable HTTP.
package main

import (
	"context"
	"log"
	"net/http"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "hosted", Version: "1.0.0"}, nil)
	if os.Getenv("HOSTED_TRANSPORT") == "stdio" {
		// A credential only the stdio path reads: an HTTP install never needs it.
		serveStdio(s, os.Getenv("HOSTED_STDIO_TOKEN"))
		return
	}
	if useTLS() {
		log.Print("TLS on")
	}
	serveHTTP(s)
}

// useTLS is read on every path and tolerated missing.
func useTLS() bool { return os.Getenv("HOSTED_TLS") != "" }

func serveStdio(s *mcp.Server, token string) {
	_ = token
	_ = s.Run(context.Background(), &mcp.StdioTransport{})
}

// serveHTTP serves streamable HTTP: the HTTP install needs what it reads.
func serveHTTP(s *mcp.Server) {
	key := os.Getenv("HOSTED_SIGNING_KEY")
	if key == "" {
		log.Fatal("HOSTED_SIGNING_KEY is not set") // the one finding: required on HTTP
	}
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
	log.Fatal(http.ListenAndServe(":8080", h))
}
