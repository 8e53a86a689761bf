package mcpdefs

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

// localVar returns the variable an identifier denotes, or nil for anything else (fields,
// functions, constants, package names).
func (r *recogniser) localVar(e ast.Expr) types.Object {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := r.objectOf(id).(*types.Var)
	if !ok || v.IsField() {
		return nil
	}
	return v
}

// markRoot records the variable at the root of a selector, index or star chain (t in
// t.InputSchema.Type, &t, t.Annotations.ReadOnlyHint).
func (r *recogniser) markRoot(e ast.Expr, into map[types.Object]bool) {
	if v := r.localVar(astutil.ChainRoot(e)); v != nil {
		into[v] = true
	}
}

// markCopy records a variable assigned as a whole to another one (u := t), which makes the
// value reachable under another name.
func (r *recogniser) markCopy(e ast.Expr) {
	if v := r.localVar(e); v != nil {
		r.copied[v] = true
	}
}

// noteCallArgs records variables passed to a call, to tell registrations from other calls
// once every registration is known.
func (r *recogniser) noteCallArgs(call *ast.CallExpr) {
	for _, a := range call.Args {
		if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
			r.callArgUnary[u] = true
			a = u.X
		}
		if v := r.localVar(a); v != nil {
			r.callArgs[v] = append(r.callArgs[v], call)
		}
	}
}

// markMutated sets Definition.Mutated on every definition that a suspicious variable may hold.
func (r *recogniser) markMutated() {
	registrations := map[*ast.CallExpr]bool{}
	for _, reg := range r.pending {
		if reg.call != nil {
			registrations[reg.call] = true
		}
	}
	suspicious := map[types.Object]bool{}
	for _, m := range []map[types.Object]bool{r.fieldAssigned, r.addressTaken, r.copied} {
		for v := range m {
			suspicious[v] = true
		}
	}
	for v, calls := range r.callArgs {
		for _, c := range calls {
			if !registrations[c] {
				suspicious[v] = true
			}
		}
	}
	for v := range suspicious {
		for _, e := range r.assigns[v] {
			for _, k := range []mcpmodel.Kind{mcpmodel.Tool, mcpmodel.Resource, mcpmodel.Prompt} {
				if d := r.resolveDef(e, k, 0); d != nil {
					d.Mutated = true
				}
			}
		}
	}
}
