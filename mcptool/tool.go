// Package mcptool defines MCP tools, resources and prompts on the official
// go-sdk with typed error contracts and error-path parity: every failure a
// client receives carries the same code, message, recovery hint and data in
// the text content (for clients that show only text) and in
// structuredContent.error (for clients that read only structured data).
//
// Add checks a definition at start-up with the rules mcplint applies
// statically: errors panic (as go-sdk does for definitions it cannot
// serve), warnings go to the logger.
package mcptool

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/internal/defcheck"
	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool/envelope"
)

// ErrorContract declares one failure mode of a tool: the public failure
// surface clients and agents can plan around (see [envelope.ErrorContract]).
type ErrorContract = envelope.ErrorContract

// Tool is a typed MCP tool. In must infer to a JSON object (a struct, a map,
// or a pointer to either); Out must be a struct (or a pointer to one).
type Tool[In, Out any] struct {
	Name        string
	Title       string
	Description string
	Annotations *mcp.ToolAnnotations
	// Scopes are OAuth scopes a caller's token must hold. They are enforced
	// when the request carries token information (go-sdk's auth middleware
	// sets it); a call without a token is not checked.
	Scopes []string
	Meta   mcp.Meta
	// Errors is the tool's error contract; Call.Fail builds errors from it.
	Errors []ErrorContract
	// Handler does the work. Return an *mcperr.Error (directly or wrapped)
	// to choose what the client sees; any other error is classified and
	// sent as code and message only. A *jsonrpc.Error returned unwrapped
	// becomes a JSON-RPC protocol error, as in go-sdk.
	Handler func(ctx context.Context, call *Call, in In) (Out, error)
	// Format renders the output as content for clients that show only text.
	// It must show every field (mcptooltest.CheckFormatParity checks it).
	// When nil, the output's JSON is the text, so parity holds by construction.
	Format func(Out) []mcp.Content
}

// Call is the per-request handle a handler receives. It is safe to use from
// the handler's goroutines for the duration of the call.
type Call struct {
	// Request is go-sdk's request: session, raw arguments, token info.
	Request *mcp.CallToolRequest

	tool     string
	contract []ErrorContract
	logger   *slog.Logger
}

type callKey struct{}

// CallFrom returns the Call of the tool invocation ctx belongs to, or nil.
// Services that receive only a context use it to reach RecoveryFor; its
// methods are safe on a nil *Call.
func CallFrom(ctx context.Context) *Call {
	c, _ := ctx.Value(callKey{}).(*Call)
	return c
}

// Tool returns the name of the tool being called.
func (c *Call) Tool() string {
	if c == nil {
		return ""
	}
	return c.tool
}

// Contract returns the declared entry for reason.
func (c *Call) Contract(reason string) (ErrorContract, bool) {
	if c == nil {
		return ErrorContract{}, false
	}
	for _, e := range c.contract {
		if e.Reason == reason {
			return e, true
		}
	}
	return ErrorContract{}, false
}

// Fail builds the error for a declared failure mode: the contract's code,
// data.reason = reason (written last, so no option overrides it), and the
// contract's recovery hint and retryability unless an option overrides
// them. An empty msg uses the contract's When.
//
// A reason the contract does not declare is a bug: Fail returns an
// InternalError naming the declared reasons (mcplint reports it statically
// as error-contract-unknown-reason).
func (c *Call) Fail(reason, msg string, opts ...mcperr.Option) *mcperr.Error {
	entry, ok := c.Contract(reason)
	if !ok {
		return c.undeclared(reason)
	}
	if msg == "" {
		msg = strings.TrimSpace(entry.When)
	}
	all := make([]mcperr.Option, 0, len(opts)+3)
	all = append(all, entryDefaults(entry)...)
	all = append(all, opts...)
	all = append(all, mcperr.WithReason(reason))
	return mcperr.New(entry.Code, msg, all...)
}

// FailHTTP builds the error for a declared failure mode from a failed
// upstream response: the message and data of mcperr.FromHTTPResponse (the
// status, service, Retry-After; the body only with mcperr.WithBody or
// WithBodyLimit, redacted), with the contract's code, reason, recovery hint
// and retryability. Options are applied as FromHTTPResponse applies them
// and override the contract's defaults; data.reason is written last. It
// always closes the body.
func (c *Call) FailHTTP(reason string, resp *http.Response, opts ...mcperr.Option) *mcperr.Error {
	upstream := mcperr.FromHTTPResponse(resp, opts...) // reads and closes the body in every case
	entry, ok := c.Contract(reason)
	if !ok {
		return c.undeclared(reason)
	}
	data := upstream.Data()
	all := make([]mcperr.Option, 0, len(data)+4)
	all = append(all, entryDefaults(entry)...)
	all = append(all, mcperr.WithCause(upstream.Cause()))
	for _, k := range slices.Sorted(maps.Keys(data)) {
		all = append(all, mcperr.WithData(k, data[k]))
	}
	all = append(all, mcperr.WithReason(reason))
	return mcperr.New(entry.Code, upstream.Message(), all...)
}

