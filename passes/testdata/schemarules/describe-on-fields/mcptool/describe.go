// Package mcptooldescribe: mcptool infers its schemas from In and Out with go-sdk's schema
// library, so fields are described by jsonschema tags.
package mcptooldescribe

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcptool"
)

type Filter struct {
	Status string `json:"status"` // want `field Status \(input\.filter\.status\) has no description, so the model must guess what to send; add jsonschema:"\.\.\."`
}

type SearchIn struct {
	Query  string  `json:"query" jsonschema:"what to search for"`
	Limit  int     `json:"limit,omitempty" jsonschema_description:"how many results"` // want `field Limit \(input\.limit\) has no description: go-sdk reads only jsonschema:"\.\.\.", so the model must guess what to send; rename the key`
	Filter *Filter `json:"filter,omitempty" jsonschema:"narrow the results"`
	secret string
	Token  string `json:"-"`
}

type Hit struct {
	ID    string  `json:"id" jsonschema:"hit ID"`
	Score float64 `json:"score"` // an output field: describe-on-output-fields reports it
}

type SearchOut struct {
	Hits  []Hit `json:"hits" jsonschema:"the matches"`
	Total int   `json:"total" jsonschema:"how many matched"`
}

func search(ctx context.Context, call *mcptool.Call, in SearchIn) (*SearchOut, error) {
	return &SearchOut{}, nil
}

// Broken's schema never gets built (schema-serializable says why), so its fields are not
// nagged about descriptions.
type Broken struct {
	Ch    chan int `json:"ch"`
	NoDoc string   `json:"nodoc"`
}

type Fine struct {
	OK bool `json:"ok" jsonschema:"whether it worked"`
}

func broken(ctx context.Context, call *mcptool.Call, in Broken) (Fine, error) { return Fine{}, nil }

func Register(s *mcp.Server) {
	mcptool.Add(s, mcptool.Tool[SearchIn, *SearchOut]{Name: "search", Description: "d", Handler: search})
	mcptool.Add(s, mcptool.Tool[Broken, Fine]{Name: "broken", Description: "d", Handler: broken})
}

// mcptool prompt arguments are the fields of A, described by their jsonschema tags.
type Brief struct {
	Topic string `json:"topic" jsonschema:"what to write about"`
	Tone  string `json:"tone,omitempty"` // want `prompt argument "tone" \(field Tone\) of prompt "brief" has no description; add jsonschema:"\.\.\."`
	Words int    // want `prompt argument "Words" \(field Words\) of prompt "brief" has no description`
	Skip  string `json:"-"`
}

func brief(ctx context.Context, req *mcp.GetPromptRequest, b *Brief) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{}, nil
}

func RegisterPrompt(s *mcp.Server) {
	mcptool.AddPrompt(s, mcptool.Prompt[*Brief]{Name: "brief", Description: "d", Handler: brief})
}
