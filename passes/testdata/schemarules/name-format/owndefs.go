package format

import "github.com/modelcontextprotocol/go-sdk/mcp"

// ownTool is the server's own definition type, copied into mcp.Tool by toolOf: its
// literals are the definitions clients see.
type ownTool struct {
	Name, Description string
}

func toolOf(t ownTool) *mcp.Tool {
	return &mcp.Tool{Name: t.Name, Description: t.Description}
}

func RegisterOwn(s *mcp.Server) {
	for _, t := range ownTools {
		s.AddTool(toolOf(t), low)
	}
}

var ownTools = []ownTool{
	{Name: "list files", Description: "d"}, // want `tool name "list files" has characters outside`
	{Name: "list_files", Description: "d"},
}

// label is copied into something that is no definition: its names are not tool names.
type label struct{ Name string }

func implOf(l label) *mcp.Implementation { return &mcp.Implementation{Name: l.Name} }

var labels = []label{{Name: "not a tool name"}}