// entryDefaults are the options a declared entry contributes before the
// caller's: its recovery hint and its retryability.
func entryDefaults(entry ErrorContract) []mcperr.Option {
	opts := []mcperr.Option{mcperr.WithRetryable(entry.EffectiveRetryable())}
	if hint := strings.TrimSpace(entry.Recovery); hint != "" {
		opts = append(opts, mcperr.WithRecovery(hint))
	}
	return opts
}

// undeclared is the InternalError for a reason the contract lacks.
func (c *Call) undeclared(reason string) *mcperr.Error {
	declared := "none"
	if c != nil && len(c.contract) > 0 {
		declared = strings.Join(sortedReasons(c.contract), ", ")
	}
	e := mcperr.InternalError(fmt.Sprintf("tool %q failed with reason %q, which its error contract does not declare (declared: %s)", c.Tool(), reason, declared))
	if c != nil {
		c.logger.Error("mcptool: Fail called with an undeclared reason; add it to the tool's Errors or fix the call", "tool", c.tool, "reason", reason, "declared", declared)
	}
	return e
}

// RecoveryFor returns an option that sets the recovery hint declared for
// reason. For a reason the contract does not declare it does nothing (and
// logs), so it is safe to pass from services that do not know which tool
// called them.
func (c *Call) RecoveryFor(reason string) mcperr.Option {
	entry, ok := c.Contract(reason)
	if !ok {
		if c != nil && len(c.contract) > 0 {
			c.logger.Warn("mcptool: RecoveryFor called with an undeclared reason; no hint added", "tool", c.tool, "reason", reason)
		}
		return nil // mcperr skips nil options
	}
	return mcperr.WithRecovery(strings.TrimSpace(entry.Recovery))
}

// Option configures Add, AddResource, AddResourceTemplate and AddPrompt.
type Option func(*options)

type options struct {
	logger *slog.Logger
	// keepSecrets turns off the redaction of error text (WithoutRedaction).
	keepSecrets bool
}

// WithLogger sets where definition warnings and call failures are logged.
// go-sdk keeps its ServerOptions.Logger private, so pass the same logger
// here. The default is slog.Default().
func WithLogger(l *slog.Logger) Option {
	return func(o *options) { o.logger = l }
}

// WithoutRedaction sends error text as the handler wrote it. By default every
// error message and data value mcptool sends (tool results, and resource and
// prompt protocol errors, classified or not) goes through mcperr.Redact first,
// which removes tokens, Authorization values, secret-named fields, and URLs'
// userinfo and query values: a failed request's *url.Error quotes its URL,
// and a key in its query would otherwise reach the model. Use it only where
// error text cannot hold upstream data.
func WithoutRedaction() Option {
	return func(o *options) { o.keepSecrets = true }
}

func buildOptions(opts []Option) options {
	o := options{}
	for _, f := range opts {
		if f != nil {
			f(&o)
		}
	}
	if o.logger == nil {
		o.logger = slog.Default()
	}
	return o
}

// compiled is a checked tool with its schemas.
type compiled[In, Out any] struct {
	tool           Tool[In, Out]
	input          *jsonschema.Schema
	inputResolved  *jsonschema.Resolved
	output         *jsonschema.Schema
	outputResolved *jsonschema.Resolved
	advertised     *jsonschema.Schema
	outPointer     bool
}

