package mcptool_test

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

// check is the helper the issue reports: it returns the concrete pointer, so
// its nil becomes a non-nil error interface in the handler's return.
func check(id string) *mcperr.Error {
	if id == "" {
		return mcperr.InvalidParams("id is empty")
	}
	return nil
}

func TestTypedNilErrorIsSuccess(t *testing.T) {
	h := newHarness(t)
	mcptool.Add(h.server, mcptool.Tool[lookupIn, lookupOut]{
		Name:        "typed_nil",
		Description: "Returns its output beside a nil *mcperr.Error.",
		Handler: func(_ context.Context, _ *mcptool.Call, in lookupIn) (lookupOut, error) {
			//mcplint:ignore typed-nil-error the trap on purpose: mcptool must treat it as success
			return lookupOut{ID: in.ID, Title: "Item " + in.ID}, check(in.ID)
		},
	}, mcptool.WithLogger(h.logger))
	h.connect()

	for range 3 {
		res, rpcErr := h.callTool("typed_nil", map[string]any{"id": "7"})
		require.Nil(t, rpcErr)
		assert.JSONEq(t, `{`+meta+`,"content":[{"type":"text","text":"{\"id\":\"7\",\"title\":\"Item 7\"}"}],"structuredContent":{"id":"7","title":"Item 7"},"resultType":"complete"}`, string(res))
	}
	logs := h.logs.String()
	assert.Equal(t, 1, strings.Count(logs, "rule=typed-nil-error"), "logged once per tool, under the rule ID: %s", logs)
	assert.Contains(t, logs, "*mcperr.Error")

	// A non-nil error from the same helper is still a failure.
	res, rpcErr := h.callTool("typed_nil", map[string]any{"id": ""})
	require.Nil(t, rpcErr)
	assert.Contains(t, string(res), `"isError":true`)
	assert.Contains(t, string(res), "id is empty")
}

// A resource or prompt handler returning a typed nil beside its result
// succeeds too.
func TestTypedNilErrorIsSuccessForResourcesAndPrompts(t *testing.T) {
	h := newHarness(t)
	mcptool.AddResource(h.server, mcptool.Resource{
		URI: "items://all", Name: "items", Description: "All items.",
		Handler: func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			//mcplint:ignore typed-nil-error the trap on purpose: mcptool must treat it as success
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: "ok"}}}, check("x")
		},
	}, mcptool.WithLogger(h.logger))
	mcptool.AddPrompt(h.server, mcptool.Prompt[struct{}]{
		Name: "p", Description: "A prompt.",
		Handler: func(context.Context, *mcp.GetPromptRequest, struct{}) (*mcp.GetPromptResult, error) {
			//mcplint:ignore typed-nil-error the trap on purpose: mcptool must treat it as success
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "hi"}}}}, check("x")
		},
	}, mcptool.WithLogger(h.logger))
	h.connect()

	res, rpcErr := h.readResource("items://all")
	require.Nil(t, rpcErr, "%s", rpcErr)
	assert.Contains(t, string(res), `"text":"ok"`)
	res, rpcErr = h.getPrompt("p", nil)
	require.Nil(t, rpcErr, "%s", rpcErr)
	assert.Contains(t, string(res), `"text":"hi"`)
	assert.Equal(t, 2, strings.Count(h.logs.String(), "rule=typed-nil-error"))
}
