package wiretruth

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Answer kinds that are not a JSON-RPC response.
const (
	// NotSpoken: the server answered the handshake with another revision.
	NotSpoken = "not spoken"
	// ProcessExits: the server process died answering the call.
	ProcessExits = "process exits"
	// StartupExits: the server process died before it answered the handshake.
	StartupExits = "process exits at start-up"
	// NoAnswer: the process lives but sent no response within the wait.
	NoAnswer = "no answer"
	// RequestFails: over HTTP, the process lives but the request got no JSON-RPC response
	// (the connection was closed or the status was an error).
	RequestFails = "request fails"
)

// answerWait bounds one call; the harness servers answer in milliseconds.
const answerWait = 10 * time.Second

// tap is a transport that keeps the raw JSON of every response the client reads.
type tap struct {
	mcp.Transport
	mu          sync.Mutex
	responses   map[string][]byte
	lastRequest string
}

func (t *tap) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &tapConn{Connection: c, t: t}, nil
}

type tapConn struct {
	mcp.Connection
	t *tap
}

func (c *tapConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if resp, ok := msg.(*jsonrpc.Response); ok && err == nil {
		data, _ := jsonrpc.EncodeMessage(resp)
		c.t.mu.Lock()
		c.t.responses[fmt.Sprint(resp.ID.Raw())] = data
		c.t.mu.Unlock()
	}
	return msg, err
}

func (c *tapConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if req, ok := msg.(*jsonrpc.Request); ok && req.ID.IsValid() {
		c.t.mu.Lock()
		c.t.lastRequest = fmt.Sprint(req.ID.Raw())
		c.t.mu.Unlock()
	}
	return c.Connection.Write(ctx, msg)
}

// answer is the raw response to the last request the client sent, or nil.
func (t *tap) answer() []byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.responses[t.lastRequest]
}

// Drive starts srv once for outcome o, speaking revision, and returns what the client got.
func Drive(ctx context.Context, srv *Server, o Outcome, revision string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 3*answerWait)
	defer cancel()
	args := o.Flags
	var endpoint string
	if o.HTTP {
		addr, err := freeAddress()
		if err != nil {
			return "", err
		}
		args = append(append([]string{}, o.Flags...), "-http", addr)
		endpoint = "http://" + addr + "/"
		if srv.SDK == MCPGo {
			endpoint = "http://" + addr + "/mcp"
		}
	}
	cmd := exec.Command(srv.Binary, args...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return "", err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return "", err
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return "", err
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	defer func() {
		_ = cmd.Process.Kill()
		<-exited
	}()
	dead := func() bool {
		select {
		case <-exited:
			return true
		case <-time.After(500 * time.Millisecond):
			return false
		}
	}

	var transport mcp.Transport = &mcp.IOTransport{Reader: stdout, Writer: stdin}
	if o.HTTP {
		if !listening(endpoint, exited) {
			if dead() {
				return StartupExits, nil
			}
			return "", fmt.Errorf("%s@%s does not listen at %s\n%s", srv.SDK, srv.Version, endpoint, stderr.Bytes())
		}
		transport = &mcp.StreamableClientTransport{Endpoint: endpoint}
	}
	t := &tap{Transport: transport, responses: map[string][]byte{}}
	client := mcp.NewClient(&mcp.Implementation{Name: "wiretruth", Version: "v0"}, nil)
	session, err := client.Connect(ctx, t, &mcp.ClientSessionOptions{ProtocolVersion: revision})
	if err != nil {
		if dead() {
			return StartupExits, nil
		}
		return "", fmt.Errorf("handshake of %s@%s at %s: %v\n%s", srv.SDK, srv.Version, revision, err, stderr.Bytes())
	}
	defer session.Close()
	if got := session.InitializeResult().ProtocolVersion; got != revision {
		return NotSpoken, nil
	}

	callCtx, cancelCall := context.WithTimeout(ctx, answerWait)
	defer cancelCall()
	if o.Resource {
		_, err = session.ReadResource(callCtx, &mcp.ReadResourceParams{URI: o.Target})
	} else {
		args := o.Args
		if args == nil {
			args = map[string]any{}
		}
		_, err = session.CallTool(callCtx, &mcp.CallToolParams{Name: o.Target, Arguments: args})
	}
	raw := t.answer()
	switch {
	case raw != nil:
		return describe(raw, o.Resource)
	case dead():
		return ProcessExits, nil
	case errors.Is(err, context.DeadlineExceeded) || callCtx.Err() != nil:
		return NoAnswer, nil
	case o.HTTP && err != nil:
		return RequestFails, nil
	default:
		return "", fmt.Errorf("%s@%s %s at %s: no response and no exit: %v", srv.SDK, srv.Version, o.ID, revision, err)
	}
}

// freeAddress is a loopback address with a port nothing listens on now.
func freeAddress() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

// listening waits until endpoint's host accepts connections, or the process exits.
func listening(endpoint string, exited <-chan struct{}) bool {
	host := strings.TrimPrefix(endpoint, "http://")
	host, _, _ = strings.Cut(host, "/")
	deadline := time.Now().Add(answerWait)
	for time.Now().Before(deadline) {
		if c, err := net.DialTimeout("tcp", host, 200*time.Millisecond); err == nil {
			c.Close()
			return true
		}
		select {
		case <-exited:
			return false
		case <-time.After(50 * time.Millisecond):
		}
	}
	return false
}

// describe renders a raw JSON-RPC response in the table's words: "error CODE: message",
// "result null", or the parts of a result a rule's message can depend on.
func describe(raw []byte, resource bool) (string, error) {
	var resp struct {
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Code    int64  `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(raw, &resp); err != nil {
		return "", fmt.Errorf("response %s: %v", raw, err)
	}
	if resp.Error != nil {
		return fmt.Sprintf("error %d: %s", resp.Error.Code, oneLine(resp.Error.Message)), nil
	}
	if len(resp.Result) == 0 || string(resp.Result) == "null" {
		return "result null", nil
	}
	if resource {
		return "result " + oneLine(string(resp.Result)), nil
	}
	var res struct {
		Content []struct {
			Text string `json:"text"`
		} `json:"content"`
		StructuredContent json.RawMessage `json:"structuredContent"`
		IsError           bool            `json:"isError"`
	}
	if err := json.Unmarshal(resp.Result, &res); err != nil {
		return "", fmt.Errorf("result %s: %v", resp.Result, err)
	}
	var b strings.Builder
	if res.IsError {
		b.WriteString("tool error")
	} else {
		b.WriteString("result")
	}
	var texts []string
	for _, c := range res.Content {
		texts = append(texts, fmt.Sprintf("%q", c.Text))
	}
	fmt.Fprintf(&b, " text=[%s]", strings.Join(texts, ","))
	if len(res.StructuredContent) > 0 {
		fmt.Fprintf(&b, " structured=%s", res.StructuredContent)
	}
	return b.String(), nil
}

// oneLine keeps a message on one table line and short enough to read.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return s
}
