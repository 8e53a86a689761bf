package handlerrules

import (
	"go/ast"
	"go/types"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs"
)

// inHand lists the errors a node has in hand because of the branches around it: the x of an
// enclosing `if x != nil`, of `if errors.Is(x, ...)`/`errors.As(x, &t)` (and t), of
// `switch v := x.(type)` (and v), and of a `case errors.Is(x, ...)` in a tagless switch.
func (h *handler) inHand(stack []ast.Node) map[types.Object]bool {
	info := h.pass.TypesInfo
	out := map[types.Object]bool{}
	add := func(e ast.Expr) {
		if o := h.obj(e); o != nil && isErrorType(o.Type()) {
			out[o] = true
		}
	}
	addErrorsCall := func(e ast.Expr) {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) < 2 {
			return
		}
		switch {
		case mcpdefs.IsPkgFunc(info, call, "errors", "Is"):
			add(call.Args[0])
		case mcpdefs.IsPkgFunc(info, call, "errors", "As"):
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
				if isErrorType(o.Type()) {
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
			if x != nil && isErrorType(info.TypeOf(x)) {
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
