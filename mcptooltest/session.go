package mcptooltest

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

// Connect starts a go-sdk server on which register adds definitions
// (mcptool.Add, AddResource, AddResourceTemplate, AddPrompt) and returns a
// real go-sdk client connected to it in memory. Close the session when done;
// when t has a Cleanup method (*testing.T does) it is closed for you. A
// connection failure fails t and returns nil.
func Connect(t TB, register func(s *mcp.Server)) *mcp.ClientSession {
	t.Helper()
	cs, closeFn, err := connectServer(register)
	if err != nil {
		t.Errorf("mcptooltest: connecting an in-memory client: %v", err)
		return nil
	}
	if c, ok := t.(interface{ Cleanup(func()) }); ok {
		c.Cleanup(closeFn)
	}
	return cs
}

// connectServer is Connect without a TB: the session and the function that
// closes it and waits for the server side to end.
func connectServer(register func(s *mcp.Server)) (*mcp.ClientSession, func(), error) {
	ctx := context.Background()
	s := mcp.NewServer(&mcp.Implementation{Name: "mcptooltest", Version: "v0"}, &mcp.ServerOptions{Logger: slog.New(slog.DiscardHandler)})
	register(s)
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		return nil, nil, err
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "mcptooltest", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		_ = ss.Close()
		return nil, nil, err
	}
	return cs, func() { _ = cs.Close(); _ = ss.Wait() }, nil
}

// quiet is the logger the one-shot helpers register with, so definition
// warnings do not clutter test output (mcptool.Check reports them).
var quiet = mcptool.WithLogger(slog.New(slog.DiscardHandler))

// ReadResource registers r on a fresh server, reads uri through a real
// go-sdk client, and returns the result, or the JSON-RPC error the client
// received. Any other failure (the connection, a malformed response) fails t.
func ReadResource(t TB, r mcptool.Resource, uri string) (*mcp.ReadResourceResult, *jsonrpc.Error) {
	t.Helper()
	return read(t, func(s *mcp.Server) { mcptool.AddResource(s, r, quiet) }, uri)
}

// ReadResourceTemplate is ReadResource for a resource template: uri is a
// concrete URI the template should match.
func ReadResourceTemplate[P any](t TB, tmpl mcptool.ResourceTemplate[P], uri string) (*mcp.ReadResourceResult, *jsonrpc.Error) {
	t.Helper()
	return read(t, func(s *mcp.Server) { mcptool.AddResourceTemplate(s, tmpl, quiet) }, uri)
}

func read(t TB, register func(*mcp.Server), uri string) (*mcp.ReadResourceResult, *jsonrpc.Error) {
	t.Helper()
	cs, closeFn, err := connectServer(register)
	if err != nil {
		t.Errorf("mcptooltest: connecting an in-memory client: %v", err)
		return nil, nil
	}
	defer closeFn()
	res, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri})
	return res, protocolError(t, "reading "+uri, err)
}

// GetPrompt registers p on a fresh server, gets it with args through a real
// go-sdk client, and returns the result or the JSON-RPC error.
func GetPrompt[A any](t TB, p mcptool.Prompt[A], args map[string]string) (*mcp.GetPromptResult, *jsonrpc.Error) {
	t.Helper()
	cs, closeFn, err := connectServer(func(s *mcp.Server) { mcptool.AddPrompt(s, p, quiet) })
	if err != nil {
		t.Errorf("mcptooltest: connecting an in-memory client: %v", err)
		return nil, nil
	}
	defer closeFn()
	res, err := cs.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: p.Name, Arguments: args})
	return res, protocolError(t, "getting prompt "+p.Name, err)
}

// protocolError returns the JSON-RPC error in err, failing t for any other
// error.
func protocolError(t TB, what string, err error) *jsonrpc.Error {
	t.Helper()
	if err == nil {
		return nil
	}
	var wire *jsonrpc.Error
	if errors.As(err, &wire) {
		return wire
	}
	t.Errorf("mcptooltest: %s: not a JSON-RPC error: %v", what, err)
	return nil
}

// CheckProtocolError checks that err is what a client receives when a
// resource or prompt handler fails with an mcperr error of code: that code
// (for NotFound from a resource, go-sdk's mcp.ResourceNotFoundError, which
// clients know), and data.reason when reason is not empty.
func CheckProtocolError(t TB, err *jsonrpc.Error, code mcperr.Code, reason string) {
	t.Helper()
	if err == nil {
		t.Errorf("mcptooltest: want a JSON-RPC error with code %d (%s), got success", int(code), code.String())
		return
	}
	if err.Code != int64(code) && (code != mcperr.CodeNotFound || !resourceNotFound(err)) {
		t.Errorf("mcptooltest: JSON-RPC error code %d (%q), want %d (%s)", err.Code, err.Message, int(code), code.String())
	}
	if reason == "" {
		return
	}
	var data struct {
		Reason string `json:"reason"`
	}
	if len(err.Data) == 0 || json.Unmarshal(err.Data, &data) != nil || data.Reason != reason {
		t.Errorf("mcptooltest: JSON-RPC error data %s, want reason %q", err.Data, reason)
	}
}

// resourceNotFound reports whether err is go-sdk's mcp.ResourceNotFoundError:
// -32602 since go-sdk v1.7.0, -32002 with MCPGODEBUG=customresnotfounderrcode=1.
// The message tells it from another InvalidParams (and from mcperr before it moved Conflict
// off -32002).
func resourceNotFound(err *jsonrpc.Error) bool {
	return (err.Code == jsonrpc.CodeInvalidParams || err.Code == -32002) && err.Message == "Resource not found"
}
