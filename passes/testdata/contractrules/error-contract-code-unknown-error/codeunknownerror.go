// Package codeunknownerror holds error contracts that declare CodeUnknownError, and the near misses that must stay silent.
package codeunknownerror

import (
	"fixtures/contractrules/shared"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

// Codes declares the give-up code beside codes that are merely unknown.
var Codes = mcptool.Tool[shared.In, shared.Out]{Name: "codes", Handler: shared.Handle, Errors: []mcptool.ErrorContract{
	{Reason: "give_up", Code: mcperr.CodeUnknownError, When: "Always.", Recovery: shared.Recovery}, // want `declares CodeUnknownError, the classifier's give-up code`
	{Reason: "bad_code", Code: 42, When: "Always.", Recovery: shared.Recovery},
	{Reason: "internal", Code: mcperr.CodeInternalError, When: "Always.", Recovery: shared.Recovery},
}}

// A contract built by a helper that returns a literal.
func helperErrors() []mcptool.ErrorContract {
	return []mcptool.ErrorContract{
		{Reason: "helper_gone", Code: mcperr.CodeUnknownError, When: "Always.", Recovery: shared.Recovery}, // want `declares CodeUnknownError`
	}
}

func Helper() mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{Name: "helper", Errors: helperErrors(), Handler: shared.Handle}
}
