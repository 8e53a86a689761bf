package mcpdefs

import (
	"go/ast"
	"go/types"

	"github.com/mcplint-go/mcplint/mcpdefs/registrars"
)

// registrarCall records a call of an inferred registrar (mcpdefs/registrars) as the
// registration it makes.
func (r *recogniser) registrarCall(call *ast.CallExpr, fn *types.Func, f *registrars.Fact) {
	if f.Def >= len(call.Args) {
		return
	}
	sig := fn.Signature()
	if f.Kind == 0 {
		// Pair literals: the argument (a slice of them), or each argument from Def on when
		// the registrar's parameter is variadic and the call lists them.
		args := call.Args[f.Def : f.Def+1]
		if sig.Variadic() && f.Def == sig.Params().Len()-1 && !call.Ellipsis.IsValid() {
			args = call.Args[f.Def:]
		}
		for _, a := range args {
			r.pending = append(r.pending, registration{call: call, def: a, sdk: f.SDK, registrar: true})
		}
		return
	}
	var handler ast.Expr
	if f.Handler >= 0 && f.Handler < len(call.Args) {
		handler = call.Args[f.Handler]
	}
	r.pending = append(r.pending, registration{call: call, kind: f.Kind, sdk: f.SDK, def: call.Args[f.Def], handler: handler, api: f.API, registrar: true})
}
