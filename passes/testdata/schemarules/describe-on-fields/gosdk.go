// Package describeonfields: fields the model sees without a description.
package describeonfields

import (
	"context"
	"net/url"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Filter struct {
	Status string `json:"status"` // want `field Status \(input\.filters\[\]\.status\) has no description, so the model must guess what to send; add jsonschema:"\.\.\."`
	Owner  string `json:"owner" jsonschema:"who owns it"`
}

type Args struct {
	Query   string   `json:"query"`                                           // want `field Query \(input.query\) has no description`
	Filters []Filter `json:"filters,omitempty" jsonschema:"filters to apply"` //
	Limit   int      `json:"limit" jsonschema_description:"how many"`         // want `field Limit \(input\.limit\) has no description: go-sdk reads only jsonschema:"\.\.\.", so the model must guess what to send; rename the key`
	Base    url.URL  `json:"base" jsonschema:"base URL"`                      // fields of url.URL are another module's: not reported
	skipped string
	Hidden  string `json:"-"`
}

type Out struct {
	Total int `json:"total"` // an output field: describe-on-output-fields reports it
}

func search(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "search", Description: "d"}, search)
	s.AddTool(&mcp.Tool{
		Name:        "hand",
		Description: "d",
		InputSchema: &jsonschema.Schema{
			Type: "object",
			Properties: map[string]*jsonschema.Schema{
				"q":    {Type: "string"},                                                                                      // want `property "q" \(input.properties.q of tool "hand"\) has no description`
				"ok":   {Type: "string", Description: "fine"},                                                                 //
				"nest": {Type: "object", Description: "n", Properties: map[string]*jsonschema.Schema{"x": {Type: "integer"}}}, // want `property "x" \(input.properties.nest.properties.x of tool "hand"\)`
			},
		},
	}, low)
	s.AddPrompt(&mcp.Prompt{
		Name:        "p",
		Description: "d",
		Arguments: []*mcp.PromptArgument{
			{Name: "topic"}, // want `prompt argument "topic" of prompt "p" has no description`
			{Name: "style", Description: "writing style"},
		},
	}, nil)
}

// A tool whose schema never gets built is not nagged about descriptions.
type Broken struct {
	Ch    chan int `json:"ch"`
	NoDoc string   `json:"nodoc"`
}

func RegisterBroken(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "broken", Description: "d"}, func(ctx context.Context, req *mcp.CallToolRequest, in Broken) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	})
}

// Place is reached by two input paths of one tool and by a second tool: its undescribed field
// is one finding, at the declaration, naming the first path and counting the others.
type Place struct {
	City string `json:"city"` // want `field City \(input.from.city, and 1 more schema path\) has no description`
}

type Trip struct {
	From Place `json:"from" jsonschema:"where the trip starts"`
	To   Place `json:"to" jsonschema:"where the trip ends"`
}

func plan(ctx context.Context, req *mcp.CallToolRequest, in Trip) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

// Shared is both an input and an output: reported once, as an input field.
type Shared struct {
	Note string `json:"note"` // want `field Note \(input.note, and 1 more schema path\) has no description, so the model must guess what to send`
}

func echo(ctx context.Context, req *mcp.CallToolRequest, in Shared) (*mcp.CallToolResult, Shared, error) {
	return nil, in, nil
}

func RegisterTrips(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "plan", Description: "Plans a trip."}, plan)
	mcp.AddTool(s, &mcp.Tool{Name: "plan_again", Description: "Plans another trip."}, plan)
	mcp.AddTool(s, &mcp.Tool{Name: "echo", Description: "Echoes a note."}, echo)
}
