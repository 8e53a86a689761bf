// Package mcpmodel is recognition's data model: what mcpdefs hands the rules about a package's
// MCP code, as plain values. Definitions (tools, resources, resource templates, prompts) with
// their properties as written, handlers with their flavour and what their errors become on the
// wire, servers, the schemas a tool advertises, the SDK versions the module builds with and
// what each version does, the adapters recognition could not map, the fields mcptool binds a
// params type into (Bindings), and URI templates parsed as the SDKs parse them.
//
// It knows the SDKs only through mcpdefs/sdkapi's names and holds no recognition logic: its
// methods answer from the values alone. It must not import mcpdefs (recognition fills these
// values in, not the other way), the flow engine, any SDK, a rule family, the registry or the
// driver; internal/layers' test pins it.
package mcpmodel

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// MaxDepth bounds how far recognition resolves: through variables, factories, wrappers,
// delegates and the functions a JSON value is built in.
const MaxDepth = 6

// Kind is what a definition or handler serves.
type Kind int

// The kinds of definition a server registers.
const (
	Tool Kind = iota + 1
	Resource
	ResourceTemplate
	Prompt
)

func (k Kind) String() string {
	switch k {
	case Tool:
		return "tool"
	case Resource:
		return "resource"
	case ResourceTemplate:
		return "resource template"
	case Prompt:
		return "prompt"
	}
	return "unknown"
}

// Flavour is the exact handler shape, which decides what a returned error becomes.
type Flavour int

// The flavours of handler, by SDK and signature.
const (
	FlavourUnknown Flavour = iota
	// GoSDKTypedTool: func(ctx, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Out, error).
	GoSDKTypedTool
	// GoSDKTool: func(ctx, *mcp.CallToolRequest) (*mcp.CallToolResult, error).
	GoSDKTool
	// MarkLabsTool: func(ctx, mcp.CallToolRequest) (*mcp.CallToolResult, error).
	MarkLabsTool
	// MarkLabsTypedTool: func(ctx, mcp.CallToolRequest, T) (*mcp.CallToolResult, error),
	// wrapped by NewTypedToolHandler, which passes errors through.
	MarkLabsTypedTool
	// MarkLabsStructuredTool: func(ctx, mcp.CallToolRequest, TArgs) (TResult, error), wrapped
	// by NewStructuredToolHandler, which turns errors into tool errors.
	MarkLabsStructuredTool
	// MCPToolTool: func(ctx, *mcptool.Call, In) (Out, error).
	MCPToolTool
	GoSDKResource
	MarkLabsResource
	GoSDKPrompt
	MarkLabsPrompt
	// MCPToolResourceTemplate: func(ctx, *mcp.ReadResourceRequest, P) (*mcp.ReadResourceResult,
	// error), the handler of an mcptool.ResourceTemplate; P holds the parsed URI variables.
	MCPToolResourceTemplate
	// MCPToolPrompt: func(ctx, *mcp.GetPromptRequest, A) (*mcp.GetPromptResult, error), the
	// handler of an mcptool.Prompt; A holds the parsed arguments.
	MCPToolPrompt
	// AdaptedTool: a function in the repository's own shape that an adapter of the module
	// calls from an SDK handler, turning its error into a tool or protocol error (Errors
	// says which). See mcpdefs/adapters.
	AdaptedTool
)

// ErrorMode is what a non-nil error returned by a handler becomes on the wire.
type ErrorMode int

const (
	// ToolError: the client receives a result with isError: true that the model can read.
	ToolError ErrorMode = iota + 1
	// ProtocolError: the client receives a JSON-RPC error response instead of a result.
	ProtocolError
)

