package mcptool_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

// apiKey is the credential a handler puts in its upstream URL's query.
const apiKey = "AIzaSy-live-key-0123456789"

// fetchFails makes a real request that fails (the server is closed) to a URL carrying apiKey,
// and returns the *url.Error net/http builds, whose text quotes the URL with its query.
func fetchFails(ctx context.Context) error {
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	addr := srv.URL
	srv.Close()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, addr+"/v1/items?key="+apiKey, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err == nil {
		resp.Body.Close()
		return fmt.Errorf("the closed server answered")
	}
	return err
}

type fetchIn struct {
	Mode string `json:"mode" jsonschema:"how the handler reports the failure"`
}

type fetchOut struct {
	N int `json:"n" jsonschema:"items fetched"`
}

func addFetchers(h *harness, opts ...mcptool.Option) {
	mcptool.Add(h.server, mcptool.Tool[fetchIn, fetchOut]{
		Name:        "fetch",
		Description: "Fetch the items.",
		Handler: func(ctx context.Context, call *mcptool.Call, in fetchIn) (fetchOut, error) {
			err := fetchFails(ctx)
			switch in.Mode {
			case "classified":
				return fetchOut{}, mcperr.ServiceUnavailable("items API: "+err.Error(), mcperr.WithData("upstream", err.Error()))
			default: // a plain error, classified by mcptool
				return fetchOut{}, fmt.Errorf("fetching items: %w", err)
			}
		},
	}, append([]mcptool.Option{mcptool.WithLogger(h.logger)}, opts...)...)
	mcptool.AddResource(h.server, mcptool.Resource{
		URI: "items://all", Name: "items", Description: "All items.",
		Handler: func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return nil, fmt.Errorf("reading items: %w", fetchFails(ctx))
		},
	}, append([]mcptool.Option{mcptool.WithLogger(h.logger)}, opts...)...)
}

// TestRedactionRoundTrip: through a real go-sdk client, the key in a failed request's URL
// never reaches the wire, whether the handler's error is classified or plain, a tool result
// or a resource's protocol error; WithoutRedaction sends it as written.
func TestRedactionRoundTrip(t *testing.T) {
	h := newHarness(t)
	addFetchers(h)
	h.connect()
	for _, mode := range []string{"classified", "plain"} {
		res, rpcErr := h.callTool("fetch", map[string]any{"mode": mode})
		require.Nil(t, rpcErr, mode)
		assert.NotContains(t, string(res), apiKey, mode)
		assert.Contains(t, string(res), "key=[REDACTED]", mode)
		assert.Contains(t, string(res), `"isError":true`, mode)
	}
	res, rpcErr := h.readResource("items://all")
	require.Nil(t, res)
	assert.NotContains(t, string(rpcErr), apiKey)
	assert.Contains(t, string(rpcErr), "key=[REDACTED]")
	assert.Contains(t, h.logs.String(), apiKey, "the server's own log keeps the full error")

	plain := newHarness(t)
	addFetchers(plain, mcptool.WithoutRedaction())
	plain.connect()
	res, _ = plain.callTool("fetch", map[string]any{"mode": "plain"})
	assert.Contains(t, string(res), apiKey, "WithoutRedaction sends the text as written")
}

func TestErrorResultRedacts(t *testing.T) {
	res := mcptool.ErrorResult(fmt.Errorf("calling https://api.example.com/x?token=%s: timeout", apiKey))
	text := res.Content[0].(*mcp.TextContent).Text
	assert.NotContains(t, text, apiKey)
	assert.NotContains(t, string(res.StructuredContent.(json.RawMessage)), apiKey)
}
