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

// errorBranch returns the error object's schema as the client sees it in
// tools/list.
func errorBranch(t *testing.T, h *harness, tool string) map[string]any {
	t.Helper()
	list, err := h.session.ListTools(context.Background(), nil)
	require.NoError(t, err)
	for _, tl := range list.Tools {
		if tl.Name != tool {
			continue
		}
		raw, err := json.Marshal(tl.OutputSchema)
		require.NoError(t, err)
		var s struct {
			AnyOf []struct {
				Properties struct {
					Error map[string]any `json:"error"`
				} `json:"properties"`
			} `json:"anyOf"`
		}
		require.NoError(t, json.Unmarshal(raw, &s))
		require.Len(t, s.AnyOf, 2)
		return s.AnyOf[1].Properties.Error
	}
	t.Fatalf("no tool %q", tool)
	return nil
}

func description(m map[string]any, path ...string) string {
	for _, p := range path {
		m, _ = m["properties"].(map[string]any)[p].(map[string]any)
	}
	s, _ := m["description"].(string)
	return s
}

func TestAdvertisedErrorSchemaListsOnlyWhatTheToolDeclares(t *testing.T) {
	h := newHarness(t)
	tool := lookupTool()
	// A When with its own full stop, one without, and trailing space.
	tool.Errors[0].When = "No item has the ID. "
	tool.Errors[1].When = "The request queue is full"
	mcptool.Add(h.server, tool, mcptool.WithLogger(h.logger))
	bare := goodTool()
	bare.Name, bare.Errors = "bare", nil
	mcptool.Add(h.server, bare, mcptool.WithLogger(h.logger))
	h.connect()

	e := errorBranch(t, h, "lookup")
	code := description(e, "code")
	assert.Equal(t, "JSON-RPC error code. Declared: -32001 NotFound, -32003 RateLimited.", code)
	reason := description(e, "data", "reason")
	assert.Equal(t, "Stable identifier of the failure mode; switch on it, not on the message. "+
		"no_match (NotFound): No item has the ID. queue_full (RateLimited, retryable): The request queue is full.", reason)
	for _, bad := range []string{"..", ".;", ";.", "  "} {
		assert.NotContains(t, code+reason, bad)
	}

	// No contract: no list of every code.
	e = errorBranch(t, h, "bare")
	assert.Equal(t, "JSON-RPC error code.", description(e, "code"))
	assert.NotContains(t, description(e, "data", "reason"), "Declared")
	for _, c := range mcperr.KnownCodes() {
		assert.NotContains(t, description(e, "code"), c.String())
	}
}

// The error branch is paid on every tools/list; this pins its fixed cost
// (no contract) so a change that bloats it is seen. docs/runtime.md gives
// the measured numbers.
func TestErrorBranchFixedCost(t *testing.T) {
	h := newHarness(t)
	bare := goodTool()
	bare.Errors = nil
	mcptool.Add(h.server, bare, mcptool.WithLogger(h.logger))
	h.connect()
	b, err := json.Marshal(errorBranch(t, h, "good"))
	require.NoError(t, err)
	t.Logf("error object schema without a contract: %d bytes", len(b))
	assert.LessOrEqual(t, len(b), 750)
}
