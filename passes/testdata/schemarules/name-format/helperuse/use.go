// Package helperuse names its tools through another package's helper: a bad name is
// reported at the call that passes it.
package helperuse

import (
	"context"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/schemarules/name-format/helperlib"
)

type in struct {
	ID string `json:"id"`
}

func get(ctx context.Context, req *mcp.CallToolRequest, args in) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func Register(s *mcp.Server, names []string) {
	helperlib.Tool(s, "get item", "Get an item", get) // want `tool name "get item" has characters outside`
	// Near misses: a valid name, names known only at run time.
	helperlib.Tool(s, "get_item", "Get an item", get)
	helperlib.Tool(s, os.Getenv("TOOL"), "Get an item", get)
	for _, n := range names {
		helperlib.Tool(s, n, "Get an item", get)
	}
}
