// Package reasonformat holds error contracts whose reasons are not snake_case, and the near misses that must stay silent.
package reasonformat

import (
	"fixtures/contractrules/shared"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

var Reasons = mcptool.Tool[shared.In, shared.Out]{Name: "reasons", Handler: shared.Handle, Errors: []mcptool.ErrorContract{
	{Reason: "NotFound", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},         // want `reason "NotFound" is not snake_case.*rename it, e\.g\. "not_found"`
	{Reason: "no-match", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},         // want `reason "no-match" is not snake_case.*e\.g\. "no_match"`
	{Reason: "1st", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},              // want `reason "1st" is not snake_case.*rename it here and in every call\.Fail`
	{Reason: "rate_limited2", Code: mcperr.CodeRateLimited, When: "Always.", Recovery: shared.Recovery}, // snake_case with a digit
	{Code: mcperr.CodeConflict, When: "Always.", Recovery: shared.Recovery},                             // no reason: another rule
}}

// sharedContract is used by two tools: its problems are reported once.
var sharedContract = []mcptool.ErrorContract{
	{Reason: "Shared", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery}, // want `reason "Shared" is not snake_case`
}

var SharedA = mcptool.Tool[shared.In, shared.Out]{Name: "shared_a", Errors: sharedContract, Handler: shared.Handle}

var SharedB = mcptool.Tool[shared.In, shared.Out]{Name: "shared_b", Errors: sharedContract, Handler: shared.Handle}
