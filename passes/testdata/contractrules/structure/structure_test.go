package structure

import (
	"testing"

	"github.com/mcplint/mcplint/mcptool"
)

// Tests build throwaway tools with broken contracts on purpose: not reported.
func TestThrowaway(t *testing.T) {
	_ = mcptool.Tool[In, Out]{
		Name:    "throwaway",
		Errors:  []mcptool.ErrorContract{{Reason: "Bad", Code: 42}},
		Handler: handle,
	}
}
