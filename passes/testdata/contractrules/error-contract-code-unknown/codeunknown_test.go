package codeunknown

import (
	"testing"

	"fixtures/contractrules/shared"

	"github.com/mcplint-go/mcplint/mcptool"
)

// Tests build throwaway tools with broken contracts on purpose: not reported.
func TestThrowaway(t *testing.T) {
	_ = mcptool.Tool[shared.In, shared.Out]{
		Name:    "throwaway",
		Errors:  []mcptool.ErrorContract{{Reason: "Bad", Code: 42}},
		Handler: shared.Handle,
	}
}
