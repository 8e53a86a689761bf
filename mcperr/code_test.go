package mcperr_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcperr"
)

func TestCodeValues(t *testing.T) {
	// The values are part of the wire contract (shared with mcp-ts-core but for the three
	// moved out of the codes MCP assigns).
	want := map[mcperr.Code]int{
		mcperr.CodeParseError: -32700, mcperr.CodeInvalidRequest: -32600, mcperr.CodeMethodNotFound: -32601,
		mcperr.CodeInvalidParams: -32602, mcperr.CodeInternalError: -32603, mcperr.CodeServiceUnavailable: -32000,
		mcperr.CodeNotFound: -32001, mcperr.CodeConflict: -32012, mcperr.CodeRateLimited: -32003,
		mcperr.CodeTimeout: -32004, mcperr.CodeForbidden: -32005, mcperr.CodeUnauthorized: -32006,
		mcperr.CodeValidationError: -32007, mcperr.CodeConfigurationError: -32008,
		mcperr.CodeInitializationFailed: -32009, mcperr.CodeDatabaseError: -32010,
		mcperr.CodeRequestCancelled: -32011, mcperr.CodeSerializationError: -32013, mcperr.CodeUnknownError: -32019,
	}
	for c, v := range want {
		assert.Equal(t, v, int(c), c.String())
	}
	assert.Len(t, mcperr.KnownCodes(), len(want))
	for _, c := range mcperr.KnownCodes() {
		_, ok := want[c]
		assert.True(t, ok, "KnownCodes has unexpected %d", int(c))
		assert.True(t, c.Known())
		got, ok := mcperr.CodeByName(c.String())
		require.True(t, ok)
		assert.Equal(t, c, got)
	}
}

func TestKnownCodesReturnsACopy(t *testing.T) {
	a := mcperr.KnownCodes()
	a[0] = 1
	assert.Equal(t, mcperr.CodeParseError, mcperr.KnownCodes()[0])
}

func TestCodeString(t *testing.T) {
	assert.Equal(t, "NotFound", mcperr.CodeNotFound.String())
	assert.Equal(t, "SerializationError", mcperr.CodeSerializationError.String())
	assert.Equal(t, "Code(-31999)", mcperr.Code(-31999).String())
	assert.False(t, mcperr.Code(-31999).Known())
	assert.Equal(t, "NotFound (-32001)", mcperr.CodeNotFound.Error())
	_, ok := mcperr.CodeByName("Nope")
	assert.False(t, ok)
}

func TestFactoryFor(t *testing.T) {
	factories := map[mcperr.Code]func(string, ...mcperr.Option) *mcperr.Error{
		mcperr.CodeInvalidParams: mcperr.InvalidParams, mcperr.CodeInvalidRequest: mcperr.InvalidRequest,
		mcperr.CodeNotFound: mcperr.NotFound, mcperr.CodeForbidden: mcperr.Forbidden,
		mcperr.CodeUnauthorized: mcperr.Unauthorized, mcperr.CodeValidationError: mcperr.ValidationError,
		mcperr.CodeConflict: mcperr.Conflict, mcperr.CodeRateLimited: mcperr.RateLimited,
		mcperr.CodeTimeout: mcperr.Timeout, mcperr.CodeServiceUnavailable: mcperr.ServiceUnavailable,
		mcperr.CodeConfigurationError: mcperr.ConfigurationError, mcperr.CodeInternalError: mcperr.InternalError,
		mcperr.CodeSerializationError: mcperr.SerializationError, mcperr.CodeDatabaseError: mcperr.DatabaseError,
	}
	require.Len(t, factories, 14)
	for _, c := range mcperr.KnownCodes() {
		name, ok := mcperr.FactoryFor(c)
		f, has := factories[c]
		require.Equal(t, has, ok, c.String())
		if ok {
			assert.Equal(t, c.String(), name)
			assert.Equal(t, c, f("m").Code(), "factory %s builds its own code", name)
		}
	}
	_, ok := mcperr.FactoryFor(mcperr.Code(1))
	assert.False(t, ok)
}

