package a

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *server.MCPServer, g *gomcp.Server) {
	for name, h := range map[string]server.ToolHandlerFunc{
		"getArguments": getArguments, "paramsArguments": paramsArguments, "nested": nested,
		"inBranch": inBranch, "inSwitch": inSwitch, "ranged": ranged, "inClosure": inClosure,
		"viaHelper": viaHelper, "viaHelperAgain": viaHelperAgain, "firstElement": firstElement,
		"commaOk": commaOk, "typeSwitch": typeSwitch, "ownValues": ownValues,
		"lengthTested": lengthTested, "recovers": recovers, "typedGetters": typedGetters,
	} {
		s.AddTool(mcp.NewTool(name), h)
	}
	g.AddTool(&gomcp.Tool{Name: "lowLevel", InputSchema: map[string]any{"type": "object"}}, lowLevel)
	gomcp.AddTool(g, &gomcp.Tool{Name: "typed"}, typed)
	gomcp.AddTool(g, &gomcp.Tool{Name: "typedConcrete"}, typedConcrete)
}