func compile[In, Out any](t Tool[In, Out]) (*compiled[In, Out], []Finding) {
	var fs findings
	checkToolName(&fs, t.Name)
	if t.Handler == nil {
		fs.err(defcheck.RuleHandlerRequired, "Handler is nil, so every call would fail; set Handler")
	}
	checkDescription(&fs, "tool", t.Description)
	checkContract(&fs, t.Errors)
	checkScopes(&fs, t.Scopes)

	c := &compiled[In, Out]{tool: t}
	inType := reflect.TypeFor[In]()
	if inType == reflect.TypeFor[any]() {
		c.input = &jsonschema.Schema{Type: "object"}
	} else if s, err := inferSchema(inType); err != nil {
		fs.err(inferenceRule(err), "input type %s: %v; go-sdk cannot build a schema for it, fix or drop the field", inType, err)
	} else if s.Type != "object" {
		fs.err(defcheck.RuleSchemaIsObject, "input type %s infers to a JSON %s; MCP requires tool arguments to be an object, so use a struct", inType, schemaTypeName(s))
	} else {
		c.input = s
	}
	if c.input != nil {
		r, err := c.input.Resolve(&jsonschema.ResolveOptions{ValidateDefaults: true})
		if err != nil {
			fs.err(defcheck.RuleSchemaSerializable, "input type %s: its schema does not resolve: %v", inType, err)
		}
		c.inputResolved = r
	}

	outType := reflect.TypeFor[Out]()
	c.outPointer = outType.Kind() == reflect.Pointer
	if !structKind(outType) {
		fs.err(defcheck.RuleSchemaIsObject, "output type %s is not a struct; structuredContent must be a JSON object, so wrap it in a struct", outType)
	} else if s, err := inferSchema(outType); err != nil {
		fs.err(inferenceRule(err), "output type %s: %v; go-sdk cannot build a schema for it, fix or drop the field", outType, err)
	} else {
		r, err := s.Resolve(&jsonschema.ResolveOptions{ValidateDefaults: true})
		if err != nil {
			fs.err(defcheck.RuleSchemaSerializable, "output type %s: its schema does not resolve: %v", outType, err)
		}
		c.output, c.outputResolved = s, r
		c.advertised = advertisedOutputSchema(s, t.Errors)
	}
	return c, fs
}

func schemaTypeName(s *jsonschema.Schema) string {
	if s.Type != "" {
		return s.Type
	}
	if len(s.Types) > 0 {
		return strings.Join(s.Types, " or ")
	}
	return "value of any type"
}

// Add checks t and registers it on s. A definition with errors panics with
// a *DefinitionError naming the tool and the rule IDs; warnings are logged.
// It is safe to call before or after the server starts serving.
func Add[In, Out any](s *mcp.Server, t Tool[In, Out], opts ...Option) {
	o := buildOptions(opts)
	c, fs := compile(t)
	findings(fs).report(o.logger, "mcptool.Add", "tool", t.Name)

	def := &mcp.Tool{
		Name:         t.Name,
		Title:        t.Title,
		Description:  t.Description,
		Annotations:  t.Annotations,
		Meta:         t.Meta,
		InputSchema:  c.input,
		OutputSchema: c.advertised,
	}
	s.AddTool(def, c.handler(o))
}