// Handler is a function recognised as a handler by its type.
type Handler struct {
	Kind    Kind
	SDK     sdkapi.SDK
	Flavour Flavour
	// Node is the *ast.FuncDecl or *ast.FuncLit; Body may be nil for a declaration without
	// one.
	Node ast.Node
	Type *ast.FuncType
	Body *ast.BlockStmt
	Sig  *types.Signature
	// Name is the declared function name, or "" for a literal.
	Name string
	// Request is the request parameter (nil when unnamed or blank).
	Request *types.Var
	// Input is the typed input parameter of typed tool handlers (nil otherwise or unnamed).
	Input *types.Var
	// Result positions in the signature's results: ResultIndex is the *CallToolResult (or
	// resource/prompt result), OutIndex the typed output, ErrorIndex the error; -1 if absent.
	ResultIndex, OutIndex, ErrorIndex int
	// Errors says what a returned error becomes.
	Errors ErrorMode
	// In and Out are the typed input and output types (nil when the flavour has none).
	In, Out types.Type
	// Registered is true when the handler is linked to a definition in this package.
	Registered bool
	// Version is the version of the handler's SDK the module builds with ("" when unknown:
	// the newest behaviour applies). Rules that describe what the client gets ask the
	// methods of versions.go, which follow it.
	Version string
	// Adapted is true when the function has no SDK handler type and is recognised because
	// an adapter of the module calls it from one (see mcpdefs/adapters).
	Adapted bool
	// Shape is how recognition reached the handler (its SDK signature, or which kind of
	// adapter), for -v.
	Shape Shape
	// Except are error types whose values take the other way than Errors says: an adapter
	// that makes errors tool errors but returns a "hard error" type, singled out with
	// errors.As, as a protocol error (ErrorModeOf).
	Except []types.Type
	// ResultDiscarded and ResultDereferenced describe an adapted function's first result (the
	// server's own result type, as a pointer): the adapter drops it when the error is non-nil,
	// and reads a field of it without a nil test when the error is nil, so (nil, nil) panics.
	ResultDiscarded, ResultDereferenced bool
	// ErrorsConverted is true when something between the handler and the client turns its
	// errors into tool results on at least one path: the middleware of a server that
	// registers it in this package (mcpdefs/adapters), or a converting adapter it is handed to
	// through a struct field although it has an SDK handler's signature itself. A protocol
	// error it returns is then not one on every path, and the rules that report protocol
	// errors leave it alone.
	ErrorsConverted bool
	// AdapterReturn is, for an adapted function whose results cannot carry a tool result
	// (`func(ctx, client) (any, error)` handed to a handler factory), the adapter's return in
	// this package that sends its error on as a protocol error: the line to change, however
	// many functions the adapter wraps. NoPos otherwise.
	AdapterReturn token.Pos
	// CallerJudges: a function of another package that a handler returns as written
	// (`return records.Find(ctx, id)`), whose callers already report its (nil, nil) through its
	// summary; nil-result-nil-error leaves it to them, the other rules report in it.
	CallerJudges bool
	// UpstreamParams are the parameters (receiver first) of a delegate that its callers give
	// the error of a failed upstream call: returning one hands on an upstream failure.
	UpstreamParams []int
	// DelegateOf is the handler whose every return passes this function's results through
	// (a delegate, or an SDK-typed function a handler wraps that way), or nil.
	DelegateOf *Handler
}

// Value is a definition property as written: an expression, whether it was given at all, and
// its constant value when it has one.
type Value struct {
	// Expr is the expression (nil when the property was not given).
	Expr ast.Expr
	// Set is true when the property was given.
	Set bool
	// Static is true when the value is known at compile time; Str holds it.
	Static bool
	Str    string
}

// Pos is the value's position, or NoPos.
func (v Value) Pos() token.Pos {
	if v.Expr == nil {
		return token.NoPos
	}
	return v.Expr.Pos()
}

// BoolValue is a boolean property (an annotation hint) as written.
type BoolValue struct {
	Expr   ast.Expr
	Set    bool
	Static bool
	Val    bool
}

