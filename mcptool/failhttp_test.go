package mcptool_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

type stockIn struct {
	SKU    string `json:"sku" jsonschema:"the SKU"`
	Status int    `json:"status,omitempty" jsonschema:"the upstream status to simulate"`
	Body   bool   `json:"body,omitempty" jsonschema:"send the body on"`
	Reason string `json:"reason,omitempty" jsonschema:"the reason to fail with"`
}

type stockOut struct {
	Count int `json:"count" jsonschema:"units in stock"`
}

// stockTool calls a fake inventory service that answers with in.Status and
// a body holding a credential.
func stockTool() mcptool.Tool[stockIn, stockOut] {
	return mcptool.Tool[stockIn, stockOut]{
		Name:        "stock",
		Description: "Count the units in stock for a SKU.",
		Errors: []mcptool.ErrorContract{
			{Reason: "inventory_down", Code: mcperr.CodeServiceUnavailable, When: "The inventory service is not reachable.",
				Recovery: "Wait a minute, then call the tool again unchanged.", Retryable: true},
			{Reason: "unknown_sku", Code: mcperr.CodeNotFound, When: "The inventory has no such SKU.",
				Recovery: "Check the SKU with the user, then call the tool again."},
		},
		Handler: func(_ context.Context, call *mcptool.Call, in stockIn) (stockOut, error) {
			resp := &http.Response{StatusCode: in.Status, Header: http.Header{"Retry-After": {"120"}},
				Body: io.NopCloser(strings.NewReader(`{"message":"maintenance","token":"tok-SECRET-1"}`))}
			var opts []mcperr.Option
			if in.Body {
				opts = append(opts, mcperr.WithBody())
			}
			opts = append(opts, mcperr.WithService("Inventory"))
			return stockOut{}, call.FailHTTP(in.Reason, resp, opts...)
		},
	}
}

func TestFailHTTPAppliesTheContract(t *testing.T) {
	h := newHarness(t)
	mcptool.Add(h.server, stockTool(), mcptool.WithLogger(h.logger))
	h.connect()

	res, rpcErr := h.callTool("stock", map[string]any{"sku": "A1", "status": 503, "reason": "inventory_down"})
	require.Nil(t, rpcErr)
	assert.JSONEq(t, `{`+meta+`,"content":[{"type":"text","text":"Error: Inventory responded 503 Service Unavailable\nRecovery: Wait a minute, then call the tool again unchanged.\nCode: ServiceUnavailable (-32000); Reason: inventory_down; Retryable: true\nData: {\"retryAfter\":\"120\",\"retryAfterSeconds\":120,\"service\":\"Inventory\",\"status\":503}"}],`+
		`"structuredContent":{"error":{"code":-32000,"message":"Inventory responded 503 Service Unavailable","data":{"reason":"inventory_down","recovery":{"hint":"Wait a minute, then call the tool again unchanged."},"retryable":true,"retryAfter":"120","retryAfterSeconds":120,"service":"Inventory","status":503}}},"isError":true,"resultType":"complete"}`, string(res))

	// The declared code wins over the status's (a 404 declared as NotFound
	// stays NotFound; a 502 declared as inventory_down is ServiceUnavailable).
	res, _ = h.callTool("stock", map[string]any{"sku": "A1", "status": 500, "reason": "inventory_down"})
	assert.Contains(t, string(res), `"code":-32000`)
	assert.Contains(t, string(res), `"status":500`)

	// The body only on request, and redacted.
	res, _ = h.callTool("stock", map[string]any{"sku": "A1", "status": 404, "reason": "unknown_sku", "body": true})
	assert.Contains(t, string(res), `maintenance`)
	assert.Contains(t, string(res), `[REDACTED]`)
	assert.NotContains(t, string(res), `tok-SECRET-1`)
	assert.Contains(t, string(res), `"retryable":false`)

	// An undeclared reason is the same InternalError as Fail's.
	res, _ = h.callTool("stock", map[string]any{"sku": "A1", "status": 503, "reason": "typo"})
	assert.Contains(t, string(res), `which its error contract does not declare`)
	assert.NotContains(t, string(res), `tok-SECRET-1`)
}
