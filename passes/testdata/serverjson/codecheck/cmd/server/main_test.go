package main

import (
	"os"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A server built in a test, with another name and version, and a variable only the test
// reads: neither is the published server's.
func TestServer(t *testing.T) {
	_ = mcp.NewServer(&mcp.Implementation{Name: "test-server", Version: "0.0.1"}, nil)
	_ = os.Getenv("TEST_ONLY_SETTING")
}
