// Package describeonoutputfields: output fields clients cannot explain, reported once per Go
// field whatever the number of tools returning it.
package describeonoutputfields

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Forecast struct {
	Summary string  `json:"summary" jsonschema:"one line for people"`
	TempC   float64 `json:"temp_c"`                                            // want `field TempC \(output.temp_c\) has no description, so clients cannot explain it`
	FeelsC  float64 `json:"feels_c" jsonschema_description:"felt temperature"` // want `field FeelsC \(output.feels_c\) has no description: go-sdk reads only jsonschema:"\.\.\.", so clients cannot explain it; rename the key`
}

type Query struct {
	City string `json:"city" jsonschema:"the city"`
}

func today(ctx context.Context, req *mcp.CallToolRequest, in Query) (*mcp.CallToolResult, Forecast, error) {
	return nil, Forecast{}, nil
}

// Both tools return Forecast: TempC is still one finding.
func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "today", Description: "Today's forecast."}, today)
	mcp.AddTool(s, &mcp.Tool{Name: "tomorrow", Description: "Tomorrow's forecast."}, today)
}

// Echo's field is an input too: describe-on-fields reports it, as an input field, not this rule.
type Echo struct {
	Text string `json:"text"`
}

func echo(ctx context.Context, req *mcp.CallToolRequest, in Echo) (*mcp.CallToolResult, Echo, error) {
	return nil, in, nil
}

func RegisterEcho(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "echo", Description: "Echoes."}, echo)
}
