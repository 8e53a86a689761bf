// Package whenrequired holds error contracts whose entries lack a When, and the near misses that must stay silent.
package whenrequired

import (
	"os"

	"fixtures/contractrules/shared"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

var When = mcptool.Tool[shared.In, shared.Out]{Name: "when", Handler: shared.Handle, Errors: []mcptool.ErrorContract{
	{Reason: "no_when", Code: mcperr.CodeNotFound, Recovery: shared.Recovery},                 // want `error contract entry "no_when" has no When`
	{Reason: "blank_when", Code: mcperr.CodeNotFound, When: " \t", Recovery: shared.Recovery}, // want `error contract entry "blank_when" has no When`
	{Reason: "terse_when", Code: mcperr.CodeNotFound, When: "Always.", Recovery: shared.Recovery},
	{Reason: "dynamic_when", Code: mcperr.CodeNotFound, When: os.Getenv("W"), Recovery: shared.Recovery}, // not a constant: not checked
}}