func TestDecisions(t *testing.T) {
	cases := map[mcperr.Code]mcperr.Decision{
		mcperr.CodeRateLimited: mcperr.DecisionRetry, mcperr.CodeServiceUnavailable: mcperr.DecisionRetry,
		mcperr.CodeTimeout: mcperr.DecisionRetry, mcperr.CodeInvalidParams: mcperr.DecisionFixInput,
		mcperr.CodeValidationError: mcperr.DecisionFixInput, mcperr.CodeNotFound: mcperr.DecisionWorkAround,
		mcperr.CodeConflict: mcperr.DecisionWorkAround, mcperr.CodeForbidden: mcperr.DecisionWorkAround,
		mcperr.CodeUnauthorized: mcperr.DecisionWorkAround, mcperr.CodeInternalError: mcperr.DecisionGiveUp,
		mcperr.CodeConfigurationError: mcperr.DecisionGiveUp, mcperr.Code(7): mcperr.DecisionGiveUp,
	}
	for c, d := range cases {
		assert.Equal(t, d, c.Decision(), c.String())
		assert.Equal(t, d == mcperr.DecisionRetry, c.Retryable(), c.String())
	}
	for _, c := range mcperr.KnownCodes() {
		assert.NotEqual(t, mcperr.Decision(0), c.Decision(), "every known code has a decision: %s", c)
	}
	assert.Equal(t, "fix_input", mcperr.DecisionFixInput.String())
	assert.Equal(t, "work_around", mcperr.DecisionWorkAround.String())
}

func TestBaselineCodes(t *testing.T) {
	assert.ElementsMatch(t, []mcperr.Code{mcperr.CodeInternalError, mcperr.CodeServiceUnavailable,
		mcperr.CodeTimeout, mcperr.CodeValidationError, mcperr.CodeSerializationError}, mcperr.BaselineCodes())
	assert.True(t, mcperr.CodeTimeout.Baseline())
	assert.False(t, mcperr.CodeNotFound.Baseline())
}

func TestErrorBasics(t *testing.T) {
	cause := errors.New("dial tcp 10.0.0.1:5432: connection refused")
	e := mcperr.DatabaseError("could not load the order", mcperr.WithCause(cause), mcperr.WithData("order", "o-1"))
	assert.Equal(t, mcperr.CodeDatabaseError, e.Code())
	assert.Equal(t, "could not load the order", e.Message())
	assert.Equal(t, "could not load the order: dial tcp 10.0.0.1:5432: connection refused", e.Error())
	assert.Same(t, cause, e.Unwrap())
	assert.ErrorIs(t, e, cause)
	assert.Equal(t, map[string]any{"order": "o-1"}, e.Data())

	wrapped := fmt.Errorf("handler: %w", e)
	assert.ErrorIs(t, wrapped, mcperr.CodeDatabaseError, "errors.Is by Code")
	assert.ErrorIs(t, wrapped, mcperr.DatabaseError("other message"), "errors.Is by *Error compares codes")
	assert.NotErrorIs(t, wrapped, mcperr.CodeNotFound)
	got, ok := mcperr.As(wrapped)
	require.True(t, ok)
	assert.Same(t, e, got)
}

func TestEmptyMessageUsesCodeName(t *testing.T) {
	assert.Equal(t, "NotFound", mcperr.NotFound("").Message())
}

func TestDataIsCopied(t *testing.T) {
	e := mcperr.NotFound("x", mcperr.WithData("k", "v"))
	d := e.Data()
	d["k"] = "changed"
	assert.Equal(t, "v", e.Data()["k"])
	assert.Nil(t, mcperr.NotFound("x").Data())
}

func TestReasonRecoveryRetryable(t *testing.T) {
	e := mcperr.RateLimited("slow down", mcperr.WithReason("queue_full"), mcperr.WithRecovery("Wait 30 seconds and retry the call."))
	assert.Equal(t, "queue_full", e.Reason())
	assert.Equal(t, "Wait 30 seconds and retry the call.", e.Recovery())
	assert.True(t, e.Retryable(), "RateLimited is retryable by default")
	_, set := e.RetryableSet()
	assert.False(t, set)
	assert.Equal(t, mcperr.DecisionRetry, e.Decision())

	e2 := e.With(mcperr.WithRetryable(false))
	assert.False(t, e2.Retryable())
	assert.Equal(t, mcperr.DecisionGiveUp, e2.Decision(), "a retry code marked not retryable means give up")
	assert.True(t, e.Retryable(), "With does not change the original")
	assert.Equal(t, map[string]any{"reason": "queue_full", "recovery": map[string]any{"hint": "Wait 30 seconds and retry the call."}, "retryable": false}, e2.Data())

	nf := mcperr.NotFound("gone", mcperr.WithRetryable(true))
	assert.Equal(t, mcperr.DecisionRetry, nf.Decision())
}

