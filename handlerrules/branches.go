package handlerrules

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/astutil"
)

// inHandAt lists the errors the engine knows are non-nil wherever the handler's call runs,
// and the variables a test on the way filled from them (errors.As's target, a type switch's
// case variable), however the branches around it are written.
func (h *handler) inHandAt(call *ast.CallExpr) map[types.Object]bool {
	_, b := flow.CallIn(h.flow.Function(h.Node), call.Lparen)
	return h.inHandIn(h.Node, b)
}

// inHandIn is inHandAt for block b of fnNode's function.
func (h *handler) inHandIn(fnNode ast.Node, b *ssa.BasicBlock) map[types.Object]bool {
	out := map[types.Object]bool{}
	if b == nil || h.flow.Dead(b) {
		// An error branch no path takes has nothing in hand: an earlier branch proved the
		// error nil.
		return out
	}
	for _, v := range append(h.flow.InHand(b), h.flow.Bound(b)...) {
		if o := h.objectOf(fnNode, v); o != nil {
			out[o] = true
		}
	}
	return out
}

// engineInHand returns the error values the engine knows are non-nil where the handler's
// call runs.
func (h *handler) engineInHand(call *ast.CallExpr) []ssa.Value {
	if _, b := flow.CallIn(h.flow.Function(h.Node), call.Lparen); b != nil {
		return h.flow.InHand(b)
	}
	return nil
}

// objectOf is the variable of fnNode that holds the SSA value v: the parameter, the variable
// a call's result is assigned to (`v, err := f()`), errors.As's target, or the variable a
// type switch's case or `v, ok := x.(T)` binds.
func (h *handler) objectOf(fnNode ast.Node, v ssa.Value) types.Object {
	switch v := v.(type) {
	case *ssa.Parameter:
		return v.Object()
	case *ssa.Alloc:
		// errors.As's target: the variable declared where the Alloc is.
		return h.declaredAt(fnNode, v.Pos())
	case *ssa.Extract:
		if ta, ok := v.Tuple.(*ssa.TypeAssert); ok && v.Index == 0 {
			return h.assertedInto(fnNode, ta.Pos())
		}
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

// declaredAt is the variable of fnNode whose name is declared at pos.
func (h *handler) declaredAt(fnNode ast.Node, pos token.Pos) types.Object {
	var obj types.Object
	ast.Inspect(fnNode, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Pos() == pos {
			obj = h.pass.TypesInfo.Defs[id]
		}
		return obj == nil
	})
	return obj
}

// assertedInto is the variable bound by the type assertion SSA places at pos: a type switch's
// case variable (the assertion stands at the case keyword) or v of `v, ok := x.(T)`.
func (h *handler) assertedInto(fnNode ast.Node, pos token.Pos) types.Object {
	var obj types.Object
	ast.Inspect(fnNode, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CaseClause:
			if n.Case == pos {
				obj = h.pass.TypesInfo.Implicits[n]
			}
		case *ast.AssignStmt:
			if ta, ok := ast.Unparen(n.Rhs[0]).(*ast.TypeAssertExpr); ok && len(n.Lhs) == 2 && ta.Lparen == pos {
				obj = h.obj(n.Lhs[0])
			}
		}
		return obj == nil
	})
	return obj
}
