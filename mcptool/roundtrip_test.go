package mcptool_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

type lookupIn struct {
	ID   string `json:"id" jsonschema:"the item to look up"`
	Mode string `json:"mode,omitempty" jsonschema:"what to do"`
}

type lookupOut struct {
	ID    string `json:"id" jsonschema:"the item"`
	Title string `json:"title" jsonschema:"its title"`
}

// meta is the _meta go-sdk v1.8.0 adds to every result.
const meta = `"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"test","version":"v0.0.1"}}`

// lookupTool fails in the way its input's Mode asks for.
func lookupTool() mcptool.Tool[lookupIn, lookupOut] {
	return mcptool.Tool[lookupIn, lookupOut]{
		Name:        "lookup",
		Description: "Look up an item by ID.",
		Errors: []mcptool.ErrorContract{
			{Reason: "no_match", Code: mcperr.CodeNotFound, When: "No item has the ID.", Recovery: "Search for the item first to get a valid ID."},
			{Reason: "queue_full", Code: mcperr.CodeRateLimited, When: "The request queue is full.", Recovery: "Wait thirty seconds, then retry the same call.", Retryable: true},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in lookupIn) (lookupOut, error) {
			switch in.Mode {
			case "fail":
				return lookupOut{}, call.Fail("no_match", "no item "+in.ID, call.RecoveryFor("no_match"), mcperr.WithData("id", in.ID))
			case "fail-bare":
				return lookupOut{}, call.Fail("queue_full", "")
			case "factory":
				return lookupOut{}, mcperr.Conflict("item "+in.ID+" is locked", mcperr.WithData("holder", "agent-2"), mcperr.WithRecovery("Wait for agent-2 to release the item, then retry."))
			case "wrapped":
				return lookupOut{}, fmt.Errorf("loading %s: %w", in.ID, mcperr.NotFound("item "+in.ID+" does not exist", mcperr.WithReason("no_match")))
			case "plain":
				return lookupOut{}, errors.New("connection refused by backend")
			case "secret-cause":
				return lookupOut{}, mcperr.DatabaseError("could not load the item", mcperr.WithCause(errors.New("dial postgres://admin:hunter2@db: refused")))
			case "panic":
				panic("index out of range [3] with length 2")
			case "undeclared":
				return lookupOut{}, call.Fail("typo_reason", "x")
			case "http429":
				resp := &http.Response{StatusCode: 429, Header: http.Header{"Retry-After": {"30"}},
					Body: io.NopCloser(strings.NewReader(`{"message":"API rate limit exceeded"}`))}
				return lookupOut{}, mcperr.FromHTTPResponse(resp, mcperr.WithService("GitHub"))
			case "protocol":
				return lookupOut{}, &jsonrpc.Error{Code: -32042, Message: "elicitation required"}
			case "wrapped-protocol":
				return lookupOut{}, fmt.Errorf("ctx: %w", &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad params"})
			case "unmarshalable-data":
				return lookupOut{}, mcperr.ValidationError("bad", mcperr.WithData("ch", make(chan int)), mcperr.WithData("ok", 1))
			case "service":
				// A service that only has the context reaches the contract.
				return lookupOut{}, mcperr.NotFound("service miss", mcptool.CallFrom(ctx).RecoveryFor("no_match"))
			}
			return lookupOut{ID: in.ID, Title: "Item " + in.ID}, nil
		},
	}
}

func lookupHarness(t *testing.T) *harness {
	h := newHarness(t)
	mcptool.Add(h.server, lookupTool(), mcptool.WithLogger(h.logger))
	h.connect()
	return h
}

func TestWireShapes(t *testing.T) {
	h := lookupHarness(t)
	cases := []struct {
		mode string
		want string
	}{
		{"", `{` + meta + `,"content":[{"type":"text","text":"{\"id\":\"7\",\"title\":\"Item 7\"}"}],"structuredContent":{"id":"7","title":"Item 7"},"resultType":"complete"}`},
		{"fail", `{` + meta + `,"content":[{"type":"text","text":"Error: no item 7\nRecovery: Search for the item first to get a valid ID.\nCode: NotFound (-32001); Reason: no_match; Retryable: false\nData: {\"id\":\"7\"}"}],"structuredContent":{"error":{"code":-32001,"message":"no item 7","data":{"id":"7","reason":"no_match","recovery":{"hint":"Search for the item first to get a valid ID."},"retryable":false}}},"isError":true,"resultType":"complete"}`},
		{"fail-bare", `{` + meta + `,"content":[{"type":"text","text":"Error: The request queue is full.\nRecovery: Wait thirty seconds, then retry the same call.\nCode: RateLimited (-32003); Reason: queue_full; Retryable: true"}],"structuredContent":{"error":{"code":-32003,"message":"The request queue is full.","data":{"reason":"queue_full","recovery":{"hint":"Wait thirty seconds, then retry the same call."},"retryable":true}}},"isError":true,"resultType":"complete"}`},
		{"factory", `{` + meta + `,"content":[{"type":"text","text":"Error: item 7 is locked\nRecovery: Wait for agent-2 to release the item, then retry.\nCode: Conflict (-32012)\nData: {\"holder\":\"agent-2\"}"}],"structuredContent":{"error":{"code":-32012,"message":"item 7 is locked","data":{"holder":"agent-2","recovery":{"hint":"Wait for agent-2 to release the item, then retry."}}}},"isError":true,"resultType":"complete"}`},
		{"wrapped", `{` + meta + `,"content":[{"type":"text","text":"Error: item 7 does not exist\nCode: NotFound (-32001); Reason: no_match"}],"structuredContent":{"error":{"code":-32001,"message":"item 7 does not exist","data":{"reason":"no_match"}}},"isError":true,"resultType":"complete"}`},
		{"plain", `{` + meta + `,"content":[{"type":"text","text":"Error: connection refused by backend\nCode: ServiceUnavailable (-32000)"}],"structuredContent":{"error":{"code":-32000,"message":"connection refused by backend"}},"isError":true,"resultType":"complete"}`},
		{"secret-cause", `{` + meta + `,"content":[{"type":"text","text":"Error: could not load the item\nCode: DatabaseError (-32010)"}],"structuredContent":{"error":{"code":-32010,"message":"could not load the item"}},"isError":true,"resultType":"complete"}`},
		{"panic", `{` + meta + `,"content":[{"type":"text","text":"Error: tool \"lookup\" failed unexpectedly; the server logged the details\nCode: InternalError (-32603)"}],"structuredContent":{"error":{"code":-32603,"message":"tool \"lookup\" failed unexpectedly; the server logged the details"}},"isError":true,"resultType":"complete"}`},
		{"undeclared", `{` + meta + `,"content":[{"type":"text","text":"Error: tool \"lookup\" failed with reason \"typo_reason\", which its error contract does not declare (declared: no_match, queue_full)\nCode: InternalError (-32603)"}],"structuredContent":{"error":{"code":-32603,"message":"tool \"lookup\" failed with reason \"typo_reason\", which its error contract does not declare (declared: no_match, queue_full)"}},"isError":true,"resultType":"complete"}`},
		{"http429", `{` + meta + `,"content":[{"type":"text","text":"Error: GitHub responded 429 Too Many Requests\nCode: RateLimited (-32003)\nData: {\"retryAfter\":\"30\",\"retryAfterSeconds\":30,\"service\":\"GitHub\",\"status\":429}"}],"structuredContent":{"error":{"code":-32003,"message":"GitHub responded 429 Too Many Requests","data":{"retryAfter":"30","retryAfterSeconds":30,"service":"GitHub","status":429}}},"isError":true,"resultType":"complete"}`},
		{"wrapped-protocol", `{` + meta + `,"content":[{"type":"text","text":"Error: bad params\nCode: InvalidParams (-32602)"}],"structuredContent":{"error":{"code":-32602,"message":"bad params"}},"isError":true,"resultType":"complete"}`},
		{"unmarshalable-data", `{` + meta + `,"content":[{"type":"text","text":"Error: bad\nCode: ValidationError (-32007)\nData: {\"ok\":1}"}],"structuredContent":{"error":{"code":-32007,"message":"bad","data":{"ok":1}}},"isError":true,"resultType":"complete"}`},
		{"service", `{` + meta + `,"content":[{"type":"text","text":"Error: service miss\nRecovery: Search for the item first to get a valid ID.\nCode: NotFound (-32001)"}],"structuredContent":{"error":{"code":-32001,"message":"service miss","data":{"recovery":{"hint":"Search for the item first to get a valid ID."}}}},"isError":true,"resultType":"complete"}`},
	}
	for _, tc := range cases {
		t.Run("mode="+tc.mode, func(t *testing.T) {
			res, rpcErr := h.callTool("lookup", map[string]any{"id": "7", "mode": tc.mode})
			require.Nil(t, rpcErr)
			assert.JSONEq(t, tc.want, string(res))
		})
	}
}

func TestSecretsInCausesNeverReachTheClient(t *testing.T) {
	h := lookupHarness(t)
	res, _ := h.callTool("lookup", map[string]any{"id": "7", "mode": "secret-cause"})
	assert.NotContains(t, string(res), "hunter2")
	assert.Contains(t, h.logs.String(), "hunter2", "the server's log keeps the cause")
}

func TestPanicIsLoggedAndSessionSurvives(t *testing.T) {
	h := lookupHarness(t)
	_, rpcErr := h.callTool("lookup", map[string]any{"id": "1", "mode": "panic"})
	require.Nil(t, rpcErr)
	assert.Contains(t, h.logs.String(), "index out of range")
	res, rpcErr := h.callTool("lookup", map[string]any{"id": "2"})
	require.Nil(t, rpcErr)
	assert.Contains(t, string(res), `"title":"Item 2"`)
}

func TestDirectJSONRPCErrorIsAProtocolError(t *testing.T) {
	h := lookupHarness(t)
	res, rpcErr := h.callTool("lookup", map[string]any{"id": "7", "mode": "protocol"})
	assert.Nil(t, res)
	assert.JSONEq(t, `{"code":-32042,"message":"elicitation required"}`, string(rpcErr))
}

func TestInvalidArguments(t *testing.T) {
	h := lookupHarness(t)
	res, rpcErr := h.callTool("lookup", map[string]any{"idx": "7"})
	require.Nil(t, rpcErr)
	var r struct {
		IsError           bool `json:"isError"`
		StructuredContent struct {
			Error struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		} `json:"structuredContent"`
		Content []struct{ Text string } `json:"content"`
	}
	require.NoError(t, json.Unmarshal(res, &r))
	assert.True(t, r.IsError)
	assert.Equal(t, -32602, r.StructuredContent.Error.Code)
	assert.Contains(t, r.StructuredContent.Error.Message, "invalid arguments")
	assert.True(t, strings.HasPrefix(r.Content[0].Text, "Error: invalid arguments"))
}

func TestUndeclaredReasonIsLogged(t *testing.T) {
	h := lookupHarness(t)
	h.callTool("lookup", map[string]any{"id": "7", "mode": "undeclared"})
	assert.Contains(t, h.logs.String(), "typo_reason")
}

// TestAdvertisedSchemaAdmitsEveryResult validates structuredContent of
// success and error results against the outputSchema from tools/list, as a
// strict client (the TypeScript SDK) does even for isError results.
func TestAdvertisedSchemaAdmitsEveryResult(t *testing.T) {
	h := lookupHarness(t)
	list, err := h.session.ListTools(context.Background(), nil)
	require.NoError(t, err)
	require.Len(t, list.Tools, 1)
	raw, err := json.Marshal(list.Tools[0].OutputSchema)
	require.NoError(t, err)
	var schema jsonschema.Schema
	require.NoError(t, json.Unmarshal(raw, &schema))
	resolved, err := schema.Resolve(nil)
	require.NoError(t, err)
	assert.Contains(t, string(raw), "no_match (NotFound): No item has the ID.", "the schema names the declared reasons and when they apply")
	assert.Contains(t, string(raw), "queue_full (RateLimited, retryable)")

	for _, mode := range []string{"", "fail", "factory", "plain", "panic", "http429", "undeclared"} {
		res, _ := h.callTool("lookup", map[string]any{"id": "7", "mode": mode})
		var r struct {
			StructuredContent any `json:"structuredContent"`
		}
		require.NoError(t, json.Unmarshal(res, &r))
		assert.NoError(t, resolved.Validate(r.StructuredContent), "mode %q", mode)
	}
	// And the schema is not vacuous.
	assert.Error(t, resolved.Validate(map[string]any{"id": "x"}))
	assert.Error(t, resolved.Validate(map[string]any{"error": map[string]any{"message": "no code"}}))
}

func TestConcurrentCalls(t *testing.T) {
	h := lookupHarness(t)
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for i := range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprint(i)
			mode := ""
			if i%3 == 0 {
				mode = "fail"
			}
			res, err := h.session.CallTool(context.Background(), &mcp.CallToolParams{Name: "lookup", Arguments: map[string]any{"id": id, "mode": mode}})
			if err != nil {
				errs <- err
				return
			}
			b, _ := json.Marshal(res.StructuredContent)
			want := `"title":"Item ` + id + `"`
			if mode == "fail" {
				want = `"message":"no item ` + id + `"`
			}
			if !strings.Contains(string(b), want) || res.IsError != (mode == "fail") {
				errs <- fmt.Errorf("call %d: got %s", i, b)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestScopesAreEnforcedWhenATokenIsPresent(t *testing.T) {
	h := newHarness(t)
	tool := lookupTool()
	tool.Scopes = []string{"items:read", "items:admin"}
	mcptool.Add(h.server, tool, mcptool.WithLogger(h.logger))
	var scopes []string
	h.server.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if r, ok := req.(*mcp.CallToolRequest); ok && scopes != nil {
				r.Extra = &mcp.RequestExtra{TokenInfo: &auth.TokenInfo{Scopes: scopes}}
			}
			return next(ctx, method, req)
		}
	})
	h.connect()

	scopes = []string{"items:read"}
	res, _ := h.callTool("lookup", map[string]any{"id": "7"})
	assert.JSONEq(t, `{`+meta+`,"content":[{"type":"text","text":"Error: the token lacks the scope(s) this tool requires: items:admin\nRecovery: Ask the user to re-authorise with the missing scopes, then call the tool again.\nCode: Forbidden (-32005)\nData: {\"missingScopes\":[\"items:admin\"],\"requiredScopes\":[\"items:read\",\"items:admin\"]}"}],"structuredContent":{"error":{"code":-32005,"message":"the token lacks the scope(s) this tool requires: items:admin","data":{"missingScopes":["items:admin"],"recovery":{"hint":"Ask the user to re-authorise with the missing scopes, then call the tool again."},"requiredScopes":["items:read","items:admin"]}}},"isError":true,"resultType":"complete"}`, string(res))

	scopes = []string{"items:admin", "items:read", "other"}
	res, _ = h.callTool("lookup", map[string]any{"id": "7"})
	assert.Contains(t, string(res), `"structuredContent":{"id":"7","title":"Item 7"}`)
}
