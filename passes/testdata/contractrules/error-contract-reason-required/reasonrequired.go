// Package reasonrequired holds error contracts whose entries lack a reason, and the near
// misses that must stay silent.
package reasonrequired

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

var Reasons = mcptool.Tool[shared.In, shared.Out]{
	Name: "reasons",
	Errors: []mcptool.ErrorContract{
		{Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},                              // want `this error contract entry has no Reason`
		{Reason: "", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},                  // want `this error contract entry has no Reason`
		{Reason: "NotFound", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},          // error-contract-reason-format, another rule
		{Reason: "no-match", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},          // error-contract-reason-format, another rule
		{Reason: "1st", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},               // error-contract-reason-format, another rule
		{Reason: "twice", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},             // near miss: the first of the pair
		{Reason: "twice", Code: mcperr.CodeConflict, When: "Always.", Recovery: shared.Recovery},             // error-contract-reason-unique, another rule
		{Reason: os.Getenv("REASON"), Code: mcperr.CodeConflict, When: "Always.", Recovery: shared.Recovery}, // not a constant: not checked
	},
	Handler: shared.Handle,
}
