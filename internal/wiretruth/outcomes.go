// Package wiretruth measures what the two Go MCP SDKs put on the wire for each way a handler
// can end: it builds a small server against one SDK version (servers/*.go.tmpl), starts it
// over stdio once per outcome and protocol revision, calls it with the go-sdk client speaking
// that revision, and records the JSON-RPC answer, or that the process exited or never
// answered. The sweep (cmd/wiresweep) writes the table that mcplint's messages read
// (mcpdefs/wiretable) and the generated section of docs/versions.md; the test re-runs the
// versions the fixture modules pin and fails on any difference.
package wiretruth

// SDK names one of the two SDKs, as the table spells it.
type SDK string

// The SDKs whose wire behaviour is measured by running them.
const (
	GoSDK SDK = "go-sdk"
	MCPGo SDK = "mcp-go"
)

// Module is the SDK's module path.
func (s SDK) Module() string {
	if s == GoSDK {
		return "github.com/modelcontextprotocol/go-sdk"
	}
	return "github.com/mark3labs/mcp-go"
}

// Revisions are the protocol revisions a client is asked to speak, oldest first.
var Revisions = []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"}

// An Outcome is one way a handler (or the server around it) answers a call.
type Outcome struct {
	ID  string
	SDK SDK
	// Doc says what the handler does, for the generated docs.
	Doc string
	// Resource reads Target as a resource URI; otherwise Target is a tool to call.
	Resource bool
	Target   string
	Args     map[string]any
	// Flags start the server in a mode (recovery on, an invalid tool registered).
	Flags []string
	// Needs names a feature of the SDK version (see features) the outcome's handler needs;
	// versions without it have no row.
	Needs string
	// HTTP serves Streamable HTTP instead of stdio: for the outcomes where a server's own
	// goroutine, not the transport's, may run the handler.
	HTTP bool
}

// panicArgs make `args["name"].(string)` fail: a model that sends a number.
var panicArgs = map[string]any{"name": 5}

