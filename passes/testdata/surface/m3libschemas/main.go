// Command m3libschemas is a mark3labs/mcp-go server that hands invopop/jsonschema's output to
// WithRawInputSchema, as mcp-go users do for types its own inference does not cover.
package main

import (
	"context"
	"encoding/json"
	"log"

	invopop "github.com/invopop/jsonschema"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Lookup struct {
	ID      string   `json:"id" jsonschema:"description=The record ID,pattern=^[0-9]+$"`
	Fields  []string `json:"fields,omitempty" jsonschema:"uniqueItems=true"`
	Verbose bool     `json:"verbose,omitempty" jsonschema:"default=false"`
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}

func main() {
	s := server.NewMCPServer("m3libschemas", "1.0.0", server.WithToolCapabilities(true))
	reflector := invopop.Reflector{DoNotReference: true, Anonymous: true}
	in, err := json.Marshal(reflector.Reflect(&Lookup{}))
	if err != nil {
		log.Fatal(err)
	}
	s.AddTool(mcp.NewToolWithRawSchema("lookup", "Look a record up.", json.RawMessage(in)), handle)
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
