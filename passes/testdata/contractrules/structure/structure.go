// Package structure holds error contracts with every structural problem, and the near
// misses that must stay silent.
package structure

import (
	"context"
	"os"

	"github.com/mcplint/mcplint/mcperr"
	"github.com/mcplint/mcplint/mcptool"
)

type In struct {
	ID string `json:"id" jsonschema:"the item"`
}

type Out struct {
	Name string `json:"name" jsonschema:"the name"`
}

func handle(ctx context.Context, call *mcptool.Call, in In) (Out, error) { return Out{}, nil }

const (
	reasonGone = "gone"
	recovery   = "Call list_items to find an item that still exists."
)

// Clean is valid: a constant reason, a typed code, five words of recovery and more.
var Clean = mcptool.Tool[In, Out]{
	Name: "clean",
	Errors: []mcptool.ErrorContract{
		{Reason: reasonGone, Code: mcperr.CodeNotFound, When: "The item was deleted.", Recovery: recovery},
		{Reason: "rate_limited2", Code: -32003, When: "Too many calls.", Recovery: "Don't re-run this; call list_items first.", Retryable: true},
	},
	Handler: handle,
}

// NoContract leaves Errors out, and NilContract sets it to nil: both are fine.
var NoContract = mcptool.Tool[In, Out]{Name: "no_contract", Handler: handle}

var NilContract = mcptool.Tool[In, Out]{Name: "nil_contract", Errors: nil, Handler: handle}

var Empty = mcptool.Tool[In, Out]{
	Name:    "empty",
	Errors:  []mcptool.ErrorContract{}, // want `Errors is an empty list`
	Handler: handle,
}

var Codes = mcptool.Tool[In, Out]{
	Name: "codes",
	Errors: []mcptool.ErrorContract{
		{Reason: "no_code", When: "Always.", Recovery: recovery},                                       // want `error contract entry "no_code" has no Code, so its failures carry code 0`
		{Reason: "bad_code", Code: 42, When: "Always.", Recovery: recovery},                            // want `error contract entry "bad_code" has Code 42, which is not a known mcperr code`
		{Reason: "made_up", Code: mcperr.Code(-32050), When: "Always.", Recovery: recovery},            // want `Code -32050, which is not a known mcperr code`
		{Reason: "give_up", Code: mcperr.CodeUnknownError, When: "Always.", Recovery: recovery},        // want `declares CodeUnknownError, the classifier's give-up code`
		{Reason: "dynamic_code", Code: mcperr.Code(len(os.Args)), When: "Always.", Recovery: recovery}, // not a constant: not checked
	},
	Handler: handle,
}

var Reasons = mcptool.Tool[In, Out]{
	Name: "reasons",
	Errors: []mcptool.ErrorContract{
		{Code: mcperr.CodeNotFound, When: "Always.", Recovery: recovery},                              // want `this error contract entry has no Reason`
		{Reason: "", Code: mcperr.CodeNotFound, When: "Always.", Recovery: recovery},                  // want `this error contract entry has no Reason`
		{Reason: "NotFound", Code: mcperr.CodeNotFound, When: "Always.", Recovery: recovery},          // want `reason "NotFound" is not snake_case.*rename it, e\.g\. "not_found"`
		{Reason: "no-match", Code: mcperr.CodeNotFound, When: "Always.", Recovery: recovery},          // want `reason "no-match" is not snake_case.*e\.g\. "no_match"`
		{Reason: "1st", Code: mcperr.CodeNotFound, When: "Always.", Recovery: recovery},               // want `reason "1st" is not snake_case.*rename it here and in every call\.Fail`
		{Reason: "twice", Code: mcperr.CodeNotFound, When: "Always.", Recovery: recovery},             // near miss: the first of the pair
		{Reason: "twice", Code: mcperr.CodeConflict, When: "Always.", Recovery: recovery},             // want `reason "twice" is declared twice \(first on line \d+\)`
		{Reason: os.Getenv("REASON"), Code: mcperr.CodeConflict, When: "Always.", Recovery: recovery}, // not a constant: not checked
	},
	Handler: handle,
}

var WhenRecovery = mcptool.Tool[In, Out]{
	Name: "when_recovery",
	Errors: []mcptool.ErrorContract{
		{Reason: "no_when", Code: mcperr.CodeNotFound, Recovery: recovery},                             // want `error contract entry "no_when" has no When`
		{Reason: "blank_when", Code: mcperr.CodeNotFound, When: " \t", Recovery: recovery},             // want `error contract entry "blank_when" has no When`
		{Reason: "no_recovery", Code: mcperr.CodeNotFound, When: "Always."},                            // want `error contract entry "no_recovery" has no Recovery`
		{Reason: "empty_recovery", Code: mcperr.CodeNotFound, When: "Always.", Recovery: ""},           // want `error contract entry "empty_recovery" has no Recovery`
		{Reason: "blank_recovery", Code: mcperr.CodeNotFound, When: "Always.", Recovery: "   "},        // want `has a Recovery of only whitespace`
		{Reason: "short_recovery", Code: mcperr.CodeNotFound, When: "Always.", Recovery: "Try again."}, // want `has a Recovery of 2 word\(s\), "Try again\."`
		{Reason: "dynamic_text", Code: mcperr.CodeNotFound, When: os.Getenv("W"), Recovery: os.Getenv("R")},
	},
	Handler: handle,
}

