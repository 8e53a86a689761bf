package mutation

// Server is one corpus server the harness plants defects in, with what the harness needs to know
// of the server's own shapes. These hints are the harness's, written by reading each server; they
// are deliberately not mcplint's recognition, so that recall is not measured by the thing measured.
type Server struct {
	Name string
	// Dir is the server's module directory, relative to the corpus root.
	Dir string
	// Patterns are the packages measured (default ./...): gopls's MCP server is one package
	// tree of a large module.
	Patterns []string
	// Shape names, in a few words, how most of this server's handlers reach the SDK.
	Shape string
	// Exclude lists directory prefixes (slash-separated, relative to Dir) whose code is not
	// served: test helpers, load generators.
	Exclude []string
	// Own lists handler types of the server's own, beside the SDKs' signatures.
	Own []OwnKind
	// TypedWire is what the server makes of the error of a function with the go-sdk typed
	// handler signature, and of a go-sdk helper's whose results such a function returns: a
	// tool error when the function goes to mcp.AddTool (the default), a JSON-RPC error when the
	// server calls it from a low-level handler of its own and returns its error as is.
	TypedWire Wire
	// ErrorHelpers are the server's functions that build a tool-error result from a message and
	// an error (name → index of the error parameter), such as terraform's ToolError(logger, msg, err).
	ErrorHelpers map[string]int
}

// OwnKind is a handler signature of the server's own, reached through the server's adapter.
type OwnKind struct {
	// Signature is the function type without parameter names, qualified by full package paths,
	// as signatureKey prints it.
	Signature string
	// Wire says what the server's adapter makes of the function's returned error.
	Wire Wire
	// ResultDroppedOnError: the adapter discards the function's result when the error is non-nil,
	// so returning both is result-and-error; and a nil result with a nil error breaks the adapter,
	// so (nil, nil) is nil-result-nil-error.
	ResultDroppedOnError bool
}

// Wire is what a returned error becomes for the client.
type Wire int

const (
	// WireTool: the error becomes a tool error (isError: true) the model reads.
	WireTool Wire = iota
	// WireProtocol: the error becomes a JSON-RPC error.
	WireProtocol
)

