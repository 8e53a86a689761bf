// Package toolargs tells, in the body of an SDK handler, which values are the tool's
// arguments: the typed input, variables the arguments are decoded into, and literals that
// carry them. An adapter's call of a function value that is handed one of them hands the
// wrapped function the tool's input.
package toolargs

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Code is what the reader asks recognition of the package's code.
type Code interface {
	Callee(call *ast.CallExpr) *types.Func
	ObjectOf(id *ast.Ident) types.Object
	// ModulePackage reports whether p belongs to the module being checked.
	ModulePackage(p *types.Package) bool
	// IsArguments reports whether e is handler h's tool arguments as the SDK hands them.
	IsArguments(e ast.Expr, h *mcpmodel.Handler) bool
}

// Reader reads one package's handlers.
type Reader struct {
	Info *types.Info
	Code
}

// Carries reports whether e is a struct literal that holds h's raw tool arguments:
// the server's own request built from the SDK's (razorpay's
// CallToolRequest{Name: req.Params.Name, Arguments: req.Params.Arguments}).
func (r Reader) Carries(h *mcpmodel.Handler, e ast.Expr) bool {
	lit := astutil.CompositeOf(e)
	return lit != nil && slices.ContainsFunc(lit.Elts, func(elt ast.Expr) bool {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			elt = kv.Value
		}
		return r.IsArguments(elt, h)
	})
}

// HandsOn reports whether an argument of call is h's request, a variable of decoded
// arguments, or (when input) h's typed input.
func (r Reader) HandsOn(h *mcpmodel.Handler, call *ast.CallExpr, input bool) bool {
	info := r.Info
	decoded := r.Decoded(h)
	for _, a := range call.Args {
		if r.IsArguments(a, h) {
			return true
		}
		if r.Carries(h, a) {
			return true
		}
		if id, ok := ast.Unparen(a).(*ast.Ident); ok {
			o := info.Uses[id]
			if o != nil && (o == h.Request || input && o == h.Input || decoded[o]) {
				return true
			}
		}
	}
	return false
}

// InputArg is the index of the last of args that is SDK handler h's tool input: its typed
// input, a variable of decoded arguments, or a literal that carries them; -1 when none is.
func (r Reader) InputArg(h *mcpmodel.Handler, args []ast.Expr) int {
	info, decoded, at := r.Info, r.Decoded(h), -1
	for i, a := range args {
		if id, ok := ast.Unparen(a).(*ast.Ident); ok && (h.Input != nil && info.Uses[id] == h.Input || decoded[info.Uses[id]]) {
			at = i
		}
		if r.Carries(h, a) {
			at = i
		}
	}
	return at
}

// Decoded lists the variables SDK handler h decodes the tool arguments into:
// json.Unmarshal(req.Params.Arguments, &v), req.BindArguments(&v), or takes them as a map:
// args, ok := req.Params.Arguments.(map[string]any), args := req.GetArguments(). A wrapped
// function given one of them receives the tool's input.
func (r Reader) Decoded(h *mcpmodel.Handler) map[types.Object]bool {
	out := map[types.Object]bool{}
	info := r.Info
	// Two rounds: a struct literal that carries decoded arguments (podman's
	// api.ToolHandlerParams{Arguments: arguments}) may come after their decoding.
	for round := 0; round < 2; round++ {
		r.decodeRound(h, out)
	}
	ast.Inspect(h.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Rhs) != 1 || len(n.Lhs) == 0 {
				return true
			}
			rhs := ast.Unparen(n.Rhs[0])
			if ta, ok := rhs.(*ast.TypeAssertExpr); ok {
				rhs = ta.X
			}
			if id, ok := ast.Unparen(n.Lhs[0]).(*ast.Ident); ok && r.IsArguments(rhs, h) {
				if o := r.ObjectOf(id); o != nil {
					out[o] = true
				}
			}
		case *ast.CallExpr:
			var target ast.Expr
			fn, _ := typeutil.Callee(info, n).(*types.Func)
			switch {
			case sdkapi.APIOf(typeutil.Callee(info, n)) == sdkapi.APIArgBind && len(n.Args) == 1:
				target = n.Args[0]
			case fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "encoding/json" && fn.Name() == "Unmarshal" && len(n.Args) == 2 && r.IsArguments(n.Args[0], h):
				target = n.Args[1]
			}
			if u, ok := ast.Unparen(target).(*ast.UnaryExpr); ok && u.Op == token.AND {
				if id, ok := ast.Unparen(u.X).(*ast.Ident); ok && info.Uses[id] != nil {
					out[info.Uses[id]] = true
				}
			}
		}
		return true
	})
	return out
}

// decodeRound adds to out the variables SDK handler h assigns from a module function given its
// request (arguments, err := parseToolCallArguments(req)) or from a struct literal holding a
// variable already in out.
func (r Reader) decodeRound(h *mcpmodel.Handler, out map[types.Object]bool) {
	info := r.Info
	ast.Inspect(h.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || len(as.Lhs) == 0 {
			return true
		}
		id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident)
		if !ok || id.Name == "_" {
			return true
		}
		decoded := false
		switch x := ast.Unparen(as.Rhs[0]).(type) {
		case *ast.CallExpr:
			fn := r.Callee(x)
			if fn == nil || fn.Pkg() == nil || !r.ModulePackage(fn.Pkg()) || h.Request == nil {
				return true
			}
			for _, a := range x.Args {
				if ai, ok := ast.Unparen(a).(*ast.Ident); ok && info.Uses[ai] == h.Request {
					decoded = true
				}
			}
		case *ast.CompositeLit:
			for _, elt := range x.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					elt = kv.Value
				}
				if ei, ok := ast.Unparen(elt).(*ast.Ident); ok && out[info.Uses[ei]] || r.IsArguments(elt, h) {
					decoded = true
				}
			}
		}
		if o := r.ObjectOf(id); decoded && o != nil {
			if _, isStruct := o.Type().Underlying().(*types.Struct); isStruct || isMap(o.Type()) {
				out[o] = true
			}
		}
		return true
	})
}

func isMap(t types.Type) bool {
	_, ok := t.Underlying().(*types.Map)
	return ok
}
