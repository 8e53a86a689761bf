// Package reasonrequired holds error contracts whose entries lack a reason, and the near misses that must stay silent.
package reasonrequired

import (
	"os"

	"fixtures/contractrules/shared"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

var Reasons = mcptool.Tool[shared.In, shared.Out]{Name: "reasons", Handler: shared.Handle, Errors: []mcptool.ErrorContract{
	{Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},                              // want `this error contract entry has no Reason`
	{Reason: "", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},                  // want `this error contract entry has no Reason`
	{Reason: "NotFound", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},          // a reason, if not snake_case
	{Reason: os.Getenv("REASON"), Code: mcperr.CodeConflict, When: "Always.", Recovery: shared.Recovery}, // not a constant: not checked
}}
