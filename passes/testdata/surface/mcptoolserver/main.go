// Command mcptoolserver is an mcptool server: the output schema Add advertises (the output,
// or the error envelope built from the tool's contract) must be what mcplint infers.
package main

import (
	"context"
	"log"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Query struct {
	ID string `json:"id" jsonschema:"the record ID"`
}

type Record struct {
	ID    string   `json:"id" jsonschema:"the record ID"`
	Tags  []string `json:"tags,omitempty" jsonschema:"its tags"`
	Count *int     `json:"count,omitempty"`
}

type Level string

func (Level) EnumValues() []any { return []any{Level("low"), Level("high")} }

type Leveled struct {
	Level Level `json:"level" jsonschema:"how bad"`
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "mcptoolserver", Version: "1.0.0"}, nil)
	mcptool.Add(s, mcptool.Tool[Query, Record]{
		Name:        "get_record",
		Description: "Get a record.",
		Errors: []mcptool.ErrorContract{
			{Reason: "no_such_record", Code: mcperr.CodeNotFound, When: "the ID matches no record", Recovery: "List records to find a valid ID."},
			{Reason: "busy", Code: mcperr.CodeRateLimited, When: "too many calls", Recovery: "Wait a minute, then call again.", Retryable: true},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in Query) (Record, error) {
			return Record{ID: in.ID}, nil
		},
	})
	mcptool.Add(s, mcptool.Tool[Query, Record]{
		Name:        "no_contract",
		Description: "No declared errors.",
		Handler: func(ctx context.Context, call *mcptool.Call, in Query) (Record, error) {
			return Record{ID: in.ID}, nil
		},
	})
	// Near miss: an Enum type's values are run-time values; the output schema is unknown.
	mcptool.Add(s, mcptool.Tool[Query, Leveled]{
		Name:        "leveled",
		Description: "An enum output.",
		Handler: func(ctx context.Context, call *mcptool.Call, in Query) (Leveled, error) {
			return Leveled{Level: "low"}, nil
		},
	})
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
