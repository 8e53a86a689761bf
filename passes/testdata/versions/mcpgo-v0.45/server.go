// Package mcpgo045 is a server on mcp-go v0.45.0, whose WithInputSchema builds schemas with
// invopop/jsonschema: `required,description=...` is that library's tag syntax, and it does
// make the property required and described.
package mcpgo045

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type forecastIn struct {
	City  string `json:"city" jsonschema:"required,description=The city to forecast"`
	Days  int    `json:"days,omitempty" jsonschema:"description=How many days ahead,minimum=1"`
	Units string `json:"units,omitempty"` // want `field Units \(input\.units\) has no description`
}

func forecast(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("sunny"), nil
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("forecast", mcp.WithDescription("Forecasts the weather."), mcp.WithInputSchema[forecastIn]()), forecast)
}
