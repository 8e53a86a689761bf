// Package live lists what a running MCP server serves, over stdio with go-sdk's command
// transport or over streamable HTTP. It is apart from package surface so that the analyzers,
// which use surface, do not link an MCP client (the golangci-lint plugin links every analyzer).
package live

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
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
func HTTP(ctx context.Context, url string, cmd *exec.Cmd, clientVersion string) (*surface.Surface, error) {
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
		t := &mcp.StreamableClientTransport{Endpoint: url, DisableStandaloneSSE: true, MaxRetries: -1}
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
	c.next++
	id, err := jsonrpc.MakeID(float64(c.next))
	if err != nil {
		return err
	}
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	if err := c.conn.Write(ctx, &jsonrpc.Request{ID: id, Method: method, Params: p}); err != nil {
		return err
	}
	for {
		msg, err := c.conn.Read(ctx)
		if err != nil {
			return err
		}
		switch m := msg.(type) {
		case *jsonrpc.Response:
			if m.ID != id {
				continue
			}
			if m.Error != nil {
				return m.Error
			}
			return json.Unmarshal(m.Result, result)
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
