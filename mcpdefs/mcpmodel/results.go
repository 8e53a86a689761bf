package mcpmodel

import (
	"go/ast"
	"go/types"

	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// LateContext is where a registration runs once the server is serving.
type LateContext int

const (
	// LateCallback: in a session or initialization callback (go-sdk ServerOptions handlers,
	// mcp-go hooks).
	LateCallback LateContext = iota + 1
	// LateHandler: in a tool, resource or prompt handler.
	LateHandler
	// LateSession: an mcp-go per-session definition (AddSessionTool and the like).
	LateSession
	// LatePerRequest: in go-sdk's getServer function, under a condition on the request that
	// is not the caller's authorization.
	LatePerRequest
)

// LateRegistration is a registration that runs after serving starts.
type LateRegistration struct {
	Call    *ast.CallExpr
	Kind    Kind
	SDK     sdkapi.SDK
	Context LateContext
	// Where names the callback (InitializedHandler, Hooks.AddAfterInitialize) or handler.
	Where string
}

// Unmapped is an adapter whose wrapped functions are not checked, because its body does not
// show what their error becomes, or because they are out of recognition's reach.
type Unmapped struct {
	// Adapter is the function the SDK handler is written in (or the adapter called); Call is
	// the call of the wrapped function inside the SDK handler, or the call of the adapter.
	Adapter *types.Func
	Call    *ast.CallExpr
	Reason  string
	// SDK is the SDK of the adapter's SDK handler.
	SDK sdkapi.SDK
}
