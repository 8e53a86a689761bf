// Package codeunknown holds error contracts whose codes are no mcperr code, and the near misses that must stay silent.
package codeunknown

import (
	"os"

	"fixtures/contractrules/shared"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

var Codes = mcptool.Tool[shared.In, shared.Out]{Name: "codes", Handler: shared.Handle, Errors: []mcptool.ErrorContract{
	{Reason: "no_code", When: "Always.", Recovery: shared.Recovery},                                       // want `error contract entry "no_code" has no Code, so failures carry code 0`
	{Reason: "bad_code", Code: 42, When: "Always.", Recovery: shared.Recovery},                            // want `error contract entry "bad_code" has Code 42, which is not a known mcperr code`
	{Reason: "made_up", Code: mcperr.Code(-32050), When: "Always.", Recovery: shared.Recovery},            // want `Code -32050, which is not a known mcperr code`
	{Reason: "old_conflict", Code: -32002, When: "Always.", Recovery: shared.Recovery},                    // want `error contract entry "old_conflict": -32002 was mcperr's Conflict, resource not found to pre-2026-07-28 clients; use mcperr.CodeConflict`
	{Reason: "old_serial", Code: mcperr.Code(-32070), When: "Always.", Recovery: shared.Recovery},         // want `-32070 was mcperr's SerializationError, in the range 2026-07-28 reserves; use mcperr.CodeSerializationError`
	{Reason: "give_up", Code: mcperr.CodeUnknownError, When: "Always.", Recovery: shared.Recovery},        // a known code
	{Reason: "rate_limited", Code: -32003, When: "Too many calls.", Recovery: shared.Recovery},            // a known code as a number
	{Reason: "dynamic_code", Code: mcperr.Code(len(os.Args)), When: "Always.", Recovery: shared.Recovery}, // not a constant: not checked
}}
