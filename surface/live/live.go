// Package live lists what a running MCP server serves, over stdio with go-sdk's command
// transport or over streamable HTTP. It is apart from package surface so that the analyzers,
// which use surface, do not link an MCP client (the golangci-lint plugin links every analyzer).
package live

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/surface"
)

// List starts cmd as an MCP server over stdio (go-sdk's command transport), initializes a
// session, lists everything it serves (every page), and returns it as a surface holding the
// entries exactly as they came over the wire: the session speaks JSON-RPC itself rather than
// through go-sdk's typed client, whose types would re-encode what the server sent (a hint
// the server left out would come back as false). Lists the server does not announce in its
// capabilities are empty.
func List(ctx context.Context, cmd *exec.Cmd, clientVersion string) (*surface.Surface, error) {
	t := &mcp.CommandTransport{Command: cmd, TerminateDuration: 2 * time.Second}
	conn, err := t.Connect(ctx)
	if err != nil {
		return nil, fmt.Errorf("starting %s: %w", cmd.Path, err)
	}
	defer conn.Close()
	c := &rawClient{conn: conn}
	caps, err := c.initialize(ctx, clientVersion)
	if err != nil {
		return nil, err
	}
	return c.lists(ctx, caps)
}

// HTTP lists what a server serving MCP's streamable HTTP transport at url lists, as List
// does over stdio. cmd, when not nil, is started first (the server it runs needs a moment to
// listen: connecting is retried until ctx ends) and interrupted afterwards.
func HTTP(ctx context.Context, url string, header http.Header, cmd *exec.Cmd, clientVersion string) (*surface.Surface, error) {
	if cmd != nil {
		if err := cmd.Start(); err != nil {
			return nil, fmt.Errorf("starting %s: %w", cmd.Path, err)
		}
		defer func() {
			_ = cmd.Process.Signal(os.Interrupt)
			done := make(chan struct{})
			go func() { _ = cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(2 * time.Second):
				_ = cmd.Process.Kill()
				<-done
			}
		}()
	}
	for {
		t := &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: httpClient(header), DisableStandaloneSSE: true, MaxRetries: -1}
		conn, err := t.Connect(ctx)
		if err != nil {
			return nil, fmt.Errorf("connecting to %s: %w", url, err)
		}
		c := &rawClient{conn: conn}
		caps, err := c.initialize(ctx, clientVersion)
		if err == nil {
			s, err := c.lists(ctx, caps)
			conn.Close()
			return s, err
		}
		conn.Close()
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("%s: %w (last: %v)", url, ctx.Err(), err)
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// httpClient is a client that sends header with every request (an HTTP server that needs a
// token), or nil for the transport's default.
func httpClient(header http.Header) *http.Client {
	if len(header) == 0 {
		return nil
	}
	return &http.Client{Transport: headerTransport{header: header, next: http.DefaultTransport}}
}

type headerTransport struct {
	header http.Header
	next   http.RoundTripper
}

func (t headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, vs := range t.header {
		r.Header.Del(k)
		for _, v := range vs {
			r.Header.Add(k, v)
		}
	}
	return t.next.RoundTrip(r)
}

// ParseHeader reads a header given as "Name: value".
func ParseHeader(s string) (name, value string, err error) {
	name, value, ok := strings.Cut(s, ":")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.ContainsAny(name, " \t") {
		return "", "", fmt.Errorf("header %q: write it as 'Name: value'", s)
	}
	return http.CanonicalHeaderKey(name), strings.TrimSpace(value), nil
}

// initialize opens the session and returns the server's capabilities.
func (c *rawClient) initialize(ctx context.Context, clientVersion string) (map[string]json.RawMessage, error) {
	var init struct {
		Capabilities map[string]json.RawMessage `json:"capabilities"`
	}
	if err := c.call(ctx, "initialize", map[string]any{
		"protocolVersion": "2025-06-18",
		// Announce what full clients do, so servers that list some tools only to such clients
		// (a tool that asks the user to confirm through elicitation) list them.
		"capabilities": map[string]any{"elicitation": map[string]any{}, "sampling": map[string]any{}, "roots": map[string]any{}},
		"clientInfo":   map[string]any{"name": "mcplint", "version": clientVersion},
	}, &init); err != nil {
		return nil, fmt.Errorf("initialize: %w", err)
	}
	if err := c.conn.Write(ctx, &jsonrpc.Request{Method: "notifications/initialized", Params: json.RawMessage(`{}`)}); err != nil {
		return nil, fmt.Errorf("notifications/initialized: %w", err)
	}
	return init.Capabilities, nil
}

// lists reads every list the capabilities announce.
func (c *rawClient) lists(ctx context.Context, caps map[string]json.RawMessage) (*surface.Surface, error) {
	s := &surface.Surface{Tools: []*surface.Entry{}, Resources: []*surface.Entry{}, ResourceTemplates: []*surface.Entry{}, Prompts: []*surface.Entry{}}
	lists := []struct {
		capability, method, key string
		dst                     *[]*surface.Entry
	}{
		{"tools", "tools/list", "tools", &s.Tools},
		{"resources", "resources/list", "resources", &s.Resources},
		{"resources", "resources/templates/list", "resourceTemplates", &s.ResourceTemplates},
		{"prompts", "prompts/list", "prompts", &s.Prompts},
	}
	for _, l := range lists {
		if _, ok := caps[l.capability]; !ok {
			continue
		}
		if err := c.list(ctx, l.method, l.key, l.dst); err != nil {
			return nil, fmt.Errorf("%s: %w", l.method, err)
		}
	}
	s.Sort()
	return s, nil
}

// rawClient sends requests one at a time and reads until their response, answering any
// request the server makes with method-not-found.
type rawClient struct {
	conn mcp.Connection
	next int64
}

func (c *rawClient) call(ctx context.Context, method string, params, result any) error {
	_, resp, err := c.roundTrip(ctx, method, params)
	if err != nil {
		return err
	}
	if resp.Error != nil {
		return resp.Error
	}
	return json.Unmarshal(resp.Result, result)
}

// roundTrip sends one request and reads until its response. It returns the request as sent.
func (c *rawClient) roundTrip(ctx context.Context, method string, params any) (json.RawMessage, *jsonrpc.Response, error) {
	c.next++
	id, err := jsonrpc.MakeID(float64(c.next))
	if err != nil {
		return nil, nil, err
	}
	p, err := json.Marshal(params)
	if err != nil {
		return nil, nil, err
	}
	req := &jsonrpc.Request{ID: id, Method: method, Params: p}
	sent, err := jsonrpc.EncodeMessage(req)
	if err != nil {
		return nil, nil, err
	}
	if err := c.conn.Write(ctx, req); err != nil {
		return sent, nil, err
	}
	for {
		msg, err := c.conn.Read(ctx)
		if err != nil {
			return sent, nil, err
		}
		switch m := msg.(type) {
		case *jsonrpc.Response:
			if m.ID != id {
				continue // the late answer to a request given up on
			}
			return sent, m, nil
		case *jsonrpc.Request:
			if m.ID.IsValid() {
				_ = c.conn.Write(ctx, &jsonrpc.Response{ID: m.ID, Error: &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "mcplint answers no requests"}})
			}
		}
	}
}

// list reads every page of a list method into dst.
func (c *rawClient) list(ctx context.Context, method, key string, dst *[]*surface.Entry) error {
	cursor := ""
	for page := 0; ; page++ {
		if page > 10000 {
			return fmt.Errorf("more than 10000 pages; the server's cursors do not end")
		}
		params := map[string]any{}
		if cursor != "" {
			params["cursor"] = cursor
		}
		var res map[string]json.RawMessage
		if err := c.call(ctx, method, params, &res); err != nil {
			return err
		}
		var entries []*surface.Entry
		if raw, ok := res[key]; ok {
			if err := json.Unmarshal(raw, &entries); err != nil {
				return fmt.Errorf("reading %s: %w", key, err)
			}
		}
		for _, e := range entries {
			if e != nil {
				*dst = append(*dst, e)
			}
		}
		cursor = ""
		if raw, ok := res["nextCursor"]; ok {
			_ = json.Unmarshal(raw, &cursor)
		}
		if cursor == "" {
			return nil
		}
	}
}
