package handlerrules

import (
	"go/ast"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

func (rules) WrappedProtocolError() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "wrapped-protocol-error", Family: Family, Severity: rule.Error, SDKs: rule.GoSDK,
		Title: "typed handler wraps a *jsonrpc.Error, demoting it to a tool error",
		Run:   wrappedProtocolError,
	}, (*kinds).handlerBodies)
}

// wrappedProtocolError: a go-sdk typed handler returns a *jsonrpc.Error wrapped in another
// error. go-sdk recognises protocol errors with a plain type assertion, so the wrapped one is
// demoted to a tool error and its code is lost.
func wrappedProtocolError(p *rule.Pass, defs *mcpdefs.Result, hs []*handler) {
	for _, h := range hs {
		if h.Flavour != mcpmodel.GoSDKTypedTool {
			continue
		}
		// The error each path returns, through variables and bare returns: the call that
		// built it, if it wraps.
		reported := map[ast.Node]bool{}
		check := func(call *ast.CallExpr) {
			for _, wrapped := range h.wrappedErrors(call) {
				if !reported[wrapped] && h.protocolError(wrapped, 0) {
					reported[wrapped] = true
					p.Reportf(wrapped, "wrapped *jsonrpc.Error becomes a tool error and loses its code; return it unwrapped")
				}
			}
		}
		// The returned expression itself, and the call that built each path's error.
		h.returns(func(ret *ast.ReturnStmt, _ []ast.Node) {
			if call, ok := ast.Unparen(result(ret, h.ErrorIndex)).(*ast.CallExpr); ok {
				check(call)
			}
		})
		h.paths(func(_ *ast.ReturnStmt, path *flow.Path) {
			if call := h.builtBy(path, h.ErrorIndex); call != nil {
				check(call)
			}
		})
	}
}

// wrappedErrors lists the errors a call wraps: the %w operands of fmt.Errorf and the
// operands of errors.Join.
func (h *handler) wrappedErrors(call *ast.CallExpr) []ast.Expr {
	info := h.pass.TypesInfo
	switch {
	case astutil.IsPkgFunc(info, call, "errors", "Join"):
		return call.Args
	case astutil.IsPkgFunc(info, call, "fmt", "Errorf"):
		wrapped, _ := astutil.ErrorfWraps(info, call)
		var out []ast.Expr
		for _, i := range wrapped {
			out = append(out, call.Args[i])
		}
		return out
	}
	return nil
}

// protocolError reports whether e is a protocol error, directly or through a variable every
// assignment of which is one.
func (h *handler) protocolError(e ast.Expr, depth int) bool {
	if h.defs.IsProtocolError(e) {
		return true
	}
	if depth > 4 {
		return false
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		as := h.assigns[h.obj(id)]
		if len(as) == 0 {
			return false
		}
		for _, a := range as {
			if a == nil || !h.protocolError(a, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}
