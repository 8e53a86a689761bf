// Package retryablemismatch holds error contract entries whose Retryable contradicts their
// code's retryability (ServiceUnavailable, RateLimited, Timeout and DatabaseError are
// retryable), and the near misses that must stay silent.
package retryablemismatch

import (
	"os"

	"fixtures/contractrules/shared"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

var Retry = mcptool.Tool[shared.In, shared.Out]{
	Name: "retry",
	Errors: []mcptool.ErrorContract{
		{Reason: "down", Code: mcperr.CodeServiceUnavailable, When: "Always.", Recovery: shared.Recovery},                       // want `error contract entry "down": ServiceUnavailable is retryable, so Fail sends retryable: true; set Retryable: true`
		{Reason: "slow", Code: mcperr.CodeTimeout, When: "Always.", Recovery: shared.Recovery, Retryable: false},                // want `"slow": Timeout is retryable`
		{Reason: "missing", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery, Retryable: true},             // want `error contract entry "missing" is Retryable but NotFound is not; drop Retryable or pick a retryable code`
		{Reason: "busy", Code: mcperr.CodeRateLimited, When: "Always.", Recovery: shared.Recovery, Retryable: true},             // agrees
		{Reason: "db", Code: -32010, When: "Always.", Recovery: shared.Recovery, Retryable: true},                               // DatabaseError as a number: agrees
		{Reason: "invalid", Code: mcperr.CodeInvalidParams, When: "Always.", Recovery: shared.Recovery},                         // agrees: neither retryable nor declared so
		{Reason: "invalid_f", Code: mcperr.CodeInvalidParams, When: "Always.", Recovery: shared.Recovery, Retryable: false},     // agrees
		{Reason: "dynamic", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery, Retryable: len(os.Args) > 1}, // not a constant: not checked
		{Reason: "bad_code", Code: 42, When: "Always.", Recovery: shared.Recovery, Retryable: true},                             // an unknown code is another rule's
		{Reason: "dyn_code", Code: mcperr.Code(len(os.Args)), When: "Always.", Recovery: shared.Recovery},                       // not a constant: not checked
	},
	Handler: shared.Handle,
}

// A contract built by a helper that returns a literal is checked the same way.
func helperErrors() []mcptool.ErrorContract {
	return []mcptool.ErrorContract{
		{Reason: "db_down", Code: mcperr.CodeDatabaseError, When: "Always.", Recovery: shared.Recovery}, // want `"db_down": DatabaseError is retryable`
		{ // want `"db_slow": Timeout is retryable`
			Reason:   "db_slow",
			Code:     mcperr.CodeTimeout,
			When:     "Always.",
			Recovery: shared.Recovery,
		},
	}
}

func Helper() mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{Name: "helper", Errors: helperErrors(), Handler: shared.Handle}
}
