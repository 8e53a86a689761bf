package goplsbuild_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/textproto"
	"os/exec"
	"strconv"
	"sync"
	"testing"
	"time"
)

// lspClient speaks LSP's base protocol (Content-Length framed JSON-RPC) to a language server
// on its standard input and output, as an editor does. It answers the server's own requests
// (configuration, progress, capability registration) with empty results, and hands every
// notification to the test.
type lspClient struct {
	t     *testing.T
	cmd   *exec.Cmd
	in    io.WriteCloser
	mu    sync.Mutex
	next  int
	calls map[int]chan rpcMessage
	notes chan rpcMessage
	done  chan struct{}
}

type rpcMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

func startLSP(t *testing.T, cmd *exec.Cmd) *lspClient {
	t.Helper()
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &lspClient{t: t, cmd: cmd, in: in, calls: map[int]chan rpcMessage{}, notes: make(chan rpcMessage, 256), done: make(chan struct{})}
	go c.read(bufio.NewReader(out))
	t.Cleanup(func() {
		in.Close()
		select {
		case <-c.done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
		}
		cmd.Wait()
	})
	return c
}

func (c *lspClient) read(r *bufio.Reader) {
	defer close(c.done)
	tp := textproto.NewReader(r)
	for {
		header, err := tp.ReadMIMEHeader()
		if err != nil {
			return
		}
		n, err := strconv.Atoi(header.Get("Content-Length"))
		if err != nil {
			return
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(r, body); err != nil {
			return
		}
		var m rpcMessage
		if err := json.Unmarshal(body, &m); err != nil {
			continue
		}
		switch {
		case m.Method != "" && m.ID != nil:
			c.answer(m)
		case m.Method != "":
			select {
			case c.notes <- m:
			default: // a test that stopped listening must not block the reader
			}
		default:
			id, _ := strconv.Atoi(string(m.ID))
			c.mu.Lock()
			ch := c.calls[id]
			delete(c.calls, id)
			c.mu.Unlock()
			if ch != nil {
				ch <- m
			}
		}
	}
}

// answer replies to a request from the server: workspace/configuration gets one empty
// settings object per item asked, everything else null.
func (c *lspClient) answer(m rpcMessage) {
	var result any
	if m.Method == "workspace/configuration" {
		var p struct{ Items []any }
		json.Unmarshal(m.Params, &p)
		cfgs := make([]map[string]any, len(p.Items))
		for i := range cfgs {
			cfgs[i] = map[string]any{}
		}
		result = cfgs
	}
	c.send(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": result})
}

func (c *lspClient) send(v any) {
	body, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprintf(c.in, "Content-Length: %d\r\n\r\n%s", len(body), body)
}

// call sends a request and waits for its response.
func (c *lspClient) call(method string, params any, result any) {
	c.t.Helper()
	c.mu.Lock()
	c.next++
	id := c.next
	ch := make(chan rpcMessage, 1)
	c.calls[id] = ch
	c.mu.Unlock()
	c.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	select {
	case m := <-ch:
		if m.Error != nil {
			c.t.Fatalf("%s: error %d: %s", method, m.Error.Code, m.Error.Message)
		}
		if result != nil {
			if err := json.Unmarshal(m.Result, result); err != nil {
				c.t.Fatalf("%s: decoding %s: %v", method, m.Result, err)
			}
		}
	case <-c.done:
		c.t.Fatalf("%s: the server exited", method)
	case <-time.After(3 * time.Minute):
		c.t.Fatalf("%s: no answer in 3 minutes", method)
	}
}

func (c *lspClient) notify(method string, params any) {
	c.send(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}
