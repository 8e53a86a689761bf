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

// Delegation is a tool handler's call of a function of another package of the module whose
// error the handler returns unchanged on some path: the callee's errors reach the client
// the way the handler's do. The callee's package was analysed first and cannot know how;
// a run over both packages settles it from its callers (analyzers.Wire).
type Delegation struct {
	// Caller names the handler (the root of its delegates): its declared function, or the
	// package variable that holds the literal; nil when neither. Converted is true when
	// this package knows the handler's errors become tool results (Handler.ErrorsConverted).
	Caller    types.Object
	Converted bool
	// Callee is the function called, or the package variable called through.
	Callee types.Object
}

// Holder is an exported package variable that holds one function for the whole run, by
// which other packages call it: a function or method (Func), or a handler written as a
// literal (Node: a factory's closure, a literal assigned to the variable).
type Holder struct {
	Var  *types.Var
	Func *types.Func
	Node ast.Node
}

// Unmapped is an adapter whose wrapped functions are not checked, because its body does not
// show what their error becomes, or because they are out of recognition's reach.
type Unmapped struct {
	// Adapter is the function the SDK handler is written in (or the adapter called), nil for
	// a handler literal outside any declared function; Call is
	// the call of the wrapped function inside the SDK handler, or the call of the adapter.
	Adapter *types.Func
	Call    *ast.CallExpr
	Reason  string
	// SDK is the SDK of the adapter's SDK handler.
	SDK sdkapi.SDK
	// Site is true when the call is a layer site (mcpdefs/adapters.LayerSite) that a driver
	// seeing the whole module may resolve.
	Site bool
}
