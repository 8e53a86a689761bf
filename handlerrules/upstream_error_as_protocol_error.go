package handlerrules

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/flow/outside"
	"github.com/mcplint-go/mcplint/flow/status"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

func (rules) UpstreamErrorAsProtocolError() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "upstream-error-as-protocol-error", Severity: rule.Warning, SDKs: rule.PlainSDKs,
		Title: "a failed upstream call is returned as a JSON-RPC error",
		Run: func(p *rule.Pass, _ *mcpdefs.Result, hs []*handler) {
			// A helper several handlers hand their failures to is one mistake, reported once.
			handedOn := map[token.Pos]bool{}
			for _, h := range hs {
				upstreamErrorAsProtocolError(p, h, handedOn)
			}
		},
	}, (*kinds).handlerBodies)
}

// upstreamErrorAsProtocolError: a tool handler whose errors become JSON-RPC errors (mark3labs,
// go-sdk low-level, an adapter that passes errors through) returns an error in the branch
// that handles a failed upstream call: I/O, HTTP, a database, a subprocess, or any call that
// takes a context.Context (the same line preserve-cause-on-rethrow draws between local and
// upstream failures). The spec puts such failures in tool results (isError), where the model
// reads them; as JSON-RPC errors it learns nothing and many clients show a crash. Argument
// errors are tool-error-as-protocol-error's, so each return is reported by one rule at most.
func upstreamErrorAsProtocolError(p *rule.Pass, h *handler, handedOn map[token.Pos]bool) {
	// A server whose middleware turns handler errors into tool results serves this
	// handler: the error is not a protocol error on every server, so it is left alone.
	if h.Kind != mcpmodel.Tool || h.ErrorsConverted || (h.Errors != mcpmodel.ProtocolError && len(h.Except) == 0) {
		return
	}
	if h.ErrorIndex < 0 {
		return
	}
	var args *argOrigins

	reported := map[*ast.ReturnStmt]bool{}
	h.paths(func(ret *ast.ReturnStmt, path *flow.Path) {
		e := result(ret, h.ErrorIndex)
		if reported[ret] || h.ErrorModeOf(h.pass.TypesInfo, e) != mcpmodel.ProtocolError ||
			path.Results[h.ErrorIndex].Nil != flow.NonNil && !h.returnsUpstreamParam(path) {
			return
		}
		if h.ResultIndex >= 0 && path.Results[h.ResultIndex].Nil != flow.Nil {
			return // a result beside the error is result-and-error's mistake
		}
		// The error a function of the package handed on, the caller's upstream failure: the
		// mistake is that function's, reported there once.
		if at := h.handedOnUpstream(path); at.IsValid() {
			reported[ret] = true
			if !handedOn[at] {
				handedOn[at] = true
				p.Report(rule.Span{Start: at}, handedOnMessage(h))
			}
			return
		}
		callee := h.failedUpstreamOn(path)
		if callee == "" {
			callee = h.failingStatus(path)
		}
		if callee == "" {
			callee = h.missingInResponse(path)
		}
		if callee == "" && (h.upstreamParamInHand(path) || h.returnsUpstreamParam(path)) && !handedOn[ret.Pos()] {
			// A delegate of another package returning the upstream failure its callers gave it.
			handedOn[ret.Pos()], reported[ret] = true, true
			p.Report(ret, handedOnMessage(h), h.toolErrorFix(ret, e)...)
			return
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
		if at := h.AdapterReturn; at.IsValid() {
			// The function cannot return a tool result: the adapter that sends its error on
			// is the line to change, once for every function it wraps.
			if !handedOn[at] {
				handedOn[at] = true
				p.Report(rule.Span{Start: at}, "wrapped functions fail upstream ("+callee+"): "+h.WireErrorCode()+"; return "+h.sdkToolErrorAdvice())
			}
			return
		}
		p.Report(ret, callee+" failed upstream: "+h.WireErrorCode()+"; return "+h.toolErrorAdvice(), h.toolErrorFix(ret, e)...)
	})
	// Returns that forward one call's results (`return respond(v, err)`).
	h.pathsAndForwards(func(ret *ast.ReturnStmt, path *flow.Path) {
		if len(ret.Results) == 1 && len(path.Results) > 1 && path.Results[h.ErrorIndex].Nil == flow.NonNil &&
			(h.ResultIndex < 0 || path.Results[h.ResultIndex].Nil == flow.Nil) {
			if at := h.handedOnUpstream(path); at.IsValid() && !handedOn[at] {
				handedOn[at] = true
				p.Report(rule.Span{Start: at}, handedOnMessage(h))
			}
		}
	})
}

// handedOnUpstream reports a function of the package whose error the handler returns as it
// is (`return respond(v, err)`) that hands on, as its own error, the failure of an upstream
// call the handler passed it: the mistake is in that function, and it is reported there, once
// however many handlers call it. A function of another package is checked in its own package,
// as a delegate the module graph gives the upstream arguments of its call sites
// (Handler.UpstreamParams).
func (h *handler) handedOnUpstream(path *flow.Path) token.Pos {
	c, k := flow.Extracted(path.Results[h.ErrorIndex].Value)
	if c == nil || c.Call.IsInvoke() {
		return token.NoPos
	}
	// A function of the package, called directly or through a variable that holds it.
	if f := h.flow.Called(c); f == nil || f.Pkg != h.flow.Package() && (f.Object() == nil || f.Object().Pkg() != h.pass.Pkg) {
		return token.NoPos
	}
	sh, ok := path.ShapeOf(c)
	j := sh.CarriedParam(k)
	if !ok || j < 0 || j >= len(c.Call.Args) || !slices.Contains(h.flow.UpstreamArgs(c), j) {
		return token.NoPos
	}
	return sh.Ret
}

// upstreamParamInHand reports whether the error in hand where path returns is a parameter the
// delegate's callers give an upstream failure (Handler.UpstreamParams).
func (h *handler) upstreamParamInHand(path *flow.Path) bool {
	if len(h.UpstreamParams) == 0 {
		return false
	}
	for _, v := range h.flow.InHand(path.Return.Block()) {
		if q, ok := v.(*ssa.Parameter); ok && slices.Contains(h.UpstreamParams, slices.Index(q.Parent().Params, q)) {
			return true
		}
	}
	return false
}

// returnsUpstreamParam reports whether path returns, as its error, a parameter the
// delegate's callers give an upstream failure, whatever its nilness here: gitea-mcp's
// `func ErrorResult(err error) (*mcp.CallToolResult, error) { return nil, err }`, which every
// handler calls with its failures.
func (h *handler) returnsUpstreamParam(path *flow.Path) bool {
	q, ok := flow.Core(path.Results[h.ErrorIndex].Value).(*ssa.Parameter)
	return ok && len(h.UpstreamParams) > 0 && slices.Contains(h.UpstreamParams, slices.Index(q.Parent().Params, q))
}

// handedOnMessage is the finding at a return that hands on its callers' upstream failure.
func handedOnMessage(h *handler) string {
	return "callers' upstream failure returned as an error: " + h.WireErrorCode() + "; return " + h.toolErrorAdvice()
}

// upstreamCall is outside.UpstreamCall with what the engine knows of the module: a function
// or interface method of the module that leaves the process (a client behind an interface, a
// wrapper without a context) is upstream too.
func (h *handler) upstreamCall(call *ast.CallExpr) string {
	if name := outside.UpstreamCall(h.pass.TypesInfo, call); name != "" {
		return name
	}
	if fn, ok := typeutil.Callee(h.pass.TypesInfo, call).(*types.Func); ok && h.flow.LeavesProcess(fn) {
		return types.ExprString(call.Fun)
	}
	// A call through a package variable that holds one function (`var readTemplate =
	// (&templates{}).read`).
	if c, _ := flow.CallIn(h.flow.Function(h.Node), call.Lparen); c != nil && h.flow.CallLeaves(c) {
		return types.ExprString(call.Fun)
	}
	return ""
}

// failedUpstreamOn names the upstream call whose error the engine knows is in hand where path
// returns, however the branch is written (a negated guard, an else, a switch case). With several errors in hand, only one the returned error is made of counts.
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
			if name := h.upstreamCall(call); name != "" {
				return name
			}
		}
	}
	return ""
}

// missingInResponse names the upstream call that decoded a response path returns on finding a
// field of missing (`if query.Stack == nil` after `client.Query(ctx, &query, vars)`), or "".
func (h *handler) missingInResponse(path *flow.Path) string {
	return h.calleeText(status.Missing(path.Return.Parent(), path.Return.Block(), h.flow.CallLeaves))
}

// failingStatus names the call whose response path returns on the failing side of a status
// check of (`if resp.StatusCode != http.StatusOK`), or "".
func (h *handler) failingStatus(path *flow.Path) string {
	return h.calleeText(status.Failure(path.Return.Parent(), path.Return.Block()))
}

// calleeText is the source text of what c calls (client.Query), as written in the handler;
// "" when c is nil or not a call of the handler's syntax.
func (h *handler) calleeText(c *ssa.Call) string {
	if c == nil {
		return ""
	}
	if call := flow.CallExprAt(h.Node, c.Pos()); call != nil {
		return types.ExprString(call.Fun)
	}
	return ""
}
