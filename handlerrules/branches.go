package handlerrules

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/astutil"
)

// inHand lists the errors a node has in hand because of the branches around it: the x of an
// enclosing `if x != nil`, of `if errors.Is(x, ...)`/`errors.As(x, &t)` (and t), of
// `switch v := x.(type)` (and v), and of a `case errors.Is(x, ...)` in a tagless switch.
func (h *handler) inHand(stack []ast.Node) map[types.Object]bool {
	info := h.pass.TypesInfo
	out := map[types.Object]bool{}
	add := func(e ast.Expr) {
		if o := h.obj(e); o != nil && astutil.ImplementsError(o.Type()) {
			out[o] = true
		}
	}
	addErrorsCall := func(e ast.Expr) {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) < 2 {
			return
		}
		switch {
		case astutil.IsPkgFunc(info, call, "errors", "Is"):
			add(call.Args[0])
		case astutil.IsPkgFunc(info, call, "errors", "As"):
			add(call.Args[0])
			if u, ok := ast.Unparen(call.Args[1]).(*ast.UnaryExpr); ok {
				if o := h.obj(u.X); o != nil {
					out[o] = true
				}
			}
		}
	}
	for i, n := range stack {
		next := ast.Node(nil)
		if i+1 < len(stack) {
			next = stack[i+1]
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if next != n.Body {
				continue
			}
			for _, o := range h.testedNonNil([]ast.Node{n, n.Body}) {
				if astutil.ImplementsError(o.Type()) {
					out[o] = true
				}
			}
			for _, c := range astutil.Conjuncts(n.Cond) {
				addErrorsCall(c)
			}
		case *ast.TypeSwitchStmt:
			var x ast.Expr
			switch a := n.Assign.(type) {
			case *ast.AssignStmt:
				if len(a.Rhs) == 1 {
					if ta, ok := ast.Unparen(a.Rhs[0]).(*ast.TypeAssertExpr); ok {
						x = ta.X
					}
				}
			case *ast.ExprStmt:
				if ta, ok := ast.Unparen(a.X).(*ast.TypeAssertExpr); ok {
					x = ta.X
				}
			}
			// Only a switch over an error has an error in hand: a switch over an argument's
			// value (args["n"].(type)) binds a value, not a failure.
			if x != nil && astutil.ImplementsError(info.TypeOf(x)) {
				add(x)
				for j := i + 1; j < len(stack); j++ {
					if cc, ok := stack[j].(*ast.CaseClause); ok {
						if o := info.Implicits[cc]; o != nil {
							out[o] = true
						}
						break
					}
				}
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				addErrorsCall(e)
			}
		}
	}
	return out
}

// inHandAt is inHand for the call at the top of stack, with the errors the engine knows are
// non-nil wherever the call runs: the branch around it may be written any way (`if err ==
// nil { ...; return }` before it, an else, a switch case).
func (h *handler) inHandAt(call *ast.CallExpr, stack []ast.Node) map[types.Object]bool {
	if h.deadAt(call, stack) {
		// An error branch no path takes has nothing in hand: an earlier branch proved the
		// error nil.
		return map[types.Object]bool{}
	}
	out := h.inHand(stack)
	fnNode, vals := h.engineInHand(call, stack)
	for _, v := range vals {
		if o := h.objectOf(fnNode, v); o != nil {
			out[o] = true
		}
	}
	return out
}

// deadAt reports whether no path runs the call at the top of stack.
func (h *handler) deadAt(call *ast.CallExpr, stack []ast.Node) bool {
	if _, b := flow.CallIn(h.flow.Function(h.funcNodeOf(stack)), call.Lparen); b != nil {
		return h.flow.Dead(b)
	}
	return false
}

// funcNodeOf is the innermost function literal of stack, or the handler.
func (h *handler) funcNodeOf(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		if lit, ok := stack[i].(*ast.FuncLit); ok {
			return lit
		}
	}
	return h.Node
}

// engineInHand returns the function node around the call at the top of stack and the error
// values the engine knows are non-nil where the call runs.
func (h *handler) engineInHand(call *ast.CallExpr, stack []ast.Node) (ast.Node, []ssa.Value) {
	fnNode := h.funcNodeOf(stack)
	if _, b := flow.CallIn(h.flow.Function(fnNode), call.Lparen); b != nil {
		return fnNode, h.flow.InHand(b)
	}
	return fnNode, nil
}

// objectOf is the variable of fnNode that holds the SSA value v: the parameter, or the
// variable a call's result is assigned to (`v, err := f()`).
func (h *handler) objectOf(fnNode ast.Node, v ssa.Value) types.Object {
	if p, ok := v.(*ssa.Parameter); ok {
		return p.Object()
	}
	call := flow.CallOf(v)
	if call == nil {
		return nil
	}
	idx := 0
	if ex, ok := v.(*ssa.Extract); ok {
		idx = ex.Index
	}
	var obj types.Object
	ast.Inspect(fnNode, func(n ast.Node) bool {
		if obj != nil {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || idx >= len(as.Lhs) {
			return true
		}
		if c, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok && c.Lparen == call.Pos() {
			if o := h.obj(as.Lhs[idx]); o != nil && astutil.ImplementsError(o.Type()) {
				obj = o
			}
		}
		return obj == nil
	})
	return obj
}
