// Package codeunknownerror holds error contracts that declare CodeUnknownError, and the near
// misses that must stay silent.
package codeunknownerror

import (
	"fixtures/contractrules/shared"

	"github.com/mcplint/mcplint/mcperr"
	"github.com/mcplint/mcplint/mcptool"
)

// Clean is valid: a constant reason, a typed code, five words of recovery and more.
var Clean = mcptool.Tool[shared.In, shared.Out]{
	Name: "clean",
	Errors: []mcptool.ErrorContract{
		{Reason: "gone", Code: mcperr.CodeNotFound, When: "The item was deleted.", Recovery: shared.Recovery},
		{Reason: "rate_limited2", Code: -32003, When: "Too many calls.", Recovery: "Don't re-run this; call list_items first.", Retryable: true},
	},
	Handler: shared.Handle,
}

var Codes = mcptool.Tool[shared.In, shared.Out]{
	Name: "codes",
	Errors: []mcptool.ErrorContract{
		{Reason: "give_up", Code: mcperr.CodeUnknownError, When: "Always.", Recovery: shared.Recovery}, // want `declares CodeUnknownError, the classifier's give-up code`
		{Reason: "bad_code", Code: 42, When: "Always.", Recovery: shared.Recovery},                     // another unknown code, not this one
	},
	Handler: shared.Handle,
}

// A contract built by a helper that returns a literal.
func helperErrors() []mcptool.ErrorContract {
	return []mcptool.ErrorContract{
		{Reason: "helper_gone", Code: mcperr.CodeUnknownError, When: "Always.", Recovery: shared.Recovery}, // want `declares CodeUnknownError`
	}
}

func Helper() mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{Name: "helper", Errors: helperErrors(), Handler: shared.Handle}
}
