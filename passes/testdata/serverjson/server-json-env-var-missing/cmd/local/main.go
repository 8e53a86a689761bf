// Command local serves over stdio by default and over streamable HTTP with --transport=http;
// its server.json declares a stdio package (the remote is hosted by its publisher).
package main

import (
	"context"
	"flag"
	"log"
	"net/http"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/transports/internal/config"
)

var transport = flag.String("transport", "stdio", "stdio, http or sse")

func main() {
	flag.Parse()
	_ = config.BaseURL()
	s := mcp.NewServer(&mcp.Implementation{Name: "local", Version: "1.0.0"}, nil)
	if *transport == "sse" || *transport == "http" {
		// Only an HTTP listener has origins to check.
		if os.Getenv("LOCAL_ALLOWED_ORIGINS") == "" {
			log.Fatal("LOCAL_ALLOWED_ORIGINS is not set")
		}
	}
	switch *transport {
	case "http", "sse":
		runHTTP(s)
	case "gateway": // not a transport name: what the case serves tells
		serveGateway(s)
	default:
		region := os.Getenv("LOCAL_REGION") // the one finding: required on the stdio path
		if region == "" {
			log.Fatal("LOCAL_REGION is not set")
		}
		_ = s.Run(context.Background(), &mcp.StdioTransport{})
	}
}

// runHTTP serves streamable HTTP: what it reads, stdio installs never need.
func runHTTP(s *mcp.Server) {
	cert := config.TLSCert()
	_ = config.PublicBaseURL()
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
	log.Fatal(http.ListenAndServeTLS(":8443", cert, cert+".key", h))
}

// gateway is an http.Handler that builds the MCP handler per request.
type gateway struct {
	server *mcp.Server
	secret string
}

func (g *gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return g.server }, nil).ServeHTTP(w, r)
}

// serveGateway serves HTTP through the gateway type: its secret is HTTP-only.
func serveGateway(s *mcp.Server) {
	log.Fatal(http.ListenAndServe(":8080", &gateway{server: s, secret: gatewaySecret()}))
}

func gatewaySecret() string {
	v := os.Getenv("LOCAL_GATEWAY_SECRET")
	if v == "" {
		log.Fatal("LOCAL_GATEWAY_SECRET is not set")
	}
	return v
}
