// Package factory builds tools with a function whose parameter is the name: each call with
// a constant name is a tool of its own.
package factory

import (
	"context"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol registered`
	return &mcp.CallToolResult{}, nil
}

func updateTool(name, description string) *mcp.Tool {
	return &mcp.Tool{Name: name, Description: description} // want `def tool go-sdk name=dynamic desc=dynamic converter`
}

// Near miss: a factory that is also used as a function value; its calls are not all seen.
func anyTool(name string) *mcp.Tool {
	return &mcp.Tool{Name: name, Description: "Any."} // want `def tool go-sdk name=dynamic desc="Any." registered handler=low`
}

// An exported factory: its calls here are tools here, and other packages' calls are theirs
// (its HelperFact).
func NamedTool(name string) *mcp.Tool {
	return &mcp.Tool{Name: name, Description: "Named."} // want `def tool go-sdk name=dynamic desc="Named." converter`
}

// A call with a name known only at run time is a definition whose name is unknown.
func envTool(name string) *mcp.Tool {
	return &mcp.Tool{Name: name, Description: "Env."} // want `def tool go-sdk name=dynamic desc="Env." converter`
}

func Register(s *mcp.Server) {
	s.AddTool(updateTool("update_title", "Update the title."), low) // want `def tool go-sdk name="update_title" desc="Update the title." registered handler=low`
	s.AddTool(updateTool("update_body", "Update the body."), low)   // want `def tool go-sdk name="update_body" desc="Update the body." registered handler=low`

	mk := anyTool
	s.AddTool(mk("made"), low)
	s.AddTool(anyTool("direct"), low)
	s.AddTool(NamedTool("named"), low)         // want `def tool go-sdk name="named" desc="Named." registered handler=low`
	s.AddTool(envTool("fixed"), low)           // want `def tool go-sdk name="fixed" desc="Env." registered handler=low`
	s.AddTool(envTool(os.Getenv("TOOL")), low) // want `def tool go-sdk name=dynamic desc="Env." registered handler=low`
}
