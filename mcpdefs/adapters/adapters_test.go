package adapters_test

import (
	"fmt"
	"go/types"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/adapters"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

// prelude starts every case's package: the go-sdk, mark3labs' server, and a server.
const prelude = `package p

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

var (
	_ = errors.New
	_ = fmt.Errorf
	_ = json.Unmarshal
	_ = reflect.ValueOf
	_ = mcp.NewTool
	_ = server.NewMCPServer
)

var gs = gomcp.NewServer(&gomcp.Implementation{Name: "s", Version: "1"}, nil)

// HardError is an error type an adapter may single out.
type HardError struct{}

func (*HardError) Error() string { return "hard" }
`

// describe says what recognition made of the function named target, or of the method
// Execute (or "none"), then the
// adapters it could not map and whether a server's middleware converts tool errors.
func describe(pass *analysis.Pass, res *mcpdefs.Result) string {
	var out []string
	for _, h := range res.Handlers {
		if h.Name != "target" && h.Name != "Execute" {
			continue
		}
		mode := map[mcpmodel.ErrorMode]string{mcpmodel.ToolError: "tool", mcpmodel.ProtocolError: "protocol"}[h.Errors]
		s := fmt.Sprintf("%s errors=%s via=%s", h.Flavour, mode, h.Shape)
		for _, t := range h.Except {
			s += " except=" + types.TypeString(t, types.RelativeTo(pass.Pkg))
		}
		for _, flag := range []struct {
			set  bool
			name string
		}{{h.ResultDiscarded, "discarded"}, {h.ResultDereferenced, "dereferenced"}, {h.ErrorsConverted, "converted"}, {h.DelegateOf != nil, "delegate"}} {
			if flag.set {
				s += " " + flag.name
			}
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		out = append(out, "none")
	}
	for _, u := range res.Unmapped {
		out = append(out, "unmapped "+u.Adapter.Name()+": "+u.Reason)
	}
	for _, s := range res.Servers {
		if s.ToolErrorsAsResults {
			out = append(out, "server converts")
		}
	}
	return strings.Join(out, "; ")
}

// recognise loads each case as a package of its own under root (one load for all) and
// returns, by package name, what describe says of it.
func recognise(t *testing.T, root string, sources map[string]string) map[string]string {
	t.Helper()
	files := map[string]string{}
	for name, src := range sources {
		files["inline/"+root+"/"+name] = src
	}
	pkgs, err := fixtures.LoadSources(files)
	if err != nil {
		t.Fatal(err)
	}
	return fixtures.PerPackage(t, pkgs, mcpdefs.Analyzer, func(pass *analysis.Pass) string {
		return describe(pass, pass.ResultOf[mcpdefs.Analyzer].(*mcpdefs.Result))
	})
}

// lowAdapter is a converting adapter: a go-sdk low-level handler that calls fn and turns its
// error into what branch returns.
func lowAdapter(branch string) string {
	return `func adapt(fn func(context.Context, string) (string, error)) gomcp.ToolHandler {
	return func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		out, err := fn(ctx, req.Params.Name)
		if err != nil {
			` + branch + `
		}
		return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: out}}}, nil
	}
}

func target(ctx context.Context, name string) (string, error) { return "", errors.New("x") }

func init() { gs.AddTool(&gomcp.Tool{Name: "t"}, adapt(target)) }
`
}

// helperAdapter is an adapter that hands the wrapped function's error to a helper of the
// package, which returns onError when the error is not nil.
func helperAdapter(onError string) string {
	return `func adapt(fn func(context.Context, string) (string, error)) gomcp.ToolHandler {
	return func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		out, err := fn(ctx, req.Params.Name)
		return textResult(out, err), nil
	}
}

func textResult(out string, err error) *gomcp.CallToolResult {
	if err != nil {
		return ` + onError + `
	}
	return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: out}}}
}

func target(ctx context.Context, name string) (string, error) { return "", errors.New("x") }

func init() { gs.AddTool(&gomcp.Tool{Name: "t"}, adapt(target)) }
`
}

// TestAdapters: a function the module hands to one of its adapters is a handler with the
// error semantics the adapter's branch on its error gives it, however the adapter reaches
// it (a parameter, a field, an interface method, reflection, a pass-through, a delegate);
// an adapter whose branch does not say is listed as unmapped with the reason.
func TestAdapters(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"toolerror", lowAdapter(`return &gomcp.CallToolResult{IsError: true}, nil`), "AdaptedTool errors=tool via=adapter:parameter"},
		// The error returned unchanged: the function has the SDK handler's own semantics.
		{"protocolerror", lowAdapter(`return nil, err`), "GoSDKTool errors=protocol via=adapter:parameter"},
		{"branchinit", `func adapt(fn func(context.Context) error) gomcp.ToolHandler {
	return func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		if err := fn(ctx); err != nil {
			return &gomcp.CallToolResult{IsError: true}, nil
		}
		return &gomcp.CallToolResult{}, nil
	}
}

func target(ctx context.Context) error { return errors.New("x") }

func init() { gs.AddTool(&gomcp.Tool{Name: "t"}, adapt(target)) }
`, "AdaptedTool errors=tool via=adapter:parameter"},
		{"except", lowAdapter(`var hard *HardError
			if errors.As(err, &hard) {
				return nil, err
			}
			return &gomcp.CallToolResult{IsError: true}, nil`), "AdaptedTool errors=tool via=adapter:parameter except=*HardError"},
		{"exceptsame", lowAdapter(`var hard *HardError
			if errors.As(err, &hard) {
				return &gomcp.CallToolResult{IsError: true}, nil
			}
			return nil, err`), "AdaptedTool errors=protocol via=adapter:parameter except=*HardError"},
		{"exceptunreadable", lowAdapter(`var hard *HardError
			if errors.As(err, &hard) {
				return nil, nil
			}
			return &gomcp.CallToolResult{IsError: true}, nil`),
			"none; unmapped adapt: the adapter's errors.As branch returns neither the error nor an IsError result"},
		{"dropped", strings.Replace(lowAdapter(`return nil, err`), "out, err := fn(ctx, req.Params.Name)\n\t\tif err != nil {", "out, _ := fn(ctx, req.Params.Name)\n\t\tif false {\n\t\t\tvar err error", 1),
			"none; unmapped adapt: the wrapped function's error is not assigned to a variable the adapter tests"},
		{"nobranch", strings.Replace(lowAdapter(`return nil, err`), "if err != nil {\n\t\t\treturn nil, err\n\t\t}", "_ = err", 1),
			"none; unmapped adapt: the adapter does not branch on the wrapped function's error"},
		// No branch: the error goes to a helper of the package that makes an IsError result
		// when it is given one (rancher-mcp-server's NewTextResult); a helper that keeps the
		// error's text in a plain result converts nothing.
		{"helperconverts", helperAdapter(`&gomcp.CallToolResult{IsError: true, Content: []gomcp.Content{&gomcp.TextContent{Text: err.Error()}}}`),
			"AdaptedTool errors=tool via=adapter:parameter"},
		{"helperkeepstext", helperAdapter(`&gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: err.Error()}}}`),
			"none; unmapped adapt: the adapter does not branch on the wrapped function's error"},
		// Error paths that disagree for another reason than the error's type: a sentinel,
		// a flag. The error is a tool error on some paths and a protocol error on none for
		// sure (converted), rather than an unmapped adapter.
		{"mixedsentinel", lowAdapter(`if errors.Is(err, errNotFound) {
				return &gomcp.CallToolResult{IsError: true}, nil
			}
			return nil, err`) + "\nvar errNotFound = errors.New(\"not found\")\n", "AdaptedTool errors=tool via=adapter:parameter converted"},
		{"mixedflag", lowAdapter(`if strict {
				return nil, err
			}
			return &gomcp.CallToolResult{IsError: true}, nil`) + "\nvar strict bool\n", "AdaptedTool errors=tool via=adapter:parameter converted"},
		// No branch: the error goes to a helper that returns the error it is given, through
		// another helper (openchoreo's handleDeprecatedToolResult): the SDK handler's own way.
		{"helperpasses", `func handleResult(result any, err error) (*gomcp.CallToolResult, any, error) {
	if err != nil {
		return nil, nil, err
	}
	return &gomcp.CallToolResult{}, result, nil
}

func handleDeprecated(name string, result any, err error) (*gomcp.CallToolResult, any, error) {
	res, out, rerr := handleResult(result, err)
	if rerr != nil || res == nil {
		return res, out, rerr
	}
	return res, out, nil
}

func adapt(fn func(context.Context, string) (any, error)) gomcp.ToolHandlerFor[struct{}, any] {
	return func(ctx context.Context, req *gomcp.CallToolRequest, in struct{}) (*gomcp.CallToolResult, any, error) {
		out, err := fn(ctx, req.Params.Name)
		return handleDeprecated("t", out, err)
	}
}

func target(ctx context.Context, name string) (any, error) { return nil, errors.New("x") }

func init() { gomcp.AddTool(gs, &gomcp.Tool{Name: "t"}, adapt(target)) }
`, "AdaptedTool errors=tool via=adapter:parameter"},
		// Near miss: a helper that drops the error it is given on one path maps nothing.
		{"helperdrops", `func handleResult(result any, err error) (*gomcp.CallToolResult, any, error) {
	if err != nil && result != nil {
		return &gomcp.CallToolResult{}, result, nil
	}
	if err != nil {
		return nil, nil, err
	}
	return &gomcp.CallToolResult{}, result, nil
}

func adapt(fn func(context.Context, string) (any, error)) gomcp.ToolHandlerFor[struct{}, any] {
	return func(ctx context.Context, req *gomcp.CallToolRequest, in struct{}) (*gomcp.CallToolResult, any, error) {
		out, err := fn(ctx, req.Params.Name)
		return handleResult(out, err)
	}
}

func target(ctx context.Context, name string) (any, error) { return nil, errors.New("x") }

func init() { gomcp.AddTool(gs, &gomcp.Tool{Name: "t"}, adapt(target)) }
`, "none; unmapped adapt: the adapter does not branch on the wrapped function's error"},
		// A dependency the handler is built with (last9-mcp-server's deps.hasAnyAPMTelemetry):
		// its failure is a warning, and what it returns decides a branch but is never
		// returned. No function is adapted (nor left unmapped): the handler is the SDK's.
		{"dependencyfield", `type deps struct {
	present func(context.Context, string) (bool, error)
}

func newHandler(d deps) gomcp.ToolHandler {
	return func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		note := "found"
		ok, err := d.present(ctx, req.Params.Name)
		if err != nil {
			note = "presence could not be confirmed"
		} else if !ok {
			note = "absent"
		}
		return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: note}}}, nil
	}
}

func present(ctx context.Context, name string) (bool, error) { return false, errors.New("x") }

func init() { gs.AddTool(&gomcp.Tool{Name: "t"}, newHandler(deps{present: present})) }
`, "none"},
		{"branchneither", lowAdapter(`return nil, nil`),
			"none; unmapped adapt: the adapter's error branch returns neither the error nor an IsError result"},
		{"branchnoreturn", lowAdapter(`panic(err)`),
			"none; unmapped adapt: the adapter's error branch does not end in a return of every result"},
		{"invertedbranch", `func adapt(fn func(context.Context, string) (string, error)) gomcp.ToolHandler {
	return func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		out, err := fn(ctx, req.Params.Name)
		if err == nil {
			return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: out}}}, nil
		}
		return &gomcp.CallToolResult{IsError: true}, nil
	}
}

func target(ctx context.Context, name string) (string, error) { return "", errors.New("x") }

func init() { gs.AddTool(&gomcp.Tool{Name: "t"}, adapt(target)) }
`, "AdaptedTool errors=tool via=adapter:parameter"},
		{"field", `type Tool struct {
	Name    string
	Handler func(ctx context.Context, args map[string]any) (string, error)
}

func register(tools []Tool) {
	for _, tool := range tools {
		gs.AddTool(&gomcp.Tool{Name: tool.Name}, func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
			out, err := tool.Handler(ctx, nil)
			if err != nil {
				return &gomcp.CallToolResult{IsError: true}, nil
			}
			return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: out}}}, nil
		})
	}
}

func target(ctx context.Context, args map[string]any) (string, error) { return "", errors.New("x") }

var tools = []Tool{{Name: "t", Handler: target}}
`, "AdaptedTool errors=tool via=adapter:field"},
		// A constructor stores its parameter in the field an adapter method calls, and the
		// function returns the server's own result type, which the adapter converts
		// (razorpay's mcpgo.NewTool and toMCPServerTool): what callers give the constructor
		// is the handler.
		{"fieldparam", `type Result struct {
	Text    string
	IsError bool
}

type impl struct {
	name    string
	handler func(ctx context.Context, args any) (*Result, error)
}

func NewTool(name string, handler func(ctx context.Context, args any) (*Result, error)) *impl {
	return &impl{name: name, handler: handler}
}

func (t *impl) toServerTool() server.ServerTool {
	return server.ServerTool{Tool: mcp.NewTool(t.name), Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		result, err := t.handler(ctx, req.Params.Arguments)
		if err != nil {
			return nil, err
		}
		if result.IsError {
			return mcp.NewToolResultError(result.Text), nil
		}
		return mcp.NewToolResultText(result.Text), nil
	}}
}

func target(ctx context.Context, args any) (*Result, error) { return nil, errors.New("x") }

func init() {
	s := server.NewMCPServer("a", "1")
	s.AddTools(NewTool("t", target).toServerTool())
}
`, "MarkLabsTool errors=protocol via=adapter:field discarded dereferenced"},
		// The struct holding the field is an element of a map the adapter's factory is given
		// (gitlab-mcp-server's MakeMetaHandler: route, ok := routes[input.Action];
		// route.Handler(ctx, params)).
		{"fieldelement", `type Route struct {
	Handler func(ctx context.Context, args map[string]any) (string, error)
}

func makeHandler(routes map[string]Route) gomcp.ToolHandler {
	return func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		route, ok := routes[req.Params.Name]
		if !ok {
			return &gomcp.CallToolResult{IsError: true}, nil
		}
		out, err := route.Handler(ctx, nil)
		if err != nil {
			return &gomcp.CallToolResult{IsError: true}, nil
		}
		return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: out}}}, nil
	}
}

func target(ctx context.Context, args map[string]any) (string, error) { return "", errors.New("x") }

func init() { gs.AddTool(&gomcp.Tool{Name: "t"}, makeHandler(map[string]Route{"a": {Handler: target}})) }
`, "AdaptedTool errors=tool via=adapter:field"},
		// The handler hands its request to a helper of the package that decodes it and calls an
		// interface method of its own parameter with it (SafeLine's handleToolCall): the
		// implementations are not followed, which the run's coverage must say.
		{"helperinterface", `type Executor interface {
	Execute(ctx context.Context, params map[string]any) (string, error)
}

func call(ctx context.Context, req *gomcp.CallToolRequest, e Executor) (*gomcp.CallToolResult, error) {
	var params map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &params); err != nil {
		return nil, err
	}
	out, err := e.Execute(ctx, params)
	if err != nil {
		return nil, err
	}
	return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: out}}}, nil
}

func register(e Executor) {
	gs.AddTool(&gomcp.Tool{Name: "t"}, func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		res, err := call(ctx, req, e)
		if err != nil {
			return nil, fmt.Errorf("call: %w", err)
		}
		return res, nil
	})
}
`, "none; unmapped register: the handler hands the tool's arguments to call, which calls the interface method e.Execute that recognition does not follow"},
		// The handler hands the decoded arguments to a method of the package's own tool
		// manager, which looks the tool up by name and calls its handler through an interface
		// (solace-broker-mcp's ToolManager.CallTool): the implementations are not followed.
		{"managerinterface", `type ToolHandler interface {
	Handle(ctx context.Context, params map[string]any) (*gomcp.CallToolResult, error)
}

type Manager struct{ handlers map[string]ToolHandler }

func (m *Manager) CallTool(ctx context.Context, name string, params map[string]any) (*gomcp.CallToolResult, error) {
	h, ok := m.handlers[name]
	if !ok {
		return nil, fmt.Errorf("unknown tool %s", name)
	}
	return h.Handle(ctx, withoutBroker(params))
}

func withoutBroker(params map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range params {
		if k != "broker" {
			out[k] = v
		}
	}
	return out
}

func withRecovery(h gomcp.ToolHandler) gomcp.ToolHandler {
	return func(ctx context.Context, req *gomcp.CallToolRequest) (res *gomcp.CallToolResult, err error) {
		defer func() {
			if r := recover(); r != nil {
				res, err = nil, fmt.Errorf("panic: %v", r)
			}
		}()
		return h(ctx, req)
	}
}

func register(m *Manager, name string) {
	var handler gomcp.ToolHandler = func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		var params map[string]any
		if err := json.Unmarshal(req.Params.Arguments, &params); err != nil {
			return nil, err
		}
		return m.CallTool(ctx, name, params)
	}
	gs.AddTool(&gomcp.Tool{Name: name}, withRecovery(handler))
}
`, "none; unmapped register: the handler hands the tool's arguments to m.CallTool, which calls the interface method ToolHandler.Handle that recognition does not follow"},
		// Near miss: a helper handed the request that calls a service interface with values
		// it derived is no layer.
		{"helperservice", `type Store interface {
	Get(ctx context.Context, id string) (string, error)
}

func lookup(ctx context.Context, req *gomcp.CallToolRequest, s Store) (*gomcp.CallToolResult, error) {
	out, err := s.Get(ctx, req.Params.Name)
	if err != nil {
		return nil, err
	}
	return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: out}}}, nil
}

func register(s Store) {
	gs.AddTool(&gomcp.Tool{Name: "t"}, func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		res, err := lookup(ctx, req, s)
		if err != nil {
			return nil, fmt.Errorf("lookup: %w", err)
		}
		return res, nil
	})
}
`, "none"},
		{"fieldconflict", `type Tool struct {
	Handler func(ctx context.Context) (string, error)
}

func one(tool Tool) {
	gs.AddTool(&gomcp.Tool{Name: "a"}, func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		_, err := tool.Handler(ctx)
		if err != nil {
			return &gomcp.CallToolResult{IsError: true}, nil
		}
		return &gomcp.CallToolResult{}, nil
	})
}

func two(tool Tool) {
	gs.AddTool(&gomcp.Tool{Name: "b"}, func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		_, err := tool.Handler(ctx)
		if err != nil {
			return nil, err
		}
		return &gomcp.CallToolResult{}, nil
	})
}

func target(ctx context.Context) (string, error) { return "", errors.New("x") }

var tool = Tool{Handler: target}
`, "none; unmapped two: another adapter of the same field maps the error differently"},
		{"interface", `type Executor interface {
	Execute(ctx context.Context, args map[string]any) (string, error)
}

func register(e Executor) {
	gomcp.AddTool(gs, &gomcp.Tool{Name: "t"}, func(ctx context.Context, req *gomcp.CallToolRequest, args map[string]any) (*gomcp.CallToolResult, any, error) {
		out, err := e.Execute(ctx, args)
		if err != nil {
			return &gomcp.CallToolResult{IsError: true}, nil, nil
		}
		return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: out}}}, nil, nil
	})
}

type impl struct{}

func (impl) Execute(ctx context.Context, args map[string]any) (string, error) { return "", errors.New("x") }

func init() { register(impl{}) }
`, "AdaptedTool errors=tool via=adapter:interface"},
		{"reflect", `func adapt(fn any) gomcp.ToolHandler {
	return func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		out := reflect.ValueOf(fn).Call([]reflect.Value{reflect.ValueOf(ctx)})
		err, _ := out[1].Interface().(error)
		if err != nil {
			return &gomcp.CallToolResult{IsError: true}, nil
		}
		return &gomcp.CallToolResult{}, nil
	}
}

func target(ctx context.Context) (string, error) { return "", errors.New("x") }

func init() { gs.AddTool(&gomcp.Tool{Name: "t"}, adapt(target)) }
`, "AdaptedTool errors=tool via=adapter:reflect"},
		{"passthrough", `type Deps struct{}

func NewTool[In, Out any](tool gomcp.Tool, h func(ctx context.Context, deps Deps, req *gomcp.CallToolRequest, in In) (*gomcp.CallToolResult, Out, error)) gomcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *gomcp.CallToolRequest, in In) (*gomcp.CallToolResult, Out, error) {
		return h(ctx, Deps{}, req, in)
	}
}

func target(ctx context.Context, deps Deps, req *gomcp.CallToolRequest, in map[string]any) (*gomcp.CallToolResult, any, error) {
	return nil, nil, errors.New("x")
}

var _ = NewTool(gomcp.Tool{Name: "t"}, target)
`, "GoSDKTypedTool errors=tool via=adapter:pass-through"},
		{"delegate", `type logger struct{}

func target(ctx context.Context, req *gomcp.CallToolRequest, l logger) (*gomcp.CallToolResult, error) {
	return nil, errors.New("x")
}

func init() {
	gs.AddTool(&gomcp.Tool{Name: "t"}, func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		return target(ctx, req, logger{})
	})
}
`, "GoSDKTool errors=protocol via=delegate delegate"},
		{"delegatesdktyped", `func target(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	return nil, errors.New("x")
}

func init() {
	gs.AddTool(&gomcp.Tool{Name: "t"}, func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		return target(ctx, req)
	})
}
`, "GoSDKTool errors=protocol via=sdk-typed delegate"},
		{"partialdelegate", `func target(ctx context.Context, name string) (*gomcp.CallToolResult, error) {
	return nil, errors.New(name)
}

func init() {
	gs.AddTool(&gomcp.Tool{Name: "t"}, func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		if req == nil {
			return nil, errors.New("no request")
		}
		return target(ctx, "x")
	})
}
`, "GoSDKTool errors=protocol via=delegate delegate"},
		{"inspected", `func target(ctx context.Context) (*gomcp.CallToolResult, error) {
	return nil, errors.New("x")
}

func init() {
	gs.AddTool(&gomcp.Tool{Name: "t"}, func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		res, err := target(ctx)
		if err != nil {
			return &gomcp.CallToolResult{IsError: true}, nil
		}
		return res, nil
	})
}
`, "none"},
		{"middleware", `func target(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("x")
}

func converting(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

func init() {
	s := server.NewMCPServer("a", "1", server.WithToolHandlerMiddleware(converting))
	s.AddTool(mcp.NewTool("t"), target)
}
`, "MarkLabsTool errors=protocol via=sdk-typed converted; server converts"},
		{"middlewareswallows", `func target(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("x")
}

func swallowing(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return nil, nil
		}
		return res, nil
	}
}

func init() {
	s := server.NewMCPServer("a", "1", server.WithToolHandlerMiddleware(swallowing))
	s.AddTool(mcp.NewTool("t"), target)
}
`, "MarkLabsTool errors=protocol via=sdk-typed; unmapped swallowing: the adapter's error branch returns neither the error nor an IsError result"},
		{"middlewarepassing", `func target(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("x")
}

func passing(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return next(ctx, req)
	}
}

func init() {
	s := server.NewMCPServer("a", "1", server.WithToolHandlerMiddleware(passing))
	s.AddTool(mcp.NewTool("t"), target)
}
`, "MarkLabsTool errors=protocol via=sdk-typed"},
		{"gosdkmiddleware", `func target(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	return nil, errors.New("x")
}

func init() {
	s := gomcp.NewServer(&gomcp.Implementation{Name: "g", Version: "1"}, nil)
	s.AddReceivingMiddleware(func(next gomcp.MethodHandler) gomcp.MethodHandler {
		return func(ctx context.Context, method string, req gomcp.Request) (gomcp.Result, error) {
			res, err := next(ctx, method, req)
			if err != nil {
				r := &gomcp.CallToolResult{}
				r.SetError(err)
				return r, nil
			}
			return res, err
		}
	})
	s.AddTool(&gomcp.Tool{Name: "t"}, target)
}
`, "GoSDKTool errors=protocol via=sdk-typed converted; server converts"},
	}
	sources := map[string]string{}
	for _, c := range cases {
		sources[c.name] = prelude + c.src
	}
	got := recognise(t, "adapters", sources)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, got[c.name])
		})
	}
}

