// Package toolset is the server's own tool type: a definition beside a handler of the
// server's own signature.
package toolset

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

// Handler answers a call with text.
type Handler func(ctx context.Context, params map[string]any) (string, error)

// ServerTool is one tool.
type ServerTool struct {
	Tool    mcp.Tool
	Handler Handler
}
