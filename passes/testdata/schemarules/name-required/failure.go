package names

import (
	"errors"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Constructors that fail return an empty definition beside the error: a placeholder nobody
// registers, not a tool without a name or description.
func newSearchTool(enabled bool) (m3.Tool, error) {
	if !enabled {
		return m3.Tool{}, errors.New("search is disabled")
	}
	return m3.NewTool("search", m3.WithDescription("Searches the catalog.")), nil
}

func newLookupTool(enabled bool) (*mcp.Tool, error) {
	if !enabled {
		return &mcp.Tool{}, errors.New("lookup is disabled")
	}
	return &mcp.Tool{Name: "lookup", Description: "Looks an item up.", InputSchema: map[string]any{"type": "object"}}, nil
}

var _, _ = newSearchTool, newLookupTool
