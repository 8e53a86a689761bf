package mcpdefs

// The questions rules ask of a package's recognition result on demand, about expressions
// recognition itself did not need: JSON values, string lists, template argument reads,
// result contents, function declarations.

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// JSONOf evaluates an expression of the analysed package to a JSON tree (see JSON). It
// returns nil for a nil expression and for packages without MCP code.
func (res *Result) JSONOf(e ast.Expr) *jsonvalue.Value {
	if res.r == nil || e == nil {
		return nil
	}
	return res.r.eval.JSONOf(e, 0)
}

// StringList resolves e to a []string literal (through variables with one assignment) and
// returns each element as a Value; ok is false when it is not a literal.
func (res *Result) StringList(e ast.Expr) (vals []mcpmodel.Value, ok bool) {
	if res.r == nil || e == nil {
		return nil, false
	}
	lit := res.r.resolveLit(e, 0)
	if lit == nil {
		return nil, false
	}
	for _, elt := range lit.Elts {
		if kv, isKV := elt.(*ast.KeyValueExpr); isKV {
			elt = kv.Value
		}
		vals = append(vals, res.r.str(elt))
	}
	return vals, true
}

// ArgRead is a read of one template argument by a mark3labs resource template handler:
// request.Params.Arguments["key"].
type ArgRead struct {
	Key  string
	Node ast.Expr
}

// TemplateArgReads lists the constant keys a mark3labs resource handler reads from
// request.Params.Arguments, where mark3labs puts the URI template's variables. dynamic is
// true when the handler also uses the map in a way that reads unknown keys (ranges over it,
// passes it on, indexes it with a variable).
func (res *Result) TemplateArgReads(h *mcpmodel.Handler) (reads []ArgRead, dynamic bool) {
	if res.r == nil || h == nil || h.Flavour != mcpmodel.MarkLabsResource || h.Body == nil {
		return nil, false
	}
	if h.Request == nil {
		return nil, false
	}
	info := res.info
	isArguments := func(e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Arguments" {
			return false
		}
		field, ok := info.Uses[sel.Sel].(*types.Var)
		if !ok || !field.IsField() || field.Pkg() == nil || field.Pkg().Path() != sdkapi.MarkLabsMCPPath {
			return false
		}
		params, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		root, ok := ast.Unparen(params.X).(*ast.Ident)
		return ok && info.Uses[root] == h.Request
	}
	aliases := map[types.Object]bool{}
	isMap := func(e ast.Expr) bool {
		if isArguments(e) {
			return true
		}
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && aliases[info.Uses[id]]
	}
	// First find aliases (args := req.Params.Arguments), then classify every use.
	ast.Inspect(h.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for i, rhs := range as.Rhs {
				if isArguments(rhs) {
					if id, ok := as.Lhs[i].(*ast.Ident); ok {
						if obj := info.Defs[id]; obj != nil {
							aliases[obj] = true
						} else if obj := info.Uses[id]; obj != nil {
							aliases[obj] = true
						}
					}
				}
			}
		}
		return true
	})
	astutil.InspectAncestors(h.Body, func(n ast.Node, ancestors []ast.Node) bool {
		e, isExpr := n.(ast.Expr)
		if !isExpr || !isMap(e) {
			return true
		}
		var parent ast.Node
		if len(ancestors) > 0 {
			parent = ancestors[len(ancestors)-1]
		}
		switch p := parent.(type) {
		case *ast.IndexExpr:
			if p.X == n {
				if tv, ok := info.Types[p.Index]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
					reads = append(reads, ArgRead{Key: constant.StringVal(tv.Value), Node: p})
					return false
				}
				dynamic = true
			}
		case *ast.AssignStmt:
			// The alias definition itself.
			for _, rhs := range p.Rhs {
				if rhs == n {
					return false
				}
			}
			dynamic = true
		case *ast.SelectorExpr:
			// req.Params.Arguments is itself reached through selectors; only the full
			// expression counts.
		default:
			dynamic = true
		}
		return true
	})
	return reads, dynamic
}

// ResultContent describes the content a tool result expression sets, as written in a
// handler: the expressions that become its Content (the literal's Content field and, for a
// result held in a variable, later assignments to its Content), and whether it is an error
// result. Known is false when the expression cannot be followed to a result literal.
type ResultContent struct {
	Known   bool
	Nil     bool
	Content []ast.Expr
	IsError bool
}

