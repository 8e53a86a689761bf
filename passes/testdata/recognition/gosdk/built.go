package gosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Tools a function of the package builds from data and returns with an error, registered in
// a loop over the result (memos' curated OpenAPI operations): each literal is registered there.
func buildTool(name string) (*mcp.Tool, string) {
	return &mcp.Tool{Name: name, Description: "Runs " + name}, name // want `def tool go-sdk name=dynamic desc=dynamic converter`
}

func buildTools(names []string) ([]*mcp.Tool, error) {
	if len(names) == 0 {
		return nil, errors.New("no operations")
	}
	var tools []*mcp.Tool
	for _, n := range names {
		t, _ := buildTool(n) // want `def tool go-sdk name=dynamic desc=dynamic registered handler=literal`
		tools = append(tools, t)
	}
	return tools, nil
}

func registerBuilt(s *mcp.Server) error {
	tools, err := buildTools([]string{"a", "b"})
	if err != nil {
		return err
	}
	for _, tool := range tools {
		s.AddTool(tool, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol registered`
			return &mcp.CallToolResult{}, nil
		})
	}
	return nil
}

// Near miss: a definition built the same way and never registered stays unregistered.
func buildSpare() (*mcp.Tool, error) {
	return &mcp.Tool{Name: "spare", Description: "Spare"}, nil // want `def tool go-sdk name="spare" desc="Spare"$`
}

var _ = buildSpare

// Near miss for the above: a table pairs each definition with its handler, and a helper
// registers each entry through a type switch on the handler (mudler's jellyfin): the pair
// keeps its handler; the registration's h does not replace it.
type toolDef struct {
	tool    *mcp.Tool
	handler any
}

var allDefs = []toolDef{{tool: &mcp.Tool{Name: "paired", Description: "Paired"}, handler: typed}} // want `def tool go-sdk name="paired" desc="Paired" in=gosdk.In out=gosdk.Out handler=typed$`

func registerDef(s *mcp.Server, td toolDef) {
	switch h := td.handler.(type) {
	case func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Out, error):
		mcp.AddTool(s, td.tool, h)
	}
}

func registerDefs(s *mcp.Server) {
	for _, td := range allDefs {
		registerDef(s, td)
	}
}
