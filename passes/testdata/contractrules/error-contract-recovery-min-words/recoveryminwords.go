// Package recoveryminwords holds error contracts whose Recovery is too short, and the near
// misses that must stay silent.
package recoveryminwords

import (
	"os"

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

var WhenRecovery = mcptool.Tool[shared.In, shared.Out]{
	Name: "whenrecovery",
	Errors: []mcptool.ErrorContract{
		{Reason: "no_when", Code: mcperr.CodeNotFound, Recovery: shared.Recovery},                           // error-contract-when-required, another rule
		{Reason: "blank_when", Code: mcperr.CodeNotFound, When: " \t", Recovery: shared.Recovery},           // error-contract-when-required, another rule
		{Reason: "no_recovery", Code: mcperr.CodeNotFound, When: "Always."},                                 // error-contract-recovery-required, another rule
		{Reason: "empty_recovery", Code: mcperr.CodeNotFound, When: "Always.", Recovery: ""},                // error-contract-recovery-required, another rule
		{Reason: "blank_recovery", Code: mcperr.CodeNotFound, When: "Always.", Recovery: "   "},             // error-contract-recovery-empty, another rule
		{Reason: "short_recovery", Code: mcperr.CodeNotFound, When: "Always.", Recovery: "Try again."},      // want `has a Recovery of 2 word\(s\), "Try again\."`
		{Reason: "dynamic_text", Code: mcperr.CodeNotFound, When: os.Getenv("W"), Recovery: os.Getenv("R")}, // not constants: not checked
	},
	Handler: shared.Handle,
}

// An entry in its own variable, in a contract built by a helper that returns a literal.
var shortEntry = mcptool.ErrorContract{Reason: "short", Code: mcperr.CodeConflict, When: "Always.", Recovery: "Retry."} // want `has a Recovery of 1 word\(s\)`

func helperErrors() []mcptool.ErrorContract {
	return []mcptool.ErrorContract{shortEntry}
}

func Helper() mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{Name: "helper", Errors: helperErrors(), Handler: shared.Handle}
}
