// Command runtime is the bookshelf example MCP server: typed error
// contracts with mcperr and mcptool on the official go-sdk, over stdio.
//
//	go run ./examples/runtime
//
// Set BOOKSHELF_COVERS_URL to enable the fetch_cover tool's upstream calls.
package main

import (
	"context"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/examples/runtime/bookshelf"
	"github.com/mcplint-go/mcplint/mcptool"
)

func main() {
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	server := mcp.NewServer(&mcp.Implementation{Name: "bookshelf", Version: "v0.1.0"}, &mcp.ServerOptions{Logger: logger})
	covers := bookshelf.Covers{
		BaseURL: os.Getenv("BOOKSHELF_COVERS_URL"),
		Client:  &http.Client{Timeout: 10 * time.Second},
	}
	bookshelf.Register(server, bookshelf.SampleCatalog(), covers, mcptool.WithLogger(logger))
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		logger.Error("bookshelf server stopped", "error", err)
		os.Exit(1)
	}
}
