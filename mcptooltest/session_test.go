package mcptooltest_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
	"github.com/mcplint-go/mcplint/mcptooltest"
)

// fakeStore is a dependency whose state a case sets.
type fakeStore struct {
	down  atomic.Bool
	items map[string]string
}

func (s *fakeStore) get(id string) (string, bool, error) {
	if s.down.Load() {
		return "", false, fmt.Errorf("dial store: connection refused")
	}
	v, ok := s.items[id]
	return v, ok, nil
}

type getIn struct {
	ID string `json:"id" jsonschema:"item ID"`
}

type getOut struct {
	Value string `json:"value" jsonschema:"the item"`
}

func storeTool(store *fakeStore) mcptool.Tool[getIn, getOut] {
	return mcptool.Tool[getIn, getOut]{
		Name: "get", Description: "Get an item.",
		Errors: []mcptool.ErrorContract{
			{Reason: "no_item", Code: mcperr.CodeNotFound, When: "No item has the ID.", Recovery: "List the items, then pass a listed ID."},
			{Reason: "store_down", Code: mcperr.CodeServiceUnavailable, When: "The store is unreachable.", Recovery: "Wait a minute, then call the tool again.", Retryable: true},
		},
		Handler: func(_ context.Context, call *mcptool.Call, in getIn) (getOut, error) {
			v, ok, err := store.get(in.ID)
			switch {
			case err != nil:
				return getOut{}, call.Fail("store_down", "", mcperr.WithCause(err))
			case !ok:
				return getOut{}, call.Fail("no_item", "no item "+in.ID)
			}
			return getOut{Value: v}, nil
		},
	}
}

// store_down cannot be reached by any input: only a Setup puts the store in
// that state.
func TestCheckCasesDrivenByState(t *testing.T) {
	store := &fakeStore{items: map[string]string{"a": "apple"}}
	down := func() func() { store.down.Store(true); return func() { store.down.Store(false) } }

	r := &recorder{}
	mcptooltest.CheckCases(r, storeTool(store), map[string]mcptooltest.Case[getIn]{
		"no_item":    {In: getIn{ID: "zz"}},
		"store_down": {In: getIn{ID: "a"}, Setup: down},
	})
	assert.Empty(t, r.errors)
	assert.Empty(t, r.logs)
	assert.False(t, store.down.Load(), "the restore function ran")

	// Without the Setup the same input succeeds, and the check says so.
	r = &recorder{}
	mcptooltest.CheckCases(r, storeTool(store), map[string]mcptooltest.Case[getIn]{
		"store_down": {In: getIn{ID: "a"}},
	})
	require.Len(t, r.errors, 1)
	assert.Contains(t, r.errors[0], `reason "store_down": the result is not an error`)
}

type itemParams struct {
	ID string `uri:"id"`
}

func itemTemplate(store *fakeStore) mcptool.ResourceTemplate[itemParams] {
	return mcptool.ResourceTemplate[itemParams]{
		URITemplate: "items://{id}", Name: "item", Description: "One item.",
		Handler: func(_ context.Context, req *mcp.ReadResourceRequest, p itemParams) (*mcp.ReadResourceResult, error) {
			v, ok, err := store.get(p.ID)
			switch {
			case err != nil:
				return nil, mcperr.ServiceUnavailable("the store is unreachable", mcperr.WithReason("store_down"), mcperr.WithCause(err))
			case !ok:
				return nil, mcperr.NotFound("no item " + p.ID)
			}
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: v}}}, nil
		},
	}
}

func TestReadResourceTemplate(t *testing.T) {
	store := &fakeStore{items: map[string]string{"a": "apple"}}
	res, err := mcptooltest.ReadResourceTemplate(t, itemTemplate(store), "items://a")
	require.Nil(t, err)
	assert.Equal(t, "apple", res.Contents[0].Text)

	_, err = mcptooltest.ReadResourceTemplate(t, itemTemplate(store), "items://zz")
	mcptooltest.CheckProtocolError(t, err, mcperr.CodeNotFound, "")
	assert.JSONEq(t, `{"uri":"items://zz"}`, string(err.Data))

	store.down.Store(true)
	_, err = mcptooltest.ReadResourceTemplate(t, itemTemplate(store), "items://a")
	mcptooltest.CheckProtocolError(t, err, mcperr.CodeServiceUnavailable, "store_down")
	assert.NotContains(t, string(err.Data), "connection refused", "the cause stays on the server")

	// The check fails when the code or reason differ.
	r := &recorder{}
	mcptooltest.CheckProtocolError(r, err, mcperr.CodeTimeout, "store_down")
	mcptooltest.CheckProtocolError(r, err, mcperr.CodeServiceUnavailable, "other")
	mcptooltest.CheckProtocolError(r, nil, mcperr.CodeServiceUnavailable, "")
	require.Len(t, r.errors, 3)
	assert.Contains(t, r.errors[0], "want -32004 (Timeout)")
	assert.Contains(t, r.errors[1], `want reason "other"`)
	assert.Contains(t, r.errors[2], "got success")
}

func TestReadResource(t *testing.T) {
	r := mcptool.Resource{
		URI: "items://all", Name: "items", Description: "All items.",
		Handler: func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return nil, mcperr.Forbidden("the caller may not list items")
		},
	}
	_, err := mcptooltest.ReadResource(t, r, "items://all")
	mcptooltest.CheckProtocolError(t, err, mcperr.CodeForbidden, "")
	assert.Equal(t, "the caller may not list items", err.Message)
}

type greetArgs struct {
	Name string `json:"name" jsonschema:"who to greet"`
}

func TestGetPrompt(t *testing.T) {
	p := mcptool.Prompt[greetArgs]{
		Name: "greet", Description: "Greet someone.",
		Handler: func(_ context.Context, _ *mcp.GetPromptRequest, a greetArgs) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Hello, " + a.Name}}}}, nil
		},
	}
	res, err := mcptooltest.GetPrompt(t, p, map[string]string{"name": "Ada"})
	require.Nil(t, err)
	assert.Equal(t, "Hello, Ada", res.Messages[0].Content.(*mcp.TextContent).Text)

	_, err = mcptooltest.GetPrompt(t, p, nil)
	mcptooltest.CheckProtocolError(t, err, mcperr.CodeInvalidParams, "")
	assert.Contains(t, err.Message, `requires argument "name"`)
}

func TestConnect(t *testing.T) {
	store := &fakeStore{items: map[string]string{"a": "apple"}}
	cs := mcptooltest.Connect(t, func(s *mcp.Server) {
		mcptool.Add(s, storeTool(store))
		mcptool.AddResourceTemplate(s, itemTemplate(store))
	})
	require.NotNil(t, cs)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "get", Arguments: map[string]any{"id": "a"}})
	require.NoError(t, err)
	assert.False(t, res.IsError)
	list, err := cs.ListResourceTemplates(context.Background(), nil)
	require.NoError(t, err)
	require.Len(t, list.ResourceTemplates, 1)
}
