// Package notstatic holds error contracts mcplint cannot resolve, and the near misses that
// must stay silent.
package notstatic

import (
	"os"

	"fixtures/contractrules/shared"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

// Clean is valid: a constant reason, a typed code, five words of recovery and more.
var Clean = mcptool.Tool[shared.In, shared.Out]{Name: "clean", Handler: shared.Handle, Errors: []mcptool.ErrorContract{
	{Reason: "gone", Code: mcperr.CodeNotFound, When: "The item was deleted.", Recovery: shared.Recovery},
	{Reason: "rate_limited2", Code: -32003, When: "Too many calls.", Recovery: "Don't re-run this; call list_items first.", Retryable: true},
}}

// Contracts mcplint cannot resolve are reported once each, and nothing inside is guessed.
var base = []mcptool.ErrorContract{{Reason: "Base", Code: 42, When: "Always.", Recovery: shared.Recovery}}

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

var Appended = mcptool.Tool[shared.In, shared.Out]{
	Name:    "appended",
	Errors:  append(base, mcptool.ErrorContract{Reason: "Extra"}), // want `mcplint cannot resolve this error contract at compile time`
	Handler: shared.Handle,
}

var Reassigned = mcptool.Tool[shared.In, shared.Out]{
	Name:    "reassigned",
	Errors:  reassigned, // want `mcplint cannot resolve this error contract`
	Handler: shared.Handle,
}

var Loaded = mcptool.Tool[shared.In, shared.Out]{
	Name:    "loaded",
	Errors:  loadErrors(), // want `mcplint cannot resolve this error contract`
	Handler: shared.Handle,
}
