// Package recoveryminwords holds error contracts whose Recovery is too short, and the near misses that must stay silent.
package recoveryminwords

import (
	"fixtures/contractrules/shared"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

var Recovery = mcptool.Tool[shared.In, shared.Out]{Name: "shared.Recovery", Handler: shared.Handle, Errors: []mcptool.ErrorContract{
	{Reason: "short_recovery", Code: mcperr.CodeNotFound, When: "Always.", Recovery: "Try again."},               // want `Recovery "Try again\." has 2 word\(s\)`
	{Reason: "five_words", Code: mcperr.CodeNotFound, When: "Always.", Recovery: "Call list_items, then retry."}, // five words: list_items counts as two
	{Reason: "enough", Code: mcperr.CodeNotFound, When: "Always.", Recovery: "Wait a minute, then retry."},
}}

// An entry in its own variable, in a contract built by a helper that returns a literal.
var shortEntry = mcptool.ErrorContract{Reason: "short", Code: mcperr.CodeConflict, When: "Always.", Recovery: "Retry."} // want `Recovery ".*" has 1 word\(s\)`

func helperErrors() []mcptool.ErrorContract {
	return []mcptool.ErrorContract{shortEntry}
}

func Helper() mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{Name: "helper", Errors: helperErrors(), Handler: shared.Handle}
}
