// Package tools is a mark3labs server's tool layer: definitions built by constructors and
// registered in package srv with handlers that delegate here, tool types that make their
// definition and handler through an interface, and a registration helper whose handlers take
// a client the helper's adapter makes first.
package tools

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Deps is what the delegates get besides the request.
type Deps struct{ Token string }

func NewListTool() mcp.Tool {
	return mcp.NewTool("list", mcp.WithDescription("Lists the items."))
}

// HandleList is a delegate of srv's handler, with a parameter before the SDK's: it sends the
// model's bad limit as a JSON-RPC error (tool-error-as-protocol-error), which only a run that
// follows the delegate across packages can tell.
func HandleList(d Deps, ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, err := strconv.Atoi(req.GetString("limit", "10"))
	if err != nil {
		return nil, fmt.Errorf("limit: %w", err)
	}
	if _, err := lookup(n); err != nil {
		return mcp.NewToolResultErrorFromErr("list", err), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

func lookup(n int) (string, error) {
	if n > 100 {
		return "", errors.New("too many")
	}
	return "", nil
}

// Impl is a tool type: its definition and handler come from its methods.
type Impl interface {
	Definition() mcp.Tool
	Handler() server.ToolHandlerFunc
}

// Register adds a tool type's definition and handler.
func Register(s *server.MCPServer, i Impl) {
	s.AddTool(i.Definition(), i.Handler())
}

type Echo struct{}

func (Echo) Definition() mcp.Tool {
	return mcp.NewTool("echo", mcp.WithDescription("Echoes the text."), mcp.WithString("text", mcp.Description("The text.")))
}

func (Echo) Handler() server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(req.GetString("text", "")), nil
	}
}

// Client is what the query handlers are given.
type Client struct{}

// QueryHandler is the layer's handler type: the SDK's request and a client.
type QueryHandler func(ctx context.Context, req mcp.CallToolRequest, c *Client, verbose bool) (*mcp.CallToolResult, error)

// withClient answers itself when it cannot make a client, then passes the handler's results
// through: the handler has the SDK handler's semantics.
func withClient(h QueryHandler) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		c, err := newClient(req.GetString("url", ""))
		if err != nil {
			return mcp.NewToolResultError("no client: " + err.Error()), nil
		}
		return h(ctx, req, c, false)
	}
}

func newClient(url string) (*Client, error) {
	if url == "bad" {
		return nil, errors.New("bad url")
	}
	return &Client{}, nil
}

// RegisterQuery hands its handler to withClient: what its callers give is a handler.
func RegisterQuery(s *server.MCPServer, name string, h QueryHandler) {
	s.AddTool(mcp.NewTool(name, mcp.WithDescription("Runs a query.")), withClient(h))
}

// HandleQuery drops its cause too.
func HandleQuery(ctx context.Context, req mcp.CallToolRequest, c *Client, verbose bool) (*mcp.CallToolResult, error) {
	if _, err := lookup(1000); err != nil {
		return nil, fmt.Errorf("query: %v", err)
	}
	return mcp.NewToolResultText("ok"), nil
}

// Command is a tool type whose handler is its own method, registered as a method value
// (gin-vue-admin's McpTool registry).
type Command interface {
	New() mcp.Tool
	Handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error)
}

// RegisterCommands adds each command's definition with its Handle method.
func RegisterCommands(s *server.MCPServer, cmds ...Command) {
	for _, c := range cmds {
		s.AddTool(c.New(), c.Handle)
	}
}

type Ping struct{}

func (*Ping) New() mcp.Tool {
	return mcp.NewTool("ping", mcp.WithDescription("Answers pong."))
}

func (*Ping) Handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("pong"), nil
}

// MakeHandler makes a tool's handler; srv registers what it returns, directly and through
// AddMade, a helper whose registration's handler is its call (gitlab-mcp-server's
// MakeMetaHandler behind AddMetaTool).
func MakeHandler(prefix string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(prefix + req.GetString("text", "")), nil
	}
}

// AddMade registers a tool named name with the handler MakeHandler makes.
func AddMade(s *server.MCPServer, name string) {
	s.AddTool(mcp.NewTool(name, mcp.WithDescription("Answers with a prefix.")), MakeHandler(name))
}

// registry holds commands added from init functions (gin-vue-admin's toolRegister).
var registry = map[string]Command{}

func init() { registry["pong"] = &Pong{} }

// RegisterRegistry adds every command of the registry.
func RegisterRegistry(s *server.MCPServer) {
	for _, c := range registry {
		s.AddTool(c.New(), c.Handle)
	}
}

type Pong struct{}

func (*Pong) New() mcp.Tool {
	return mcp.NewTool("pong", mcp.WithDescription("Answers ping."))
}

func (*Pong) Handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ping"), nil
}

// Spec is a table entry of the server's own: a definition built elsewhere, registered here
// from the field (Escape's ToolSpec).
type Spec struct {
	Tool mcp.Tool
	Text string
}

// RegisterSpecs adds each spec's definition with a handler made for it.
func RegisterSpecs(s *server.MCPServer, specs []Spec) {
	for _, sp := range specs {
		s.AddTool(sp.Tool, specHandler(sp))
	}
}

func specHandler(sp Spec) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(sp.Text), nil
	}
}

// Typed is a tool type's typed side: Validated makes its SDK handler (TheHiveMCP's
// WithValidation behind BaseTool.Handler).
type Typed[P any] interface {
	Handle(ctx context.Context, params P) (string, error)
}

// Validated binds the arguments and turns the typed handler's error into a tool error.
func Validated[P any](t Typed[P]) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var p P
		if err := req.BindArguments(&p); err != nil {
			return mcp.NewToolResultError("invalid arguments: " + err.Error()), nil
		}
		out, err := t.Handle(ctx, p)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(out), nil
	}
}
