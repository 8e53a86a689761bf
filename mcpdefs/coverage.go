package mcpdefs

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

// Coverage says whether the rules check the handler of a tool definition: Checked when
// recognition has the handler's body in this package and every function the body hands the
// tool's arguments to is followed; Declared when the handler is a named function of another
// package, which is checked there if recognition recognises it there (a run over both
// settles it); otherwise Reason says, in a clause, why not.
type Coverage struct {
	Checked  bool
	Declared *types.Func
	Reason   string
	// Site is the call of a layer site (see Result.Layers) the reason is about: a driver that
	// resolves it checks the functions behind it.
	Site token.Pos
}

// NoRegistration is CoverageOf's reason for a definition that no handler is linked to.
const NoRegistration = "no registration with a handler is linked to it"

// CoverageOf answers Coverage for d.
func (r *Result) CoverageOf(d *mcpmodel.Definition) Coverage {
	switch {
	case d.HandlerNil || d.HandlerOmitted:
		return Coverage{Reason: "its handler is nil"}
	case d.Handler != nil:
		return r.handlerCoverage(d.Handler)
	case d.HandlerExpr == nil:
		if c, ok := r.givenHandler(d); ok {
			return c
		}
		return Coverage{Reason: NoRegistration}
	}
	e := ast.Unparen(d.HandlerExpr)
	if id := astutil.NameIdent(e); id != nil && r.info != nil {
		if fn, ok := r.info.Uses[id].(*types.Func); ok {
			if fn.Pkg() != nil && fn.Pkg() != r.pkg {
				return Coverage{Declared: fn}
			}
			return Coverage{Reason: "its handler " + fn.Name() + " is not recognised as a handler"}
		}
	}
	what := "a value computed at run time"
	switch x := e.(type) {
	case *ast.IndexExpr:
		what = "an element of " + types.ExprString(x.X)
	case *ast.CallExpr:
		what = "the function " + types.ExprString(x.Fun) + " returns"
	case *ast.SelectorExpr:
		what = "the field " + types.ExprString(x)
	case *ast.Ident:
		what = "the variable " + x.Name
	}
	return Coverage{Reason: "its handler is " + what + ", which recognition does not follow"}
}

// handlerCoverage is the coverage of a definition whose handler h is in this package.
func (r *Result) handlerCoverage(h *mcpmodel.Handler) Coverage {
	if h.Body == nil {
		return Coverage{Reason: "its handler " + h.Name + " has no body in the module"}
	}
	for _, u := range r.Unmapped {
		if u.Call.Pos() >= h.Node.Pos() && u.Call.End() <= h.Node.End() {
			reason := u.Reason
			if fun := types.ExprString(u.Call.Fun); !strings.HasPrefix(reason, "the handler hands") {
				reason += " (" + fun + ")"
			}
			c := Coverage{Reason: reason}
			if u.Site {
				c.Site = u.Call.Lparen
			}
			return c
		}
	}
	return Coverage{Checked: true}
}

// givenHandler is the coverage of a definition made by a call of a module helper (an
// instance: `adapt.MustTool(s, "get", get)`), from the function given to the helper: the
// first function-typed argument recognised as a tool handler here, or named in another
// package.
func (r *Result) givenHandler(d *mcpmodel.Definition) (Coverage, bool) {
	call, _ := d.Node.(*ast.CallExpr)
	if call == nil {
		call = d.Registration
	}
	if call == nil || r.r == nil || r.info == nil {
		return Coverage{}, false
	}
	var elsewhere *types.Func
	for _, a := range call.Args {
		if _, ok := types.Unalias(r.info.TypeOf(a)).Underlying().(*types.Signature); !ok {
			continue
		}
		if h := r.r.resolveHandler(a, 0); h != nil && h.Kind == mcpmodel.Tool {
			return r.handlerCoverage(h), true
		}
		if id := astutil.NameIdent(a); id != nil && elsewhere == nil {
			if fn, ok := r.info.Uses[id].(*types.Func); ok && fn.Pkg() != nil && fn.Pkg() != r.pkg {
				elsewhere = fn
			}
		}
	}
	if elsewhere != nil {
		return Coverage{Declared: elsewhere}, true
	}
	return Coverage{}, false
}
