package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/surface"
)

// Target says how to reach a server for a Session.
type Target struct {
	// Command starts the server. With URL empty it speaks MCP over its standard input and
	// output (go-sdk's command transport); with URL set it is started first and is expected
	// to serve there. Empty with URL set: the server is already running.
	Command []string
	// Env is the server's environment; nil means mcplint's.
	Env []string
	// URL is the streamable HTTP endpoint, Header what every request to it carries.
	URL    string
	Header http.Header
	// ClientVersion is announced in initialize.
	ClientVersion string
	// StartTimeout bounds starting the server and initializing the session.
	StartTimeout time.Duration
}

// Session is an initialized session with a server, which it may have started.
type Session struct {
	conn   mcp.Connection
	client *rawClient
	caps   map[string]json.RawMessage
	cmd    *exec.Cmd
	stdio  bool
	tail   *Tail
	exited chan struct{} // closed when a process started for HTTP has exited
	closed bool
}

// Exit says how a server process ended.
type Exit struct {
	// Status is the process's exit status as Go words it ("exit status 2", "signal: killed").
	Status string
	// Stderr holds the last lines the server wrote to its standard error.
	Stderr []string
}

func (e *Exit) Error() string {
	if len(e.Stderr) == 0 {
		return "the server exited (" + e.Status + ") and wrote nothing to its standard error"
	}
	return "the server exited (" + e.Status + "); the last lines of its standard error:\n\t" + strings.Join(e.Stderr, "\n\t")
}

