// Package lib holds the module's own registrar functions: each hands its parameters to an
// SDK registration, so its callers' definitions are registered, in any package.
package lib

import (
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Typed registers a go-sdk typed tool.
func Typed[In, Out any](s *mcp.Server, t *mcp.Tool, h mcp.ToolHandlerFor[In, Out]) {
	mcp.AddTool(s, t, h)
}

// Low registers a go-sdk low-level tool given by value.
func Low(s *mcp.Server, t mcp.Tool, h mcp.ToolHandler) {
	s.AddTool(&t, h)
}

// Chained registers through Low: a registrar of a registrar.
func Chained(s *mcp.Server, h mcp.ToolHandler, t mcp.Tool) {
	Low(s, t, h)
}

// All registers mark3labs pairs.
func All(s *server.MCPServer, tools ...server.ServerTool) {
	s.AddTools(tools...)
}

// Later registers only when the returned function runs: no registrar.
func Later(s *mcp.Server, t *mcp.Tool, h mcp.ToolHandler) func() {
	return func() { s.AddTool(t, h) }
}

// Keep stores the tool: no registrar (configuration can name it; see recognition/registrar).
type Keep struct{ tools []*mcp.Tool }

func (k *Keep) Add(t *mcp.Tool) { k.tools = append(k.tools, t) }

// Fixed registers a tool of its own, not its parameter: no registrar.
func Fixed(s *mcp.Server, t *mcp.Tool, h mcp.ToolHandler) {
	s.AddTool(&mcp.Tool{Name: "fixed", Description: "Fixed."}, h) // want `def tool go-sdk name="fixed" desc="Fixed." registered handler=external`
}

// ByName registers the definition data holds under name, with h: a registrar by name.
func ByName(s *mcp.Server, defs map[string]*mcp.Tool, name string, h mcp.ToolHandler) {
	if t, ok := defs[name]; ok {
		s.AddTool(t, h)
	}
}

// ByIndex looks its definition up by position, not by a name: no registrar by name.
func ByIndex(s *mcp.Server, defs map[int]*mcp.Tool, i int, h mcp.ToolHandler) {
	if t, ok := defs[i]; ok {
		s.AddTool(t, h)
	}
}