// Servers are the corpus servers measured, one per shape of reaching the SDK.
var Servers = []Server{
	{
		Name:  "github-mcp-server",
		Dir:   "github-mcp-server",
		Shape: "go-sdk typed handlers behind a pass-through NewTool adapter, results built by helpers",
		// inventory.NewServerToolWithContextHandler calls the typed handler from a low-level
		// handler and returns `resp, err`: the error is a JSON-RPC error, the result dropped.
		TypedWire: WireProtocol,
		ErrorHelpers: map[string]int{
			// ghErrors.NewGitHubAPIErrorResponse(ctx, message, resp, err)
			"NewGitHubAPIErrorResponse": 3,
			// ghErrors.NewGitHubGraphQLErrorResponse(ctx, message, err)
			"NewGitHubGraphQLErrorResponse": 2,
			"NewGitHubRawAPIErrorResponse":  3,
		},
	},
	{
		Name:    "terraform-mcp-server",
		Dir:     "terraform-mcp-server",
		Shape:   "mark3labs handlers delegating to helper functions, tool errors built by ToolError helpers",
		Exclude: []string{"test/", "cmd/loadtest/", "e2e/"},
		ErrorHelpers: map[string]int{
			// ToolError(logger, message, err) in pkg/tools/tfe and pkg/tools/registry
			"ToolError": 2,
		},
	},
	{
		Name:  "mcp-filesystem-server",
		Dir:   "mcp-filesystem-server",
		Shape: "plain mark3labs handlers (methods registered as method values)",
	},
	{
		Name:    "podman-mcp-server",
		Dir:     "podman-mcp-server",
		Shape:   "own handler type api.ToolHandlerFunc converted to go-sdk by an adapter in another package",
		Exclude: []string{"internal/test/", "internal/tools/"},
		Own: []OwnKind{{
			// api.ToolHandlerFunc; ServerToolToGoSdkTool returns nil, err for a handler error
			// (a JSON-RPC error) and dereferences the result otherwise.
			Signature:            "func(context.Context, github.com/manusa/podman-mcp-server/pkg/api.ToolHandlerParams) (*github.com/manusa/podman-mcp-server/pkg/api.ToolCallResult, error)",
			Wire:                 WireProtocol,
			ResultDroppedOnError: true,
		}},
	},
	{
		Name:     "gopls",
		Dir:      "golang-tools/gopls",
		Patterns: []string{"./internal/mcp/..."},
		Shape:    "go-sdk typed handlers registered with mcp.AddTool, methods of a handler struct",
	},
	{
		Name:     "go-sdk-examples",
		Dir:      "go-sdk",
		Patterns: []string{"./examples/..."},
		Shape:    "the SDK's own example servers: typed handlers, resource handlers, structured output",
		// Clients, not servers; the two examples with modules of their own do not load here.
		Exclude: []string{"examples/client/", "examples/server/auth-middleware/", "examples/server/rate-limiting/"},
	},
	{
		// Not in CORPUS.md: fyrsmithlabs/contextd at 9303d299cb2e2804fc4331168e1ec83157eb593d,
		// checked out as contextd beside the others, gives typed handlers with concrete
		// outputs, which few corpus servers have. Skipped where it is not checked out.
		Name:  "contextd",
		Dir:   "contextd",
		Shape: "go-sdk v1.1 typed handlers with struct outputs, closures given to mcp.AddTool",
		// Test agents, simulations and one-off commands are not served.
		Exclude: []string{"test/", "examples/", "cmd/testagent/", "cmd/plugin-validator/"},
	},
	{
		// Not in CORPUS.md: jaegertracing/jaeger at 8498073ff809b1a3923521920a9b1b017ea97ecf,
		// checked out as jaeger: handler constructors returning mcp.ToolHandlerFor method
		// values with struct outputs. Skipped where it is not checked out.
		Name:     "jaeger",
		Dir:      "jaeger",
		Patterns: []string{"./cmd/jaeger/internal/extension/jaegerquery/internal/mcptools/..."},
		Shape:    "go-sdk typed handlers as method values returned by constructors, struct outputs",
	},
	{
		// Not in CORPUS.md: containers/kubernetes-mcp-server at
		// 55749981693f71c9f9a573bfab229eccd4f124ea, checked out as kubernetes-mcp-server: its
		// go-sdk adapter package, resource and tool handlers built from the server's own
		// tool types. Skipped where it is not checked out.
		Name:     "kubernetes-mcp-server",
		Dir:      "kubernetes-mcp-server",
		Patterns: []string{"./pkg/mcp/..."},
		Shape:    "go-sdk low-level tool and resource handlers built by adapters from the server's own types",
	},
	{
		// Not in CORPUS.md: docker/mcp-gateway at 2bd20fe83dd04870e8d87dc1ed059d4d19fc7c68,
		// checked out as mcp-gateway (with vendor/ removed, so that it builds in module mode):
		// go-sdk resource and tool handlers that forward to proxied servers. Skipped where it
		// is not checked out.
		Name:     "mcp-gateway",
		Dir:      "mcp-gateway",
		Patterns: []string{"./pkg/gateway/..."},
		Shape:    "go-sdk low-level handlers built by methods of the gateway, forwarding to proxied servers",
		// The embeddings package is a client of a vector database's MCP server: its
		// CallTool wrappers return what that server answered, to the gateway's own code.
		Exclude: []string{"pkg/gateway/embeddings/"},
	},
	{
		Name:  "loki-mcp",
		Dir:   "loki-mcp",
		Shape: "plain mark3labs handler functions",
		// loki-mcp-client is a client, examples are not served.
		Exclude: []string{"loki-mcp-client/", "examples/"},
	},
	{
		Name:  "mkp",
		Dir:   "mkp",
		Shape: "mark3labs handlers as methods of an Implementation struct, behind rate-limit middleware",
		// The rate limiter's mock handler is a test double.
		Exclude: []string{"pkg/ratelimit/mock_tool_handler.go"},
	},
	{
		Name:    "vault-mcp-server",
		Dir:     "vault-mcp-server",
		Shape:   "mark3labs handler literals delegating to xHandler(ctx, req, logger) functions",
		Exclude: []string{"e2e/"},
	},
	{
		Name:    "aks-mcp",
		Dir:     "aks-mcp",
		Shape:   "CommandExecutor/ResourceHandler interface methods called by mark3labs adapters",
		Exclude: []string{"test/", "e2e/"},
		Own: []OwnKind{{
			// tools.CommandExecutor.Execute and tools.ResourceHandler.Handle; CreateToolHandler
			// turns the error into NewToolResultError(err.Error()) and shows the output beside it.
			Signature: "func(context.Context, map[string]interface{}, *github.com/Azure/aks-mcp/internal/config.ConfigData) (string, error)",
			Wire:      WireTool,
		}},
	},
}
