// Package shared holds what the contract fixtures have in common: a recovery hint that passes
// every rule, and a tool's handler, input and output.
package shared

import (
	"context"

	"github.com/mcplint-go/mcplint/mcptool"
)

const Recovery = "Call list_items to find an existing item."

func Handle(ctx context.Context, call *mcptool.Call, in In) (Out, error) { return Out{}, nil }

type Out struct {
	Value string `json:"value" jsonschema:"the value"`
}

type In struct {
	ID     string `json:"id" jsonschema:"the item"`
	Reason string `json:"reason,omitempty" jsonschema:"a reason"`
}