// TestAdapterAcrossPackages: a function handed to an adapter of another package of the
// module is recognised from the adapter's fact alone.
func TestAdapterAcrossPackages(t *testing.T) {
	adapter := strings.Replace(lowAdapter(`return &gomcp.CallToolResult{IsError: true}, nil`), "func adapt(", "func Adapt(", 1)
	adapter = adapter[:strings.Index(adapter, "func target")]
	got := recognise(t, "adaptersx", map[string]string{
		"lib": prelude + adapter,
		"use": strings.Replace(prelude, "import (", "import (\n\tlib \"fixtures/inline/adaptersx/lib\"", 1) + `
func target(ctx context.Context, name string) (string, error) { return "", errors.New("x") }

func init() { gs.AddTool(&gomcp.Tool{Name: "t"}, lib.Adapt(target)) }
`,
	})
	assert.Equal(t, "AdaptedTool errors=tool via=adapter:parameter", got["use"])
}

// TestAdapterFactString: the fact lists each wrap with what it does, for -v and debugging.
func TestAdapterFactString(t *testing.T) {
	f := &adapters.AdapterFact{Wraps: []adapters.Wrap{
		{Param: 1, Mapping: adapters.Mapping{Via: mcpmodel.ShapeParam, Errors: mcpmodel.ToolError, SDK: sdkapi.GoSDK}},
		{Param: -1, Method: "Execute", Mapping: adapters.Mapping{Via: mcpmodel.ShapeInterface, Errors: mcpmodel.ProtocolError, Except: []string{"*p.HardError"}}},
	}}
	want := fmt.Sprintf("adapter(param1 adapter:parameter errors=%d; adapter:interface errors=%d method=Execute except=*p.HardError)", mcpmodel.ToolError, mcpmodel.ProtocolError)
	assert.Equal(t, want, f.String())
	assert.Equal(t, "middleware(tool errors as results)", (&adapters.MiddlewareFact{}).String())
}
