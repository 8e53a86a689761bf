// Package empty holds error contracts declared empty, and the near misses that must stay silent.
package empty

import (
	"fixtures/contractrules/shared"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

// NoContract leaves Errors out, and NilContract sets it to nil: both are fine.
var NoContract = mcptool.Tool[shared.In, shared.Out]{Name: "no_contract", Handler: shared.Handle}

var NilContract = mcptool.Tool[shared.In, shared.Out]{Name: "nil_contract", Errors: nil, Handler: shared.Handle}

var Empty = mcptool.Tool[shared.In, shared.Out]{
	Name:    "empty",
	Errors:  []mcptool.ErrorContract{}, // want `Errors is an empty list`
	Handler: shared.Handle,
}

// Clean is valid: a constant reason, a typed code, five words of recovery and more.
var Clean = mcptool.Tool[shared.In, shared.Out]{Name: "clean", Handler: shared.Handle, Errors: []mcptool.ErrorContract{
	{Reason: "gone", Code: mcperr.CodeNotFound, When: "The item was deleted.", Recovery: shared.Recovery},
	{Reason: "rate_limited2", Code: -32003, When: "Too many calls.", Recovery: "Don't re-run this; call list_items first.", Retryable: true},
}}
