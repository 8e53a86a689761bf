package handlerrules

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

func (rules) UpstreamErrorAsProtocolError() rule.Entry[*kinds] {
	return rule.Declare(perHandler{
		ID: "upstream-error-as-protocol-error", Severity: rule.Warning, SDKs: rule.PlainSDKs,
		Title: "a failed upstream call is returned as a JSON-RPC error",
		Run:   upstreamErrorAsProtocolError,
	}, (*kinds).handler)
}

// upstreamErrorAsProtocolError: a tool handler whose errors become JSON-RPC errors (mark3labs,
// go-sdk low-level, an adapter that passes errors through) returns an error in the branch
// that handles a failed upstream call: I/O, HTTP, a database, a subprocess, or any call that
// takes a context.Context (the same line preserve-cause-on-rethrow draws between local and
// upstream failures). The spec puts such failures in tool results (isError), where the model
// reads them; as JSON-RPC errors it learns nothing and many clients show a crash. Argument
// errors are tool-error-as-protocol-error's, so each return is reported by one rule at most.
func upstreamErrorAsProtocolError(p *rule.Pass, h *handler) {
	// A server whose middleware turns handler errors into tool results serves this
	// handler: the error is not a protocol error on every server, so it is left alone.
	if h.Kind != mcpmodel.Tool || h.ErrorsConverted || (h.Errors != mcpmodel.ProtocolError && len(h.Except) == 0) {
		return
	}
	if h.ErrorIndex < 0 {
		return
	}
	var args *argOrigins
	stacks := h.returnStacks()

	reported := map[*ast.ReturnStmt]bool{}
	h.paths(func(ret *ast.ReturnStmt, path *flow.Path) {
		e, stack := result(ret, h.ErrorIndex), stacks[ret]
		if reported[ret] || h.ErrorModeOf(h.pass.TypesInfo, e) != mcpmodel.ProtocolError || path.Results[h.ErrorIndex].Nil != flow.NonNil {
			return
		}
		if h.ResultIndex >= 0 && path.Results[h.ResultIndex].Nil != flow.Nil {
			return // a result beside the error is result-and-error's mistake
		}
		callee := h.failedUpstream(stack)
		if callee == "" {
			callee = h.failedUpstreamOn(path)
		}
		if callee == "" {
			callee = h.failingStatus(path)
		}
		if callee == "" {
			return
		}
		if args == nil {
			args = h.argumentOrigins()
		}
		if args.modelFixable(path, path.Results[h.ErrorIndex].Value) {
			return
		}
		reported[ret] = true
		p.Report(ret, callee+" failed upstream: "+h.WireErrorCode()+"; return "+h.toolErrorAdvice(), h.toolErrorFix(ret, e)...)
	})
}

// failedUpstream returns the name of the upstream call whose failure the innermost error
// branch around the top of stack handles, or "": the call that set, just before the if, an
// error the if tests non-nil.
func (h *handler) failedUpstream(stack []ast.Node) string {
	for _, g := range h.branchTests(stack) {
		if g.setBy == nil || !isErrorType(g.obj.Type()) {
			continue
		}
		if name := upstreamCall(h.pass.TypesInfo, g.setBy); name != "" {
			return name
		}
	}
	return ""
}

// failedUpstreamOn is failedUpstream asked of the engine, however the branch is written (a
// negated guard, an else, a switch case): the upstream call whose error is in hand where path
// returns. With several errors in hand, only one the returned error is made of counts.
func (h *handler) failedUpstreamOn(path *flow.Path) string {
	vals := h.flow.InHand(path.Return.Block())
	if len(vals) == 0 {
		return ""
	}
	if len(vals) > 1 {
		inHand := map[ssa.Value]bool{}
		for _, v := range vals {
			inHand[v] = true
		}
		var made []ssa.Value
		for _, o := range flow.Origins(path.Results[h.ErrorIndex].Value, func(*ssa.Call) bool { return true }) {
			if inHand[o] {
				made = append(made, o)
			}
		}
		vals = made
	}
	for _, v := range vals {
		c := flow.CallOf(flow.Core(v))
		if c == nil {
			continue
		}
		if call := flow.CallExprAt(h.Node, c.Pos()); call != nil {
			if name := upstreamCall(h.pass.TypesInfo, call); name != "" {
				return name
			}
		}
	}
	return ""
}

