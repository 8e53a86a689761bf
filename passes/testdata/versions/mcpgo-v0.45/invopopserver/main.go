// Command invopopserver is a server on mcp-go v0.45.0, whose WithInputSchema and
// WithOutputSchema build schemas with invopop/jsonschema (inline, no $id, open objects,
// required unless omitempty, tag options): the surface tests compare mcplint's inference with
// what it lists.
package main

import (
	"context"
	"log"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Place struct {
	City    string `json:"city" jsonschema:"description=The city"`
	Country string `json:"country,omitempty" jsonschema:"description=ISO code,enum=FR,enum=DE"`
}

type ForecastIn struct {
	Where Place          `json:"where" jsonschema:"description=Where to forecast"`
	Days  int            `json:"days,omitempty" jsonschema:"description=How many days ahead,minimum=1,maximum=14"`
	Since *time.Time     `json:"since,omitempty" jsonschema_description:"From when"`
	Tags  []string       `json:"tags,omitzero" jsonschema:"description=Labels,uniqueItems=true"`
	Units string         `json:"units" jsonschema_description:"metric or imperial"`
	Extra map[string]int `json:"extra,omitempty" jsonschema:"description=Extra weights"`
}

type ForecastOut struct {
	Summary string    `json:"summary" jsonschema:"description=One line"`
	Highs   []float64 `json:"highs"`
	Where   *Place    `json:"where,omitempty"`
}

func forecast(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("sunny"), nil
}

func main() {
	s := server.NewMCPServer("invopopserver", "1.0.0", server.WithToolCapabilities(true))
	s.AddTool(mcp.NewTool("forecast", mcp.WithDescription("Forecasts the weather."),
		mcp.WithInputSchema[ForecastIn](), mcp.WithOutputSchema[ForecastOut]()), forecast)
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
