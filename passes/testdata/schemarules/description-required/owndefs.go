package desc

import "github.com/modelcontextprotocol/go-sdk/mcp"

// ownTool is copied into mcp.Tool field by field; its literals are definitions.
type ownTool struct {
	Name, Description string
}

func RegisterOwn(s *mcp.Server, ts []ownTool) {
	for _, t := range ts {
		s.AddTool(&mcp.Tool{Name: t.Name, Description: t.Description}, low)
	}
}

var ownTools = []ownTool{
	{Name: "own_bare"}, // want `tool "own_bare" has no description`
	{Name: "own_ok", Description: "Finds things."},
}

// titled is copied into mcp.Tool with a description the converter writes itself: whether
// its literals have one is not theirs to say.
type titled struct{ Name string }

func RegisterTitled(s *mcp.Server, ts []titled) {
	for _, t := range ts {
		s.AddTool(&mcp.Tool{Name: t.Name, Description: "Shared description."}, low)
	}
}

var titledTools = []titled{{Name: "titled"}}
