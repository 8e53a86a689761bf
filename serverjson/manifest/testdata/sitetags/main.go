// Command sitetags reads a variable in each shape of region siteTag decides: the want on
// each read is the transport the region around it serves, or undecided.
package main

import (
	"context"
	"net/http"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "sitetags", Version: "1.0.0"}, nil)
	mode := os.Getenv("MODE") // want `MODE undecided`
	if mode == "http" {
		_ = os.Getenv("IF_NAMED") // want `IF_NAMED http`
	} else {
		_ = os.Getenv("ELSE_OF_NAMED") // want `ELSE_OF_NAMED undecided`
	}
	if mode == "sse" || mode == "streamable-http" {
		_ = os.Getenv("OR_NAMED") // want `OR_NAMED http`
	}
	if mode == "stdio" || mode == "http" {
		_ = os.Getenv("OR_MIXED") // want `OR_MIXED undecided`
	}
	if mode != "stdio" {
		_ = os.Getenv("NOT_EQUAL") // want `NOT_EQUAL undecided`
	}
	if !(mode == "stdio") {
		_ = os.Getenv("NEGATED") // want `NEGATED undecided`
	} else {
		_ = os.Getenv("NEGATED_ELSE") // want `NEGATED_ELSE stdio`
	}
	if mode == "http" && len(os.Args) > 1 {
		_ = os.Getenv("AND_NAMED") // want `AND_NAMED http`
	}
	switch mode {
	case "stdio":
		_ = os.Getenv("CASE_STDIO") // want `CASE_STDIO stdio`
	case "sse", "http":
		_ = os.Getenv("CASE_LIST") // want `CASE_LIST http`
	case "hosted": // not a transport name: what the case serves decides
		_ = os.Getenv("CASE_SERVES") // want `CASE_SERVES http`
		serveHTTP(s)
	default:
		_ = os.Getenv("DEFAULT") // want `DEFAULT undecided`
	}
	if mode == "http" {
		go func() {
			_ = os.Getenv("LITERAL_IN_NAMED") // want `LITERAL_IN_NAMED http`
		}()
	}
	func() {
		_ = os.Getenv("LITERAL_SERVES") // want `LITERAL_SERVES stdio`
		_ = s.Run(context.Background(), &mcp.StdioTransport{})
	}()
	for _, arg := range os.Args {
		_ = os.Getenv("LOOP_BODY") // want `LOOP_BODY http`
		if arg == "" {
			serveHTTP(s)
		}
	}
	if mode == "custom" { // not a transport name: what the branch serves decides
		if len(os.Args) > 2 {
			serveHTTP(s)
		}
		_ = os.Getenv("AFTER_JOIN") // want `AFTER_JOIN http`
	}
	if mode == "a" {
		serveHTTP(s)
	} else if mode == "b" {
		_ = s.Run(context.Background(), &mcp.StdioTransport{})
	} else {
		_ = os.Getenv("ELSE_IF_LAST") // want `ELSE_IF_LAST undecided`
	}
	earlyReturn(s, mode)
	onlyHTTP(s)
}

// earlyReturn serves both transports: the way past the stdio return serves only HTTP.
func earlyReturn(s *mcp.Server, mode string) {
	_ = os.Getenv("BEFORE_RETURN") // want `BEFORE_RETURN undecided`
	if mode == "local" {
		_ = s.Run(context.Background(), &mcp.StdioTransport{})
		return
	}
	_ = os.Getenv("AFTER_RETURN") // want `AFTER_RETURN http`
	serveHTTP(s)
}

// onlyHTTP serves HTTP through serveHTTP: the whole function is an HTTP region.
func onlyHTTP(s *mcp.Server) {
	_ = os.Getenv("FUNC_SERVES") // want `FUNC_SERVES http`
	serveHTTP(s)
}

func serveHTTP(s *mcp.Server) {
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
	_ = http.ListenAndServe(":8080", h)
}