// Annotations are a tool's behaviour hints. Defaults reports what the SDK assumes for hints
// that are not set (mark3labs NewTool sets destructive and open-world to true).
type Annotations struct {
	// Expr is the annotations expression when given as a whole (go-sdk &mcp.ToolAnnotations{},
	// mark3labs WithToolAnnotation(...)).
	Expr                                         ast.Expr
	ReadOnly, Destructive, Idempotent, OpenWorld BoolValue
	// Title is the annotations' own title (ToolAnnotations.Title, WithTitleAnnotation).
	Title Value
	// DestructiveDefault and OpenWorldDefault are what the wire carries when the hint is not
	// set explicitly (nil when the SDK leaves it absent).
	DestructiveDefault, OpenWorldDefault *bool
	// ReadOnlyDefault and IdempotentDefault are the same for the other two hints (mark3labs
	// NewTool sets both to false).
	ReadOnlyDefault, IdempotentDefault *bool
	// Dynamic is true when the annotations are given as a whole by an expression recognition
	// cannot resolve: the hints are then unknown, not unset.
	Dynamic bool
}

// Definition is one tool, resource, resource template or prompt.
type Definition struct {
	Kind Kind
	SDK  sdkapi.SDK
	// Node is where the definition is written: the composite literal or constructor call.
	// Findings about the definition are reported here.
	Node ast.Node
	// Registration is the registering call when it is in this package.
	Registration *ast.CallExpr
	// RegisteredBy is, for a definition written in a field of the server's own tool struct
	// and registered where that field is read (`mcp.AddTool(t.Tool, t.Handler)` in a Register
	// method), that registration; Registration stays nil, since the literal is where the
	// definition's findings belong.
	RegisteredBy *ast.CallExpr

	Name, Title, Description Value
	// URI is the resource URI or the resource template's URI template.
	URI      Value
	MIMEType Value

	Annotations Annotations

	// InputType and OutputType are the Go types the schemas are inferred from (typed
	// handlers, WithInputSchema[T], mcptool In/Out); nil when not known.
	InputType, OutputType types.Type
	// ParamsType is the type an mcptool resource template binds its URI template variables
	// into (ResourceTemplate[P]), or an mcptool prompt its arguments (Prompt[A]); nil
	// otherwise. Bindings lists its fields as mcptool binds them.
	ParamsType types.Type
	// InputSchema and OutputSchema are hand-built schemas as written.
	InputSchema, OutputSchema ast.Expr
	// Meta is the _meta expression.
	Meta ast.Expr
	// Options are the mark3labs option calls given to the constructor, in order.
	// OptionsDynamic is true when some options come from a slice spread.
	Options        []*ast.CallExpr
	OptionsDynamic bool

	// Contract is the mcptool error contract (nil when none was given).
	Contract *Contract
	// Format is the mcptool Format function expression (nil when absent or the nil literal).
	Format ast.Expr
	// Scopes is the mcptool Scopes expression.
	Scopes ast.Expr

	// HandlerExpr is the handler as written where it was linked (nil when none was seen);
	// HandlerNil is true when it is the nil literal; Handler is the recognised handler when its
	// body is in this package.
	HandlerExpr ast.Expr
	// HandlerMaker is, for an instance of a helper of another package whose registration's
	// handler is made by a call of a module function (`MakeMetaHandler(name, routes)`), that
	// function as "package path.Name": its returned handler is the tool's.
	HandlerMaker string
	HandlerNil   bool
	Handler      *Handler
	// HandlerOmitted is true when a keyed literal that carries the handler (a mark3labs
	// server.ServerTool, ServerResource, ServerResourceTemplate or ServerPrompt, an
	// mcptool.Tool) leaves its Handler field out, so the handler is nil. HandlerOmittedAt is
	// that literal.
	HandlerOmitted   bool
	HandlerOmittedAt ast.Node

	// Input and Output say where the tool's advertised schemas come from (tools only).
	Input, Output SchemaSource

	// Mutated is true when the definition's value may be changed after it is written: its
	// variable has fields assigned, its address taken, or it is copied or passed to a function
	// that is not a registration. A property absent from the literal is then not proof that it
	// is absent.
	Mutated bool

	// PromptArgs are a prompt's declared arguments (go-sdk Arguments, mark3labs WithArgument);
	// PromptArgsDynamic is true when some cannot be read.
	PromptArgs        []*PromptArg
	PromptArgsDynamic bool

	// Own is the module's own definition type when the definition is a literal of it (see
	// mcpdefs/owndefs.go); Converter is true for the SDK definition written in the function that
	// copies such literals into the SDK's type: its values are each own literal's, so it is
	// no entry of the surface itself.
	Own       *types.TypeName
	Converter bool
	// Instance is true for a definition made at one call of a helper (see mcpdefs/templates).
	// Template is true for a definition written in an exported helper with its name as a
	// parameter: each call of the helper in another package is a definition there, so the
	// surface lists those, not this one.
	Instance, Template bool
	// ViaRegistrar is true when the definition is registered through a function of the
	// module (found from its body, or named in the configuration) rather than the SDK's own.
	ViaRegistrar bool
}