// shared is used by two tools: its problems are reported once.
var shared = []mcptool.ErrorContract{
	{Reason: "Shared", Code: mcperr.CodeNotFound, When: "Always.", Recovery: recovery}, // want `reason "Shared" is not snake_case`
}

var SharedA = mcptool.Tool[In, Out]{Name: "shared_a", Errors: shared, Handler: handle}

var SharedB = mcptool.Tool[In, Out]{Name: "shared_b", Errors: shared, Handler: handle}

// An entry in its own variable, and a contract built by a helper that returns a literal.
var shortEntry = mcptool.ErrorContract{Reason: "short", Code: mcperr.CodeConflict, When: "Always.", Recovery: "Retry."} // want `has a Recovery of 1 word\(s\)`

func helperErrors() []mcptool.ErrorContract {
	return []mcptool.ErrorContract{
		shortEntry,
		{Reason: "helper_gone", Code: mcperr.CodeUnknownError, When: "Always.", Recovery: recovery}, // want `declares CodeUnknownError`
	}
}

func Helper() mcptool.Tool[In, Out] {
	return mcptool.Tool[In, Out]{Name: "helper", Errors: helperErrors(), Handler: handle}
}

// Contracts mcplint cannot resolve are reported once each, and nothing inside is guessed.
var base = []mcptool.ErrorContract{{Reason: "Base", Code: 42, When: "Always.", Recovery: recovery}}

var reassigned = []mcptool.ErrorContract{{Reason: "Again", Code: 42}}

func init() {
	reassigned = append(reassigned, base...)
}

func loadErrors() []mcptool.ErrorContract {
	var out []mcptool.ErrorContract
	for _, r := range os.Args {
		out = append(out, mcptool.ErrorContract{Reason: r})
	}
	return out
}

var Appended = mcptool.Tool[In, Out]{
	Name:    "appended",
	Errors:  append(base, mcptool.ErrorContract{Reason: "Extra"}), // want `mcplint cannot resolve this error contract at compile time`
	Handler: handle,
}

var Reassigned = mcptool.Tool[In, Out]{
	Name:    "reassigned",
	Errors:  reassigned, // want `mcplint cannot resolve this error contract`
	Handler: handle,
}

var Loaded = mcptool.Tool[In, Out]{
	Name:    "loaded",
	Errors:  loadErrors(), // want `mcplint cannot resolve this error contract`
	Handler: handle,
}

// Retryable against the code's retryability (ServiceUnavailable, RateLimited, Timeout and
// DatabaseError are retryable).
var Retry = mcptool.Tool[In, Out]{
	Name: "retry",
	Errors: []mcptool.ErrorContract{
		{Reason: "down", Code: mcperr.CodeServiceUnavailable, When: "Always.", Recovery: recovery},                       // want `error contract entry "down" is ServiceUnavailable, which is retryable, so Fail sends retryable: true; write Retryable: true`
		{Reason: "down_false", Code: mcperr.CodeTimeout, When: "Always.", Recovery: recovery, Retryable: false},          // want `"down_false" is Timeout, which is retryable`
		{Reason: "missing", Code: mcperr.CodeNotFound, When: "Always.", Recovery: recovery, Retryable: true},             // want `error contract entry "missing" is Retryable but NotFound is not: agents repeat a call that cannot succeed`
		{Reason: "busy", Code: mcperr.CodeRateLimited, When: "Always.", Recovery: recovery, Retryable: true},             // agrees
		{Reason: "db", Code: -32010, When: "Always.", Recovery: recovery, Retryable: true},                               // DatabaseError as a number: agrees
		{Reason: "invalid", Code: mcperr.CodeInvalidParams, When: "Always.", Recovery: recovery},                         // agrees: not retryable, not declared
		{Reason: "invalid_false", Code: mcperr.CodeInvalidParams, When: "Always.", Recovery: recovery, Retryable: false}, // agrees
		{Reason: "dynamic", Code: mcperr.CodeNotFound, When: "Always.", Recovery: recovery, Retryable: len(os.Args) > 1}, // not a constant: not checked
		{Reason: "unknown_code", Code: 42, When: "Always.", Recovery: recovery, Retryable: true},                         // want `has Code 42, which is not a known mcperr code`
	},
	Handler: handle,
}
