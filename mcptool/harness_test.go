package mcptool_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"
)

// capture records every response the client reads, as raw wire JSON, so
// tests assert what a client receives rather than a re-marshalled value.
type capture struct {
	mu        sync.Mutex
	responses map[string]json.RawMessage // request ID -> response frame
}

type captureTransport struct {
	inner mcp.Transport
	cap   *capture
}

func (t *captureTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.inner.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &captureConn{Connection: c, cap: t.cap}, nil
}

type captureConn struct {
	mcp.Connection
	cap *capture
}

func (c *captureConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if err == nil {
		if resp, ok := msg.(*jsonrpc.Response); ok {
			b, merr := jsonrpc.EncodeMessage(resp)
			if merr == nil {
				id, _ := json.Marshal(resp.ID.Raw())
				c.cap.mu.Lock()
				c.cap.responses[string(id)] = b
				c.cap.mu.Unlock()
			}
		}
	}
	return msg, err
}

// frames returns every captured response frame.
func (c *capture) frames() []json.RawMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []json.RawMessage
	for _, b := range c.responses {
		out = append(out, b)
	}
	return out
}

type harness struct {
	t       *testing.T
	server  *mcp.Server
	session *mcp.ClientSession
	cap     *capture
	logs    *syncBuffer
	logger  *slog.Logger
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	logs := &syncBuffer{}
	logger := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0.0.1"}, &mcp.ServerOptions{Logger: logger})
	return &harness{t: t, server: server, cap: &capture{responses: map[string]json.RawMessage{}}, logs: logs, logger: logger}
}

// connect starts the session; call it after registering everything.
func (h *harness) connect() {
	h.t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := h.server.Connect(ctx, st, nil)
	require.NoError(h.t, err)
	client := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v0.0.1"}, nil)
	cs, err := client.Connect(ctx, &captureTransport{inner: ct, cap: h.cap}, nil)
	require.NoError(h.t, err)
	h.session = cs
	h.t.Cleanup(func() {
		_ = cs.Close()
		_ = ss.Wait()
	})
}

// rawResponse returns the raw JSON-RPC response frame whose result or
// error matches pred, located by running call and diffing the capture.
func (h *harness) rawCall(call func() error) (result, rpcErr json.RawMessage) {
	h.t.Helper()
	before := map[string]bool{}
	for _, f := range h.cap.frames() {
		before[string(f)] = true
	}
	_ = call()
	var frame json.RawMessage
	for _, f := range h.cap.frames() {
		if !before[string(f)] {
			require.Nil(h.t, frame, "more than one new response frame")
			frame = f
		}
	}
	require.NotNil(h.t, frame, "no response frame captured")
	var msg struct {
		Result json.RawMessage `json:"result"`
		Error  json.RawMessage `json:"error"`
	}
	require.NoError(h.t, json.Unmarshal(frame, &msg))
	return msg.Result, msg.Error
}

// callTool calls a tool and returns the raw result or error JSON.
func (h *harness) callTool(name string, args any) (result, rpcErr json.RawMessage) {
	h.t.Helper()
	return h.rawCall(func() error {
		_, err := h.session.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
		return err
	})
}

func (h *harness) readResource(uri string) (result, rpcErr json.RawMessage) {
	h.t.Helper()
	return h.rawCall(func() error {
		_, err := h.session.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri})
		return err
	})
}

func (h *harness) getPrompt(name string, args map[string]string) (result, rpcErr json.RawMessage) {
	h.t.Helper()
	return h.rawCall(func() error {
		_, err := h.session.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: name, Arguments: args})
		return err
	})
}

// stripCache removes the cache-control fields go-sdk v1.8.0 adds to read
// results, which are not this library's concern.
func stripCache(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(raw, &m))
	delete(m, "ttlMs")
	delete(m, "cacheScope")
	b, err := json.Marshal(m)
	require.NoError(t, err)
	return string(b)
}