func (c *compiled[In, Out]) handler(o options) mcp.ToolHandler {
	name, logger := c.tool.Name, o.logger
	guard := &nilErrorGuard{logger: logger, kind: "tool", name: name}
	return func(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		call := &Call{Request: req, tool: name, contract: c.tool.Errors, logger: logger}
		defer func() {
			if p := recover(); p != nil {
				logger.Error("mcptool: tool handler panicked", "tool", name, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				res, err = o.errorResult(panicError(name)), nil
			}
		}()
		if e := missingScopes(req, c.tool.Scopes); e != nil {
			return o.errorResult(e), nil
		}
		in, e := c.decode(req)
		if e != nil {
			return o.errorResult(e), nil
		}
		out, herr := c.tool.Handler(context.WithValue(ctx, callKey{}, call), call, in)
		if herr = guard.clean(herr); herr != nil {
			if wire, ok := herr.(*jsonrpc.Error); ok {
				return nil, o.redactWire(wire) // a deliberate protocol error, as in go-sdk
			}
			logFailure(logger, name, herr)
			return o.errorResult(herr), nil
		}
		return c.success(out, o), nil
	}
}

func panicError(tool string) *mcperr.Error {
	return mcperr.InternalError(fmt.Sprintf("tool %q failed unexpectedly; the server logged the details", tool))
}

func missingScopes(req *mcp.CallToolRequest, scopes []string) *mcperr.Error {
	if len(scopes) == 0 || req == nil || req.Extra == nil || req.Extra.TokenInfo == nil {
		return nil
	}
	var missing []string
	for _, s := range scopes {
		if !slices.Contains(req.Extra.TokenInfo.Scopes, s) {
			missing = append(missing, s)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return mcperr.Forbidden(
		fmt.Sprintf("the token lacks the scope(s) this tool requires: %s", strings.Join(missing, ", ")),
		mcperr.WithData("requiredScopes", scopes),
		mcperr.WithData("missingScopes", missing),
		mcperr.WithRecovery("Ask the user to re-authorise with the missing scopes, then call the tool again."),
	)
}

// decode validates the arguments against the input schema (applying
// defaults) and unmarshals them, reporting problems as InvalidParams with
// the same parity shape as any other failure.
func (c *compiled[In, Out]) decode(req *mcp.CallToolRequest) (In, *mcperr.Error) {
	var in In
	var raw json.RawMessage
	if req != nil && req.Params != nil {
		raw = req.Params.Arguments
	}
	args := map[string]any{}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &args); err != nil {
			return in, mcperr.InvalidParams("arguments are not a JSON object: "+err.Error(), mcperr.WithCause(err))
		}
		if args == nil {
			args = map[string]any{}
		}
	}
	if c.inputResolved != nil {
		if err := c.inputResolved.ApplyDefaults(&args); err != nil {
			return in, mcperr.InvalidParams("invalid arguments: "+err.Error(), mcperr.WithCause(err))
		}
		if err := c.inputResolved.Validate(args); err != nil {
			return in, mcperr.InvalidParams("invalid arguments: "+err.Error(), mcperr.WithCause(err),
				mcperr.WithRecovery("Correct the arguments to match the tool's input schema and call it again."))
		}
	}
	b, err := json.Marshal(args)
	if err != nil {
		return in, mcperr.InvalidParams("invalid arguments: "+err.Error(), mcperr.WithCause(err))
	}
	if err := json.Unmarshal(b, &in); err != nil {
		return in, mcperr.InvalidParams("invalid arguments: "+err.Error(), mcperr.WithCause(err))
	}
	return in, nil
}

func (c *compiled[In, Out]) success(out Out, o options) *mcp.CallToolResult {
	name, logger := c.tool.Name, o.logger
	var val any = out
	if c.outPointer && reflect.ValueOf(&out).Elem().IsNil() {
		// As go-sdk does: a nil *Out is the zero Out, never JSON null.
		val = reflect.Zero(reflect.TypeFor[Out]().Elem()).Interface()
	}
	b, err := json.Marshal(val)
	if err != nil {
		logger.Error("mcptool: tool output does not marshal to JSON", "tool", name, "error", err)
		return o.errorResult(mcperr.SerializationError(fmt.Sprintf("tool %q produced output that cannot be encoded as JSON; the server logged the details", name)))
	}
	if c.outputResolved != nil {
		var v any
		if err := json.Unmarshal(b, &v); err == nil {
			if err := c.outputResolved.Validate(v); err != nil {
				logger.Error("mcptool: tool output does not match its output schema", "tool", name, "error", err)
				return o.errorResult(mcperr.InternalError(fmt.Sprintf("tool %q produced output that does not match its output schema; the server logged the details", name)))
			}
		}
	}
	content, err := c.render(out, val, b)
	if err != nil {
		logger.Error("mcptool: Format panicked", "tool", name, "panic", err.Error())
		return o.errorResult(mcperr.InternalError(fmt.Sprintf("tool %q could not render its output; the server logged the details", name)))
	}
	return &mcp.CallToolResult{Content: content, StructuredContent: json.RawMessage(b)}
}

// render runs Format, turning a panic into an error. No Format, or a Format
// that returns no content, gives the JSON text.
func (c *compiled[In, Out]) render(out Out, val any, b []byte) (content []mcp.Content, err error) {
	if c.tool.Format != nil {
		defer func() {
			if p := recover(); p != nil {
				content, err = nil, fmt.Errorf("%v", p)
			}
		}()
		if c.outPointer && val != any(out) {
			// Format gets a non-nil pointer to the zero value, matching what
			// structuredContent says.
			z := reflect.New(reflect.TypeFor[Out]().Elem())
			out = z.Interface().(Out)
		}
		content = c.tool.Format(out)
	}
	if len(content) == 0 {
		content = []mcp.Content{&mcp.TextContent{Text: string(b)}}
	}
	return content, nil
}

func logFailure(logger *slog.Logger, tool string, err error) {
	if e, ok := mcperr.As(err); ok {
		level := slog.LevelDebug
		if e.Code() == mcperr.CodeInternalError {
			level = slog.LevelError
		}
		logger.Log(context.Background(), level, "mcptool: tool failed", "tool", tool, "code", e.Code().String(), "error", err.Error())
		return
	}
	logger.Warn("mcptool: tool returned an error without a code; it was classified", "tool", tool, "code", mcperr.ClassifyCode(err).String(), "error", err.Error())
}
