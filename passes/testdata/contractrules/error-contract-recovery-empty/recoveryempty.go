// Package recoveryempty holds error contracts whose Recovery is blank, and the near misses
// that must stay silent.
package recoveryempty

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
		{Reason: "blank_recovery", Code: mcperr.CodeNotFound, When: "Always.", Recovery: "   "},             // want `has a Recovery of only whitespace`
		{Reason: "short_recovery", Code: mcperr.CodeNotFound, When: "Always.", Recovery: "Try again."},      // error-contract-recovery-min-words, another rule
		{Reason: "dynamic_text", Code: mcperr.CodeNotFound, When: os.Getenv("W"), Recovery: os.Getenv("R")}, // not constants: not checked
	},
	Handler: shared.Handle,
}
