package handlerrules

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/oracle"
)

func (rules) WrappedProtocolError() rule.Entry[*kinds] {
	return rule.Declare(perHandler{
		ID: "wrapped-protocol-error", Severity: rule.Error, SDKs: rule.GoSDK,
		Title: "typed handler wraps a *jsonrpc.Error, demoting it to a tool error",
		Run:   wrappedProtocolError,
	}, (*kinds).handler)
}

// wrappedProtocolError: a go-sdk typed handler returns a *jsonrpc.Error wrapped in another
// error. go-sdk recognises protocol errors with a plain type assertion, so the wrapped one is
// demoted to a tool error and its code is lost.
func wrappedProtocolError(p *rule.Pass, h *handler) {
	if h.Flavour != mcpmodel.GoSDKTypedTool {
		return
	}
	// The error each path returns, through variables and bare returns: the call that
	// built it, if it wraps.
	reported := map[ast.Node]bool{}
	fn := h.flow.Function(h.Node)
	check := func(call *ast.CallExpr, returned bool) {
		c, _ := flow.CallIn(fn, call.Lparen)
		var args []ssa.Value
		if c != nil {
			args = flow.Arguments(c)
		}
		for _, i := range h.wrappedArgs(call) {
			wrapped := call.Args[i]
			if reported[wrapped] {
				continue
			}
			if h.defs.IsProtocolError(wrapped) || i < len(args) && h.protocolErrorValue(args[i], 0) {
				reported[wrapped] = true
				var fixes []analysis.SuggestedFix
				// Only where the call is the returned expression: `err := perr` would give err
				// the concrete pointer type.
				if returned && astutil.IsPkgFunc(h.pass.TypesInfo, call, "fmt", "Errorf") && h.usedElsewhere(call, wrapped) {
					fixes = append(fixes, analysis.SuggestedFix{Message: "Return the *jsonrpc.Error unwrapped", TextEdits: []analysis.TextEdit{
						{Pos: call.Pos(), End: call.End(), NewText: []byte(render(h.pass, wrapped))},
					}})
				}
				p.Report(wrapped, "wrapped *jsonrpc.Error becomes a tool error and loses its code; return it unwrapped", fixes...)
			}
		}
	}
	// The returned expression itself, and the call that built each path's error.
	h.returns(func(ret *ast.ReturnStmt) {
		if call, ok := ast.Unparen(result(ret, h.ErrorIndex)).(*ast.CallExpr); ok {
			check(call, true)
		}
	})
	h.paths(func(_ *ast.ReturnStmt, path *flow.Path) {
		if call := h.builtBy(path, h.ErrorIndex); call != nil {
			check(call, false)
		}
	})
}

// wrappedErrors lists the errors a call wraps: the %w operands of fmt.Errorf and the
// operands of errors.Join.
func (h *handler) wrappedErrors(call *ast.CallExpr) []ast.Expr {
	var out []ast.Expr
	for _, i := range h.wrappedArgs(call) {
		out = append(out, call.Args[i])
	}
	return out
}

// wrappedArgs are the indexes of wrappedErrors among call's arguments.
func (h *handler) wrappedArgs(call *ast.CallExpr) []int {
	info := h.pass.TypesInfo
	switch {
	case astutil.IsPkgFunc(info, call, "errors", "Join"):
		out := make([]int, len(call.Args))
		for i := range call.Args {
			out[i] = i
		}
		return out
	case astutil.IsPkgFunc(info, call, "fmt", "Errorf"):
		wrapped, _ := astutil.ErrorfWraps(info, call)
		return wrapped
	}
	return nil
}

// protocolErrorValue reports whether every value the engine finds flowing into v (through
// locals, phis and interface conversions) is a protocol error: of the go-sdk's error type,
// or built by a call recognition knows makes one.
func (h *handler) protocolErrorValue(v ssa.Value, depth int) bool {
	if v == nil || depth > 4 {
		return false
	}
	v = flow.Core(v)
	if oracle.IsProtocolErrorTypeName(types.TypeString(v.Type(), nil)) {
		return true
	}
	inner := func(w ssa.Value) bool { return h.protocolErrorValue(w, depth+1) }
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return inner(x.X)
	case *ssa.Phi:
		return flow.Every(x.Edges, inner)
	case *ssa.UnOp:
		if _, local := x.X.(*ssa.Alloc); !local {
			return false
		}
		return flow.Every(flow.Stored(x.X), inner)
	}
	if c := flow.CallOf(v); c != nil {
		syn := flow.CallExprAt(h.Node, c.Pos())
		return syn != nil && h.defs.IsProtocolError(syn)
	}
	return false
}
