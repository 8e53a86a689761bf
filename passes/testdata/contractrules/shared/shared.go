// Package shared holds what the contract fixtures have in common: a tool's input, output and
// handler, and a recovery hint that passes every rule.
package shared

import (
	"context"

	"github.com/mcplint/mcplint/mcptool"
)

type In struct {
	ID     string `json:"id" jsonschema:"the item"`
	Reason string `json:"reason,omitempty" jsonschema:"a reason"`
}

type Out struct {
	Value string `json:"value" jsonschema:"the value"`
}

func Handle(ctx context.Context, call *mcptool.Call, in In) (Out, error) { return Out{}, nil }

const Recovery = "Call list_items to find an existing item."
