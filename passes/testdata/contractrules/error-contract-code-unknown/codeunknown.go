// Package codeunknown holds error contracts whose codes are no mcperr code, and the near
// misses that must stay silent.
package codeunknown

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

var Codes = mcptool.Tool[shared.In, shared.Out]{
	Name: "codes",
	Errors: []mcptool.ErrorContract{
		{Reason: "no_code", When: "Always.", Recovery: shared.Recovery},                                       // want `error contract entry "no_code" has no Code, so its failures carry code 0`
		{Reason: "bad_code", Code: 42, When: "Always.", Recovery: shared.Recovery},                            // want `error contract entry "bad_code" has Code 42, which is not a known mcperr code`
		{Reason: "made_up", Code: mcperr.Code(-32050), When: "Always.", Recovery: shared.Recovery},            // want `Code -32050, which is not a known mcperr code`
		{Reason: "give_up", Code: mcperr.CodeUnknownError, When: "Always.", Recovery: shared.Recovery},        // a known code
		{Reason: "dynamic_code", Code: mcperr.Code(len(os.Args)), When: "Always.", Recovery: shared.Recovery}, // not a constant: not checked
	},
	Handler: shared.Handle,
}