// Outcomes lists every outcome of both SDKs.
var Outcomes = []Outcome{
	{ID: "typed-error", SDK: GoSDK, Doc: "typed handler returns `(nil, out, err)`", Target: "typed_error"},
	{ID: "typed-jsonrpc-error", SDK: GoSDK, Doc: "typed handler returns a bare `*jsonrpc.Error` (-32602)", Target: "typed_jsonrpc_error", Needs: "jsonrpc.Error"},
	{ID: "typed-jsonrpc-error-wrapped", SDK: GoSDK, Doc: "typed handler returns a `*jsonrpc.Error` wrapped with `%w`", Target: "typed_jsonrpc_error_wrapped", Needs: "jsonrpc.Error"},
	{ID: "typed-typed-nil-error", SDK: GoSDK, Doc: "typed handler returns a nil `*T` as its `error`", Target: "typed_typed_nil_error"},
	{ID: "typed-nil-nil", SDK: GoSDK, Doc: "typed handler returns `(nil, out, nil)`", Target: "typed_nil_nil"},
	{ID: "typed-result-and-error", SDK: GoSDK, Doc: "typed handler returns a result and an error", Target: "typed_result_and_error"},
	{ID: "typed-iserror-structured", SDK: GoSDK, Doc: "typed handler returns an IsError result and a zero output", Target: "typed_iserror_structured"},
	{ID: "typed-panic", SDK: GoSDK, Doc: "typed handler panics (`args[\"name\"].(string)` on a number)", Target: "typed_panic", Args: panicArgs},
	{ID: "typed-panic-recovered", SDK: GoSDK, Doc: "the same panic, under a recovering receiving middleware", Target: "typed_panic", Args: panicArgs, Flags: []string{"-recover"}},
	{ID: "typed-args-invalid", SDK: GoSDK, Doc: "typed handler called with arguments that fail its input schema", Target: "typed_args", Args: map[string]any{"n": "x"}},
	{ID: "lowlevel-error", SDK: GoSDK, Doc: "low-level handler returns `(nil, err)`", Target: "lowlevel_error"},
	{ID: "lowlevel-jsonrpc-error", SDK: GoSDK, Doc: "low-level handler returns a bare `*jsonrpc.Error` (-32602)", Target: "lowlevel_jsonrpc_error", Needs: "jsonrpc.Error"},
	{ID: "lowlevel-jsonrpc-error-wrapped", SDK: GoSDK, Doc: "low-level handler returns a `*jsonrpc.Error` wrapped with `%w`", Target: "lowlevel_jsonrpc_error_wrapped", Needs: "jsonrpc.Error"},
	{ID: "lowlevel-typed-nil-error", SDK: GoSDK, Doc: "low-level handler returns a nil `*T` as its `error`", Target: "lowlevel_typed_nil_error"},
	{ID: "lowlevel-nil-nil", SDK: GoSDK, Doc: "low-level handler returns `(nil, nil)`", Target: "lowlevel_nil_nil"},
	{ID: "lowlevel-result-and-error", SDK: GoSDK, Doc: "low-level handler returns a result and an error", Target: "lowlevel_result_and_error"},
	{ID: "lowlevel-panic", SDK: GoSDK, Doc: "low-level handler panics (`args[\"name\"].(string)` on a number)", Target: "lowlevel_panic", Args: panicArgs},
	{ID: "lowlevel-panic-recovered", SDK: GoSDK, Doc: "the same panic, under a recovering receiving middleware", Target: "lowlevel_panic", Args: panicArgs, Flags: []string{"-recover"}},
	{ID: "lowlevel-args-invalid", SDK: GoSDK, Doc: "low-level handler called with arguments that fail its hand-built input schema", Target: "lowlevel_args", Args: map[string]any{"n": "x"}},
	{ID: "lowlevel-output-invalid", SDK: GoSDK, Doc: "low-level handler's structured content fails its output schema", Target: "lowlevel_output_invalid"},
	{ID: "unknown-tool", SDK: GoSDK, Doc: "a call of a tool that is not registered", Target: "no_such_tool"},
	{ID: "resource-not-found", SDK: GoSDK, Doc: "resource handler returns `mcp.ResourceNotFoundError(uri)`", Resource: true, Target: "file:///missing"},
	{ID: "resource-error", SDK: GoSDK, Doc: "resource handler returns `(nil, err)`", Resource: true, Target: "file:///failing"},
	{ID: "resource-unknown", SDK: GoSDK, Doc: "a read of a URI no resource matches", Resource: true, Target: "file:///nowhere"},
	{ID: "typed-panic-http", SDK: GoSDK, Doc: "typed handler panics, served over Streamable HTTP", Target: "typed_panic", Args: panicArgs, HTTP: true, Needs: "StreamableHTTP"},
	{ID: "lowlevel-panic-http", SDK: GoSDK, Doc: "low-level handler panics, served over Streamable HTTP", Target: "lowlevel_panic", Args: panicArgs, HTTP: true, Needs: "StreamableHTTP"},
	{ID: "lowlevel-nil-nil-http", SDK: GoSDK, Doc: "low-level handler returns `(nil, nil)`, served over Streamable HTTP", Target: "lowlevel_nil_nil", HTTP: true, Needs: "StreamableHTTP"},
	{ID: "x-mcp-header-invalid", SDK: GoSDK, Doc: "a tool whose input schema has an invalid `x-mcp-header` annotation, registered and called", Target: "bad_header", Flags: []string{"-xheader"}},

	{ID: "tool-error", SDK: MCPGo, Doc: "handler returns `(nil, err)`", Target: "tool_error"},
	{ID: "tool-typed-nil-error", SDK: MCPGo, Doc: "handler returns a nil `*T` as its `error`", Target: "tool_typed_nil_error"},
	{ID: "tool-nil-nil", SDK: MCPGo, Doc: "handler returns `(nil, nil)`", Target: "tool_nil_nil"},
	{ID: "tool-result-and-error", SDK: MCPGo, Doc: "handler returns a result and an error", Target: "tool_result_and_error"},
	{ID: "tool-iserror-structured", SDK: MCPGo, Doc: "handler returns an IsError result with structured content", Target: "tool_iserror_structured", Needs: "StructuredContent"},
	{ID: "tool-panic", SDK: MCPGo, Doc: "handler panics (`args[\"name\"].(string)` on a number)", Target: "tool_panic", Args: panicArgs},
	{ID: "tool-panic-recovered", SDK: MCPGo, Doc: "the same panic, served with `server.WithRecovery()`", Target: "tool_panic", Args: panicArgs, Flags: []string{"-recover"}},
	{ID: "tool-args-invalid", SDK: MCPGo, Doc: "handler called with arguments that fail its input schema", Target: "tool_args", Args: map[string]any{"n": "x"}},
	{ID: "tool-output-invalid", SDK: MCPGo, Doc: "handler's structured content fails its output schema", Target: "tool_output_invalid", Needs: "WithRawOutputSchema"},
	{ID: "unknown-tool", SDK: MCPGo, Doc: "a call of a tool that is not registered", Target: "no_such_tool"},
	{ID: "resource-not-found", SDK: MCPGo, Doc: "resource handler returns `server.ErrResourceNotFound`", Resource: true, Target: "file:///missing"},
	{ID: "resource-error", SDK: MCPGo, Doc: "resource handler returns `(nil, err)`", Resource: true, Target: "file:///failing"},
	{ID: "resource-unknown", SDK: MCPGo, Doc: "a read of a URI no resource matches", Resource: true, Target: "file:///nowhere"},
	{ID: "tool-panic-http", SDK: MCPGo, Doc: "handler panics, served over Streamable HTTP", Target: "tool_panic", Args: panicArgs, HTTP: true, Needs: "StreamableHTTP"},
	{ID: "tool-nil-nil-http", SDK: MCPGo, Doc: "handler returns `(nil, nil)`, served over Streamable HTTP", Target: "tool_nil_nil", HTTP: true, Needs: "StreamableHTTP"},
	{ID: "x-mcp-header-invalid", SDK: MCPGo, Doc: "a tool whose input schema has an invalid `x-mcp-header` annotation, registered and called", Target: "bad_header", Flags: []string{"-xheader"}},
}

// OutcomesOf returns sdk's outcomes.
func OutcomesOf(sdk SDK) []Outcome {
	var out []Outcome
	for _, o := range Outcomes {
		if o.SDK == sdk {
			out = append(out, o)
		}
	}
	return out
}
