// Package recoveryrequired holds error contracts whose entries lack a Recovery, and the near misses that must stay silent.
package recoveryrequired

import (
	"os"

	"fixtures/contractrules/shared"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

var Recovery = mcptool.Tool[shared.In, shared.Out]{Name: "shared.Recovery", Handler: shared.Handle, Errors: []mcptool.ErrorContract{
	{Reason: "no_recovery", Code: mcperr.CodeNotFound, When: "Always."},                            // want `error contract entry "no_recovery" has no Recovery`
	{Reason: "empty_recovery", Code: mcperr.CodeNotFound, When: "Always.", Recovery: ""},           // want `error contract entry "empty_recovery" has no Recovery`
	{Reason: "blank_recovery", Code: mcperr.CodeNotFound, When: "Always.", Recovery: "   "},        // blank, not missing: another rule
	{Reason: "dynamic_text", Code: mcperr.CodeNotFound, When: "Always.", Recovery: os.Getenv("R")}, // not a constant: not checked
}}