func TestNilErrorAccessors(t *testing.T) {
	var e *mcperr.Error
	assert.Equal(t, mcperr.Code(0), e.Code())
	assert.Equal(t, "", e.Message())
	assert.Equal(t, "", e.Reason())
	assert.Nil(t, e.Data())
	assert.Nil(t, e.Unwrap())
	assert.Equal(t, "<nil>", e.Error())
	assert.False(t, e.Is(mcperr.CodeNotFound))
}

func TestNilOptionsAreSkipped(t *testing.T) {
	e := mcperr.NotFound("x", nil, mcperr.WithReason("r"))
	assert.Equal(t, "r", e.Reason())
}

type panicky struct{}

func (*panicky) Error() string { panic("boom") }

func TestErrorTextOfPanickingCause(t *testing.T) {
	var p *panicky
	e := mcperr.InternalError("outer", mcperr.WithCause(p))
	assert.Equal(t, "outer", e.Error())
}

// protocolCodes are the JSON-RPC error codes the MCP revisions assign, with the revisions
// that assign them, as go-sdk v1.8.0 (mcp/shared.go, mcp/resource.go, jsonrpc) and mcp-go
// v1.2.1 (mcp/types.go) declare them.
var protocolCodes = []struct {
	code      int
	meaning   string
	revisions string
}{
	{-32700, "ParseError", "JSON-RPC 2.0, every revision"},
	{-32600, "InvalidRequest", "JSON-RPC 2.0, every revision"},
	{-32601, "MethodNotFound", "JSON-RPC 2.0, every revision"},
	{-32602, "InvalidParams", "JSON-RPC 2.0, every revision; resource not found from 2026-07-28 (SEP-2164)"},
	{-32603, "InternalError", "JSON-RPC 2.0, every revision"},
	{-32002, "resource not found", "2024-11-05 to 2025-11-25"},
	{-32042, "URL elicitation required", "2025-11-25 and 2026-07-28"},
	{-32020, "header mismatch", "2026-07-28 (SEP-2243)"},
	{-32021, "missing required client capabilities", "2026-07-28 (SEP-2575)"},
	{-32022, "unsupported protocol version", "2026-07-28 (SEP-2575)"},
}

// TestNoCodeCollidesWithTheProtocol: every mcperr code is either a JSON-RPC 2.0 code with
// its standard meaning, or one of the implementation-defined range -32000..-32019 that no
// revision assigns (2026-07-28 reserves -32020..-32099 for the specification), so no client
// of a supported revision reads an mcperr code as something else.
func TestNoCodeCollidesWithTheProtocol(t *testing.T) {
	for _, c := range mcperr.KnownCodes() {
		n := int(c)
		for _, p := range protocolCodes {
			if p.code == n {
				assert.Equal(t, p.meaning, c.String(), "mcperr.Code%s is %d, which %s assigns to %s", c, n, p.revisions, p.meaning)
			}
		}
		if n >= -32099 && n <= -32000 {
			assert.True(t, n >= -32019, "mcperr.Code%s is %d, in the range 2026-07-28 reserves for the specification", c, n)
		}
	}
}

func TestRetiredCodes(t *testing.T) {
	for old, now := range map[int]mcperr.Code{-32002: mcperr.CodeConflict, -32070: mcperr.CodeSerializationError, -32099: mcperr.CodeUnknownError} {
		got, ok := mcperr.RetiredCode(old)
		assert.True(t, ok, "%d", old)
		assert.Equal(t, now, got)
		assert.False(t, mcperr.Code(old).Known(), "%d is no longer a code", old)
	}
	_, ok := mcperr.RetiredCode(-32001)
	assert.False(t, ok)
}
