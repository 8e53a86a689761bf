package mcpdefs

import (
	"go/ast"
	"go/types"

	"github.com/mcplint/mcplint/internal/astutil"
)

// adapter is a parameter of a function of this package that receives a handler in the
// repository's own shape and is called from an SDK handler that returns whatever it returns:
//
//	func NewTool[In, Out any](tool mcp.Tool, h func(ctx context.Context, deps Deps, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error)) ServerTool {
//		return wrap(tool, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
//			return h(ctx, depsFrom(ctx), req, in)
//		})
//	}
//
// The SDK handler passes the results through unchanged, so whatever is given for h has the
// SDK handler's error semantics, and its body is checked as a handler.
type adapter struct {
	param    int
	template *Handler
}

// adapters finds pass-through adapters and recognises the functions given to them, and
// handlers that delegate: a handler whose every return is `return f(...)` for one function f
// of this package (with more parameters, say a logger) makes f a handler too.
func (r *recogniser) adapters() {
	found := map[*types.Func][]adapter{}
	for _, h := range append([]*Handler(nil), r.res.Handlers...) {
		if f := r.delegate(h); f != nil {
			r.adapted(f, h)
		}
	}
	for _, h := range r.res.Handlers {
		fn := r.declaredIn(h)
		if fn == nil {
			continue
		}
		if i, ok := r.passThrough(h, fn); ok {
			found[fn] = append(found[fn], adapter{param: i, template: h})
		}
	}
	if len(found) == 0 {
		return
	}
	for _, c := range r.containers {
		call, ok := c.(*ast.CallExpr)
		if !ok {
			continue
		}
		fn := r.callee(call)
		for _, a := range found[fn] {
			if a.param < len(call.Args) {
				r.adapted(call.Args[a.param], a.template)
			}
		}
	}
}

// delegate returns the function of this package that every return of h calls and passes
// through, or nil.
func (r *recogniser) delegate(h *Handler) ast.Expr {
	if h.Body == nil {
		return nil
	}
	var target *types.Func
	var fun ast.Expr
	bad := false
	ast.Inspect(h.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			var call *ast.CallExpr
			if len(n.Results) == 1 {
				call, _ = ast.Unparen(n.Results[0]).(*ast.CallExpr)
			}
			fn := (*types.Func)(nil)
			if call != nil {
				fn = r.callee(call)
			}
			if fn == nil || r.decls[fn] == nil || (target != nil && target != fn) {
				bad = true
				return false
			}
			target, fun = fn, call.Fun
		}
		return true
	})
	if bad || target == nil {
		return nil
	}
	return fun
}

// passThrough reports whether every return of h is `return p(...)` for one function
// parameter p of fn, and which parameter that is.
func (r *recogniser) passThrough(h *Handler, fn *types.Func) (int, bool) {
	params := fn.Signature().Params()
	idx := -1
	count := 0
	var bad bool
	ast.Inspect(h.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			count++
			if len(n.Results) != 1 {
				bad = true
				return false
			}
			call, ok := ast.Unparen(n.Results[0]).(*ast.CallExpr)
			if !ok {
				bad = true
				return false
			}
			id, ok := ast.Unparen(call.Fun).(*ast.Ident)
			if !ok {
				bad = true
				return false
			}
			v, _ := r.pass.TypesInfo.Uses[id].(*types.Var)
			i := indexOf(params, v)
			if i < 0 || (idx >= 0 && idx != i) {
				bad = true
				return false
			}
			idx = i
		}
		return true
	})
	return idx, !bad && count > 0 && idx >= 0
}

func indexOf(params *types.Tuple, v *types.Var) int {
	if v == nil {
		return -1
	}
	for i := 0; i < params.Len(); i++ {
		if params.At(i) == v || params.At(i).Origin() == v.Origin() {
			return i
		}
	}
	return -1
}

// adapted recognises the function e denotes as a handler with the template's semantics.
func (r *recogniser) adapted(e ast.Expr, template *Handler) {
	var node ast.Node
	var sig *types.Signature
	var body *ast.BlockStmt
	var ftype *ast.FuncType
	var name string
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		node, body, ftype = x, x.Body, x.Type
		sig, _ = r.pass.TypesInfo.TypeOf(x).(*types.Signature)
	case *ast.Ident, *ast.SelectorExpr:
		id := astutil.NameIdent(x)
		fn, ok := r.pass.TypesInfo.Uses[id].(*types.Func)
		if !ok || r.decls[fn.Origin()] == nil {
			return
		}
		decl := r.decls[fn.Origin()]
		node, body, ftype, name = decl, decl.Body, decl.Type, decl.Name.Name
		sig = fn.Signature()
	default:
		return
	}
	if sig == nil || r.res.byNode[node] != nil {
		return
	}
	results := sig.Results()
	if results.Len() != template.Sig.Results().Len() {
		return
	}
	h := &Handler{
		Kind: template.Kind, SDK: template.SDK, Flavour: template.Flavour, Errors: template.Errors,
		Node: node, Type: ftype, Body: body, Sig: sig, Name: name,
		ResultIndex: template.ResultIndex, OutIndex: template.OutIndex, ErrorIndex: template.ErrorIndex,
		Registered: true,
	}
	reqType := template.Sig.Params().At(1).Type()
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		if types.Identical(p.Type(), reqType) && p.Name() != "" && p.Name() != "_" {
			h.Request = p
		}
	}
	if template.In != nil && sig.Params().Len() > 0 {
		h.In = sig.Params().At(sig.Params().Len() - 1).Type()
		if v := sig.Params().At(sig.Params().Len() - 1); v.Name() != "" && v.Name() != "_" {
			h.Input = v
		}
	}
	if template.OutIndex >= 0 {
		h.Out = results.At(template.OutIndex).Type()
	}
	r.res.Handlers = append(r.res.Handlers, h)
	r.res.byNode[node] = h
}

// declaredIn is the function a handler written as a function literal is declared in; nil for
// a handler that is not a literal inside a declared function.
func (r *recogniser) declaredIn(h *Handler) *types.Func {
	lit, ok := h.Node.(*ast.FuncLit)
	if !ok {
		return nil
	}
	decl := r.enclosing[lit]
	if decl == nil {
		return nil
	}
	fn, _ := r.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	return fn
}
