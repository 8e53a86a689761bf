// Package reasonformat holds error contracts whose reasons are not snake_case, and the near misses that must stay silent.
package reasonformat

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
		{Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},                              // error-contract-reason-required, another rule
		{Reason: "", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},                  // error-contract-reason-required, another rule
		{Reason: "NotFound", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},          // want `reason "NotFound" is not snake_case.*rename it, e\.g\. "not_found"`
		{Reason: "no-match", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},          // want `reason "no-match" is not snake_case.*e\.g\. "no_match"`
		{Reason: "1st", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},               // want `reason "1st" is not snake_case.*rename it here and in every call\.Fail`
		{Reason: "twice", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},             // near miss: the first of the pair
		{Reason: "twice", Code: mcperr.CodeConflict, When: "Always.", Recovery: shared.Recovery},             // error-contract-reason-unique, another rule
		{Reason: os.Getenv("REASON"), Code: mcperr.CodeConflict, When: "Always.", Recovery: shared.Recovery}, // not a constant: not checked
	},
	Handler: shared.Handle,
}

// sharedContract is used by two tools: its problems are reported once.
var sharedContract = []mcptool.ErrorContract{
	{Reason: "Shared", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery}, // want `reason "Shared" is not snake_case`
}

var SharedA = mcptool.Tool[shared.In, shared.Out]{Name: "shared_a", Errors: sharedContract, Handler: shared.Handle}

var SharedB = mcptool.Tool[shared.In, shared.Out]{Name: "shared_b", Errors: sharedContract, Handler: shared.Handle}