// ToolResultContent follows e (a *CallToolResult of either SDK, returned by a handler whose
// body is body) to its literal.
func (res *Result) ToolResultContent(e ast.Expr, body ast.Node) ResultContent {
	if res.r == nil || e == nil {
		return ResultContent{}
	}
	if astutil.IsNil(res.r.pass.TypesInfo, e) {
		return ResultContent{Known: true, Nil: true}
	}
	lit := res.r.resolveLit(e, 0)
	if lit == nil || sdkapi.TypeAPI(res.info.TypeOf(lit)) != sdkapi.APIToolResultType {
		return ResultContent{}
	}
	out := ResultContent{Known: true}
	f := res.r.fields(lit)
	if c, ok := f["Content"]; ok {
		out.Content = append(out.Content, c)
	}
	if ie, ok := f["IsError"]; ok {
		if v, ok := res.r.constBool(ie); ok && v {
			out.IsError = true
		}
	}
	// A result in a variable: res.Content = ..., res.Content = append(res.Content, ...).
	var holder types.Object
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		holder = res.info.Uses[x]
	}
	if holder != nil && body != nil {
		ast.Inspect(body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != len(as.Rhs) {
				return true
			}
			for i, lhs := range as.Lhs {
				sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				root, ok := ast.Unparen(sel.X).(*ast.Ident)
				if !ok || res.info.Uses[root] != holder {
					continue
				}
				switch sel.Sel.Name {
				case "Content":
					out.Content = append(out.Content, as.Rhs[i])
				case "IsError":
					if v, ok := res.r.constBool(as.Rhs[i]); ok && v {
						out.IsError = true
					}
				}
			}
			return true
		})
	}
	return out
}

// StructuredResult recognises mark3labs NewToolResultStructured(value, text) and returns its
// arguments.
func (res *Result) StructuredResult(call *ast.CallExpr) (value, text ast.Expr, ok bool) {
	if res.r == nil || call == nil {
		return nil, nil, false
	}
	fn := res.r.callee(call)
	if fn == nil || sdkapi.Key(fn) != sdkapi.MarkLabsMCPPath+".NewToolResultStructured" || len(call.Args) != 2 {
		return nil, nil, false
	}
	return call.Args[0], call.Args[1], true
}

// FuncNode follows e (a function literal, a function or method of this package, an
// instantiation of a generic one, or a variable holding one) to its declaration or literal in
// this package; nil otherwise.
func (res *Result) FuncNode(e ast.Expr) ast.Node {
	if res.r == nil || e == nil {
		return nil
	}
	return res.r.funcNode(e, 0)
}

func (r *recogniser) funcNode(e ast.Expr, depth int) ast.Node {
	if depth > maxDepth {
		return nil
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return x
	case *ast.IndexExpr:
		// render[Out]: explicit instantiation of a generic function.
		if r.isInstance(x.X) {
			return r.funcNode(x.X, depth+1)
		}
	case *ast.IndexListExpr:
		if r.isInstance(x.X) {
			return r.funcNode(x.X, depth+1)
		}
	case *ast.Ident, *ast.SelectorExpr:
		id := astutil.NameIdent(x)
		switch obj := r.pass.TypesInfo.Uses[id].(type) {
		case *types.Func:
			if decl := r.decls[obj.Origin()]; decl != nil {
				return decl
			}
		case *types.Var:
			if v := r.singleAssignment(x); v != nil {
				return r.funcNode(v, depth+1)
			}
		}
	}
	return nil
}

// isInstance reports whether e names a generic function that is instantiated where it is
// used (so e[...] is an instantiation, not an index into a slice or map of functions).
func (r *recogniser) isInstance(e ast.Expr) bool {
	id := astutil.NameIdent(e)
	if id == nil {
		return false
	}
	_, ok := r.pass.TypesInfo.Instances[id]
	return ok
}

// Decl returns the declaration of a function or method of this package, or nil.
func (res *Result) Decl(fn *types.Func) *ast.FuncDecl {
	if res.r == nil || fn == nil {
		return nil
	}
	return res.r.decls[fn.Origin()]
}

// ConstString evaluates e to a constant string, following variables with one assignment.
func (res *Result) ConstString(e ast.Expr) (string, bool) {
	if res.r == nil || e == nil {
		return "", false
	}
	return res.r.constString(e)
}

// ObjectOf returns the object an identifier of the analysed package defines or uses.
func (res *Result) ObjectOf(id *ast.Ident) types.Object {
	if res.info == nil || id == nil {
		return nil
	}
	if obj := res.info.Defs[id]; obj != nil {
		return obj
	}
	return res.info.Uses[id]
}
