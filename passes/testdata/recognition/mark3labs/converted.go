package mark3labs

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The server's own tool interface, converted to SDK pairs by a method and registered with
// AddTools over a slice the loop appends to: the pair literal is registered.
type ownTool interface{ toServerTool() server.ServerTool }

type ownImpl struct{ name string }

func (t *ownImpl) toServerTool() server.ServerTool {
	h := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool mark3labs MarkLabsTool errors=protocol registered`
		return mcp.NewToolResultText(t.name), nil
	}
	return server.ServerTool{Tool: mcp.NewTool("own", mcp.WithDescription("Own.")), Handler: h} // want `def tool mark3labs name="own" desc="Own." defaults registered handler=literal`
}

func addOwn(s *server.MCPServer, tools ...ownTool) {
	var pairs []server.ServerTool
	for _, t := range tools {
		pairs = append(pairs, t.toServerTool())
	}
	s.AddTools(pairs...)
}

var _ = addOwn