// PromptArg is one declared prompt argument.
type PromptArg struct {
	// Node is the argument literal or WithArgument call.
	Node                     ast.Node
	Name, Title, Description Value
	// Required is the argument's required flag as written (go-sdk Required, mark3labs
	// RequiredArgument()).
	Required BoolValue
	// Partial is true when some options of the argument cannot be read.
	Partial bool
}

// Contract is a declared error contract, as written.
type Contract struct {
	// Expr is the Errors expression; Static is false when it could not be resolved to
	// literal entries.
	Expr   ast.Expr
	Static bool
	// Lit is the list literal Expr resolves to (nil when it does not). Tools sharing one
	// contract variable or helper share it.
	Lit     *ast.CompositeLit
	Entries []ContractEntry
}

// ContractEntry is one mcptool.ErrorContract literal.
type ContractEntry struct {
	Lit                    *ast.CompositeLit
	Reason, When, Recovery Value
	Code                   CodeValue
	Retryable              BoolValue
}

// CodeValue is an mcperr.Code as written.
type CodeValue struct {
	Expr   ast.Expr
	Set    bool
	Static bool
	Val    int64
	// Name is the constant's name (CodeNotFound) when the expression is a named mcperr code.
	Name string
}

// Server is a server construction: its implementation name and version as written.
type Server struct {
	SDK           sdkapi.SDK
	Node          ast.Node
	Name, Version Value
	// ToolErrorsAsResults is true when a middleware installed on the server (mark3labs
	// WithToolHandlerMiddleware, go-sdk AddReceivingMiddleware) answers a tool handler's
	// error with a result and a nil error, so no tool handler error reaches the client as a
	// JSON-RPC error (mcpdefs/adapters, serverwire.go).
	ToolErrorsAsResults bool
}

var flavourNames = [...]string{
	FlavourUnknown:          "FlavourUnknown",
	GoSDKTypedTool:          "GoSDKTypedTool",
	GoSDKTool:               "GoSDKTool",
	MarkLabsTool:            "MarkLabsTool",
	MarkLabsTypedTool:       "MarkLabsTypedTool",
	MarkLabsStructuredTool:  "MarkLabsStructuredTool",
	MCPToolTool:             "MCPToolTool",
	GoSDKResource:           "GoSDKResource",
	MarkLabsResource:        "MarkLabsResource",
	GoSDKPrompt:             "GoSDKPrompt",
	MarkLabsPrompt:          "MarkLabsPrompt",
	MCPToolResourceTemplate: "MCPToolResourceTemplate",
	MCPToolPrompt:           "MCPToolPrompt",
	AdaptedTool:             "AdaptedTool",
}

func (f Flavour) String() string {
	if int(f) < len(flavourNames) {
		return flavourNames[f]
	}
	return "FlavourUnknown"
}

// SyntaxIndex is the part of recognition's index of a package's syntax, built in its single
// walk, that the evaluator, the adapters and the revision checker all read.
type SyntaxIndex struct {
	// Decls are the package's function declarations, by function.
	Decls map[*types.Func]*ast.FuncDecl
	// Assigns are the expressions assigned to each variable.
	Assigns map[types.Object][]ast.Expr
}
