package mcptool_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

// storeTool fails through its contract in the way in.Mode asks. Its
// store_down entry leaves Retryable unset although ServiceUnavailable is
// retryable; not_in_store sets it although NotFound is not.
func storeTool() mcptool.Tool[lookupIn, lookupOut] {
	return mcptool.Tool[lookupIn, lookupOut]{
		Name:        "store",
		Description: "Read an item from the store.",
		Errors: []mcptool.ErrorContract{
			{Reason: "store_down", Code: mcperr.CodeServiceUnavailable, When: "The store is not reachable.", Recovery: "Wait a minute, then call the tool again."},
			{Reason: "not_in_store", Code: mcperr.CodeNotFound, When: "The store has no such item.", Recovery: "List the store's items, then pick a listed ID.", Retryable: true},
			{Reason: "bad_id", Code: mcperr.CodeValidationError, When: "The ID is malformed.", Recovery: "Pass an ID of the form it-123."},
		},
		Handler: func(_ context.Context, call *mcptool.Call, in lookupIn) (lookupOut, error) {
			switch in.Mode {
			case "down":
				return lookupOut{}, call.Fail("store_down", "")
			case "missing":
				return lookupOut{}, call.Fail("not_in_store", "")
			case "bad":
				return lookupOut{}, call.Fail("bad_id", "")
			case "override":
				return lookupOut{}, call.Fail("store_down", "", mcperr.WithRetryable(false), mcperr.WithRecovery("Ask the operator."))
			}
			return lookupOut{ID: in.ID}, nil
		},
	}
}

func TestFailSendsTheDeclaredRecoveryAndRetryability(t *testing.T) {
	h := newHarness(t)
	mcptool.Add(h.server, storeTool(), mcptool.WithLogger(h.logger))
	h.connect()
	cases := map[string]string{
		// Recovery without RecoveryFor; retryability the code's.
		"down": `{"error":{"code":-32000,"message":"The store is not reachable.","data":{"reason":"store_down","recovery":{"hint":"Wait a minute, then call the tool again."},"retryable":true}}}`,
		// An explicit Retryable: true is sent as declared.
		"missing": `{"error":{"code":-32001,"message":"The store has no such item.","data":{"reason":"not_in_store","recovery":{"hint":"List the store's items, then pick a listed ID."},"retryable":true}}}`,
		"bad":     `{"error":{"code":-32007,"message":"The ID is malformed.","data":{"reason":"bad_id","recovery":{"hint":"Pass an ID of the form it-123."},"retryable":false}}}`,
		// Options override both.
		"override": `{"error":{"code":-32000,"message":"The store is not reachable.","data":{"reason":"store_down","recovery":{"hint":"Ask the operator."},"retryable":false}}}`,
	}
	for mode, want := range cases {
		res, rpcErr := h.callTool("store", map[string]any{"id": "it-1", "mode": mode})
		require.Nil(t, rpcErr)
		var r struct {
			StructuredContent any `json:"structuredContent"`
		}
		require.NoError(t, jsonUnmarshal(res, &r))
		got, _ := jsonMarshal(r.StructuredContent)
		assert.JSONEq(t, want, string(got), "mode %s", mode)
	}
	// Both contradicting entries were reported at start-up.
	assert.Contains(t, h.logs.String(), `Errors[0] (reason \"store_down\"): ServiceUnavailable is retryable`)
	assert.Contains(t, h.logs.String(), `Errors[1] (reason \"not_in_store\"): Retryable is true but NotFound is not retryable`)
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }
func jsonMarshal(v any) ([]byte, error)   { return json.Marshal(v) }
