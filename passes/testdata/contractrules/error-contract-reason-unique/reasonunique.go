// Package reasonunique holds error contracts that declare a reason twice, and the near misses that must stay silent.
package reasonunique

import (
	"os"

	"fixtures/contractrules/shared"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

var Reasons = mcptool.Tool[shared.In, shared.Out]{Name: "reasons", Handler: shared.Handle, Errors: []mcptool.ErrorContract{
	{Reason: "twice", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},             // the first of the pair
	{Reason: "twice", Code: mcperr.CodeConflict, When: "Always.", Recovery: shared.Recovery},             // want `reason "twice" is declared twice \(first on line \d+\)`
	{Reason: "Twice", Code: mcperr.CodeConflict, When: "Always.", Recovery: shared.Recovery},             // another reason: case matters
	{Reason: os.Getenv("REASON"), Code: mcperr.CodeConflict, When: "Always.", Recovery: shared.Recovery}, // not a constant: not checked
}}