// Start starts the target's server when it has a command, and initializes a session. When
// the server exits before the session is up, the error is an *Exit.
func Start(ctx context.Context, t Target) (*Session, error) {
	if t.StartTimeout <= 0 {
		t.StartTimeout = time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, t.StartTimeout)
	defer cancel()
	s := &Session{tail: NewTail(20)}
	var cmd *exec.Cmd
	if len(t.Command) > 0 {
		cmd = exec.Command(t.Command[0], t.Command[1:]...)
		cmd.Env = t.Env
		cmd.Stderr = s.tail
		s.cmd = cmd
	}
	if t.URL == "" {
		if cmd == nil {
			return nil, errors.New("no command to start and no URL")
		}
		s.stdio = true
		conn, err := (&mcp.CommandTransport{Command: cmd, TerminateDuration: 2 * time.Second}).Connect(ctx)
		if err != nil {
			return nil, fmt.Errorf("starting %s: %w", cmd.Path, err)
		}
		s.conn, s.client = conn, &rawClient{conn: conn}
		caps, err := s.client.initialize(ctx, t.ClientVersion)
		if err != nil {
			return nil, s.startFailure(ctx, err)
		}
		s.caps = caps
		return s, nil
	}
	if cmd != nil {
		cmd.Stdout = s.tail // an HTTP server's standard output is only its log
		if err := cmd.Start(); err != nil {
			return nil, fmt.Errorf("starting %s: %w", cmd.Path, err)
		}
		s.exited = make(chan struct{})
		go func() { _ = cmd.Wait(); close(s.exited) }()
	}
	for {
		tr := &mcp.StreamableClientTransport{Endpoint: t.URL, HTTPClient: httpClient(t.Header), DisableStandaloneSSE: true, MaxRetries: -1}
		conn, err := tr.Connect(ctx)
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("connecting to %s: %w", t.URL, err)
		}
		s.conn, s.client = conn, &rawClient{conn: conn}
		caps, err := s.client.initialize(ctx, t.ClientVersion)
		if err == nil {
			s.caps = caps
			return s, nil
		}
		conn.Close()
		if exit := s.exit(0); exit != nil {
			s.Close()
			return nil, exit
		}
		select {
		case <-ctx.Done():
			s.Close()
			return nil, fmt.Errorf("%s: no session within %s (last: %v)%s", t.URL, t.StartTimeout, err, s.tailNote())
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// startFailure closes a stdio session whose initialize failed and says why: the server's
// exit, or the error with what the server last wrote.
func (s *Session) startFailure(ctx context.Context, err error) error {
	timedOut := ctx.Err() != nil
	if exit := s.exit(0); exit != nil && !timedOut {
		return exit
	}
	s.Close()
	if timedOut {
		return fmt.Errorf("the server did not answer initialize in time%s", s.tailNote())
	}
	return fmt.Errorf("%w%s", err, s.tailNote())
}

func (s *Session) tailNote() string {
	if lines := s.tail.Lines(); len(lines) > 0 {
		return "; the last lines of its standard error:\n\t" + strings.Join(lines, "\n\t")
	}
	return ""
}

// exit returns how the server process ended, or nil when it has not (or was not started
// here). Over stdio the session is closed first, which waits for the process; over HTTP it
// waits up to grace for the process to end.
func (s *Session) exit(grace time.Duration) *Exit {
	if s.cmd == nil {
		return nil
	}
	if s.stdio {
		s.Close()
	} else {
		select {
		case <-s.exited:
		case <-time.After(grace):
			return nil
		}
	}
	ps := s.cmd.ProcessState
	if ps == nil {
		return nil
	}
	if ws, ok := ps.Sys().(interface{ Signal() syscall.Signal }); ok && !ps.Exited() && s.stdio && (ws.Signal() == syscall.SIGTERM || ws.Signal() == syscall.SIGKILL) {
		return nil // stopped by Close: the server had not ended on its own
	}
	return &Exit{Status: s.cmd.ProcessState.String(), Stderr: s.tail.Lines()}
}

// Restartable reports whether the session's server was started here, so a new one can be.
func (s *Session) Restartable() bool { return s.cmd != nil }

// Lists reads every list the server's capabilities announce, entries as they came.
func (s *Session) Lists(ctx context.Context) (*surface.Surface, error) {
	return s.client.lists(ctx, s.caps)
}

// Exchange is one request and what came of it.
type Exchange struct {
	// Request is the JSON-RPC request as sent; Response the response as received, nil when
	// none came.
	Request  json.RawMessage
	Response json.RawMessage
	// Exit is set when the server exited instead of answering.
	Exit *Exit
	// TimedOut is set when no answer came within the timeout; the request was then
	// cancelled.
	TimedOut bool
	// Err is any other failure of the transport.
	Err error
}

// Call sends one request and waits up to timeout for its response.
func (s *Session) Call(ctx context.Context, method string, params any, timeout time.Duration) Exchange {
	if s.closed {
		return Exchange{Err: errors.New("the session is closed")}
	}
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, resp, err := s.client.roundTrip(cctx, method, params)
	x := Exchange{Request: req}
	if err == nil {
		x.Response, x.Err = jsonrpc.EncodeMessage(resp)
		return x
	}
	switch {
	case ctx.Err() != nil:
		x.Err = ctx.Err()
	case cctx.Err() != nil:
		x.TimedOut = true
		// Tell the server to stop; its late answer, if any, is skipped by request ID.
		id := s.client.next
		_ = s.conn.Write(ctx, &jsonrpc.Request{Method: "notifications/cancelled", Params: json.RawMessage(fmt.Sprintf(`{"requestId":%d,"reason":"mcplint probe: timed out"}`, id))})
	default:
		if x.Exit = s.exit(time.Second); x.Exit == nil {
			x.Err = err
		}
	}
	return x
}

// Close ends the session and stops a server started here (stdio: closing its input, then
// SIGTERM and SIGKILL as go-sdk does; HTTP: an interrupt, then SIGKILL after two seconds).
func (s *Session) Close() {
	if s.closed {
		return
	}
	s.closed = true
	if s.conn != nil {
		_ = s.conn.Close() // over stdio this waits for the process
	}
	if s.cmd != nil && !s.stdio && s.cmd.Process != nil {
		_ = s.cmd.Process.Signal(os.Interrupt)
		select {
		case <-s.exited:
		case <-time.After(2 * time.Second):
			_ = s.cmd.Process.Kill()
			<-s.exited
		}
	}
	if s.cmd != nil && s.stdio && s.cmd.Process != nil && s.cmd.ProcessState == nil {
		// The transport never got to wait (a failed start): do not leave the process behind.
		_ = s.cmd.Process.Kill()
		_ = s.cmd.Wait()
	}
}

// Tail keeps the last lines written to it, and the head of a Go panic or fatal error (the
// message and the frames that say where), which goroutine dumps push out of the last lines.
type Tail struct {
	mu      sync.Mutex
	max     int
	lines   []string
	partial []byte
	panic   []string // from the first "panic: " or "fatal error: " line, up to panicLines
}

const panicLines = 8

// NewTail keeps the last max lines.
func NewTail(max int) *Tail { return &Tail{max: max} }

// Write keeps the last lines of what the child process prints (io.Writer).
func (t *Tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	data := append(t.partial, p...)
	for {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			break
		}
		t.add(string(bytes.TrimRight(data[:i], "\r")))
		data = data[i+1:]
	}
	if len(data) > 4096 { // a line without end: keep its start
		data = data[:4096]
	}
	t.partial = append([]byte(nil), data...)
	return len(p), nil
}

func (t *Tail) add(line string) {
	if len(line) > 1000 {
		line = line[:1000] + "…"
	}
	switch {
	case t.panic == nil && (strings.HasPrefix(line, "panic: ") || strings.HasPrefix(line, "fatal error: ")):
		t.panic = []string{line}
	case t.panic != nil && len(t.panic) < panicLines && line != "":
		t.panic = append(t.panic, line)
	}
	t.lines = append(t.lines, line)
	if len(t.lines) > t.max {
		t.lines = t.lines[len(t.lines)-t.max:]
	}
}

// Lines returns the kept lines, with an unfinished last line; after a panic, its head.
func (t *Tail) Lines() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.panic != nil {
		return append([]string(nil), t.panic...)
	}
	out := append([]string(nil), t.lines...)
	if len(t.partial) > 0 {
		out = append(out, string(t.partial))
	}
	if len(out) > t.max {
		out = out[len(out)-t.max:]
	}
	return out
}

var _ io.Writer = (*Tail)(nil)