// failingStatus names the call whose response path returns on the failing side of a status
// check of (`if resp.StatusCode != http.StatusOK`), or "".
func (h *handler) failingStatus(path *flow.Path) string {
	c := flow.StatusFailure(path.Return.Parent(), path.Return.Block())
	if c == nil {
		return ""
	}
	if call := flow.CallExprAt(h.Node, c.Pos()); call != nil {
		return types.ExprString(call.Fun)
	}
	return ""
}

// upstreamCall returns how to name call when it reaches outside the process (a call that
// takes a context.Context, reads an HTTP response body, or is one of the standard library's
// file, network, HTTP, database or subprocess operations), or "". Calls of function values
// are not judged.
func upstreamCall(info *types.Info, call *ast.CallExpr) string {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	name := types.ExprString(call.Fun)
	if fn == nil {
		// A function value (a middleware's next, a callback) says nothing of where it goes.
		return ""
	}
	if buildsRequest(fn) {
		return ""
	}
	if t := info.TypeOf(call.Fun); t != nil {
		if sig, ok := t.Underlying().(*types.Signature); ok && takesContext(sig) {
			return name
		}
	}
	if readsResponseBody(info, call) || stdlibIO(fn) {
		return name
	}
	return ""
}

// stdlibIO reports whether fn is one of the standard library's file, network, HTTP, database
// or subprocess operations: a function of ioPackages named in ioFuncs, or a method of one of
// their ioTypes.
func stdlibIO(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		return ok && n.Obj().Pkg() != nil && ioPackages[n.Obj().Pkg().Path()] && ioTypes[n.Obj().Name()]
	}
	return ioPackages[fn.Pkg().Path()] && ioFuncs[fn.Name()]
}

// ioPackages are the standard library packages whose operations leave the process.
var ioPackages = map[string]bool{"os": true, "os/exec": true, "net": true, "net/http": true, "database/sql": true, "io/ioutil": true}

// ioTypes are their types whose methods do the I/O.
var ioTypes = map[string]bool{"File": true, "Cmd": true, "Client": true, "Conn": true, "DB": true, "Tx": true, "Stmt": true, "Rows": true, "Row": true, "Dialer": true, "Resolver": true, "Listener": true, "TCPConn": true, "UDPConn": true, "UnixConn": true}

// ioFuncs are their functions that do I/O.
var ioFuncs = map[string]bool{
	"Open": true, "OpenFile": true, "Create": true, "ReadFile": true, "WriteFile": true, "ReadDir": true,
	"Stat": true, "Lstat": true, "Remove": true, "RemoveAll": true, "Rename": true, "Mkdir": true,
	"MkdirAll": true, "MkdirTemp": true, "CreateTemp": true, "Chmod": true, "Chdir": true, "Readlink": true,
	"Get": true, "Post": true, "PostForm": true, "Head": true,
	"Dial": true, "DialTimeout": true, "Listen": true, "LookupHost": true, "LookupIP": true,
	"LookupPath": true, "ReadAll": true, "TempDir": true, "TempFile": true,
}

// requestBuilders are the names API clients give the method that only builds a request
// (go-github's, godo's and go-atlassian's client.NewRequest take a context and fail on their
// own input; the call that reaches the server is the Do or Call after them).
var requestBuilders = map[string]bool{"NewRequest": true, "NewRequestWithContext": true, "NewRequestWithBody": true}

// localStdlib are standard library calls that take a context.Context but fail only on
// their own input.
var localStdlib = map[string]bool{"net/http.NewRequestWithContext": true, "net/http.NewRequest": true}

// buildsRequest reports whether fn only builds a request (net/http's, or a client's request
// builder): it may take a context, but fails only on its own input.
func buildsRequest(fn *types.Func) bool {
	return fn != nil && (fn.Pkg() != nil && localStdlib[fn.Pkg().Path()+"."+fn.Name()] || requestBuilders[fn.Name()])
}
