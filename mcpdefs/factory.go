package mcpdefs

// Definitions per factory call: a function of the package that builds a definition whose
// name is one of its parameters,
//
//	func issueUpdateTool(name, description string, ...) ServerTool {
//		return NewTool(mcp.Tool{Name: name, Description: description, ...}, ...)
//	}
//	issueUpdateTool("update_issue_title", "Update the title", ...)
//
// lists one tool per call, each named by the call's argument. When every use of the
// function is a call that passes a constant there, each call is a definition of its own
// (at the call, with the name and the other parameters it passes), and the literal in the
// factory stands for them (Definition.Converter).

import (
	"go/ast"
	"go/types"

	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"golang.org/x/tools/go/ast/astutil"
)

// instantiateFactories makes one definition per call of a factory (see above).
func (r *recogniser) instantiateFactories() {
	for _, d := range r.res.Definitions {
		if d.Name.Static || d.Name.Expr == nil || d.Own != nil || d.Converter {
			continue
		}
		id, ok := ast.Unparen(d.Name.Expr).(*ast.Ident)
		if !ok {
			continue
		}
		param, ok := r.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok {
			continue
		}
		fn, index := r.factoryOf(d.Node, param)
		if fn == nil {
			continue
		}
		calls := r.onlyCalls(fn)
		if len(calls) == 0 {
			continue
		}
		var names []mcpmodel.Value
		for _, c := range calls {
			if index >= len(c.Args) {
				names = nil
				break
			}
			v := r.str(c.Args[index])
			if !v.Static {
				names = nil
				break
			}
			names = append(names, v)
		}
		if names == nil {
			continue
		}
		sig := fn.Signature()
		argOf := func(c *ast.CallExpr, v mcpmodel.Value) mcpmodel.Value {
			// Another property given straight from a parameter: the call's argument.
			if pid, ok := ast.Unparen(v.Expr).(*ast.Ident); ok {
				for i := range sig.Params().Len() {
					if r.pass.TypesInfo.Uses[pid] == sig.Params().At(i) && i < len(c.Args) {
						return r.str(c.Args[i])
					}
				}
			}
			return v
		}
		d.Converter = true
		for i, c := range calls {
			inst := *d
			r.copySideData(&inst, d)
			inst.Node, inst.Converter, inst.Instance = c, false, true
			inst.Name = names[i]
			inst.Title, inst.Description = argOf(c, d.Title), argOf(c, d.Description)
			inst.URI, inst.MIMEType = argOf(c, d.URI), argOf(c, d.MIMEType)
			r.defs[c] = &inst
			r.res.Definitions = append(r.res.Definitions, &inst)
		}
	}
}

// factoryOf returns the function declaration whose parameter param is, when node is written
// directly in its body (not in a closure), and the parameter's index.
func (r *recogniser) factoryOf(node ast.Node, param *types.Var) (*types.Func, int) {
	for _, f := range r.pass.Files {
		if f.FileStart > node.Pos() || node.End() > f.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(f, node.Pos(), node.End())
		for _, n := range path {
			switch n := n.(type) {
			case *ast.FuncLit:
				return nil, -1
			case *ast.FuncDecl:
				fn, _ := r.pass.TypesInfo.Defs[n.Name].(*types.Func)
				if fn == nil || fn.Signature().Recv() != nil || fn.Signature().TypeParams().Len() > 0 {
					return nil, -1
				}
				params := fn.Signature().Params()
				for i := range params.Len() {
					if params.At(i) == param && !(fn.Signature().Variadic() && i == params.Len()-1) {
						return fn, i
					}
				}
				return nil, -1
			}
		}
	}
	return nil, -1
}

// onlyCalls returns the calls of an unexported function when every use of it in the package
// is a call (never a function value); nil otherwise.
func (r *recogniser) onlyCalls(fn *types.Func) []*ast.CallExpr {
	if fn.Exported() {
		return nil
	}
	called := map[*ast.Ident]*ast.CallExpr{}
	for _, c := range r.callsOf[fn] {
		switch f := ast.Unparen(c.Fun).(type) {
		case *ast.Ident:
			called[f] = c
		case *ast.SelectorExpr:
			called[f.Sel] = c
		}
	}
	var calls []*ast.CallExpr
	for id, obj := range r.pass.TypesInfo.Uses {
		if obj != fn {
			continue
		}
		c, ok := called[id]
		if !ok {
			return nil
		}
		calls = append(calls, c)
	}
	// Source order, so that output is stable.
	for i := 1; i < len(calls); i++ {
		for j := i; j > 0 && calls[j].Pos() < calls[j-1].Pos(); j-- {
			calls[j], calls[j-1] = calls[j-1], calls[j]
		}
	}
	return calls
}

// copySideData gives the copy inst of d what recognition keeps beside d (its registration
// and own type so far), as copying the definition value would if they were its fields.
func (r *recogniser) copySideData(inst, d *mcpmodel.Definition) {
	if reg, ok := r.registeredAs[d]; ok {
		r.registeredAs[inst] = reg
	}
	if o, ok := r.ownType[d]; ok {
		r.ownType[inst] = o
	}
}
