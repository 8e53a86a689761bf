// Package recoveryempty holds error contracts whose Recovery is blank, and the near misses that must stay silent.
package recoveryempty

import (
	"fixtures/contractrules/shared"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

var Recovery = mcptool.Tool[shared.In, shared.Out]{Name: "shared.Recovery", Handler: shared.Handle, Errors: []mcptool.ErrorContract{
	{Reason: "blank_recovery", Code: mcperr.CodeNotFound, When: "Always.", Recovery: "   "}, // want `has a blank Recovery`
	{Reason: "empty_recovery", Code: mcperr.CodeNotFound, When: "Always.", Recovery: ""},    // empty, not blank: another rule
	{Reason: "padded_recovery", Code: mcperr.CodeNotFound, When: "Always.", Recovery: "  " + shared.Recovery},
}}
