package mcpdefs

// Definitions through the module's own helpers: a function of the package that builds (and
// often registers) a definition whose name is one of its parameters,
//
//	func MustTool[In, Out any](s *mcp.Server, name, desc string, fn mcp.ToolHandlerFor[In, Out]) {
//		mcp.AddTool(s, &mcp.Tool{Name: name, Description: desc}, fn)
//	}
//	MustTool(s, "get_issue", "Get an issue", getIssue)
//
// lists one tool per call. When every use of the function is a call, the definition written
// in it is a template: each call is a definition of its own (at the call), evaluated from the
// template's SDK literal or constructor with the function's parameters bound to that call's
// arguments: name, description, annotations, mark3labs options (those the call passes to a
// variadic parameter the constructor spreads), the type arguments a generic helper is
// instantiated with (so a schema inferred from In is In's at the call), and the handler a
// registration in the helper is given. A helper called from another helper is resolved
// through both. An argument known only at run time leaves that field unknown, at the call.
// The template itself stands for its calls (Definition.Converter) and is no definition of its
// own.

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"

	mcpastutil "github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// binding is what the parameters of the helpers a definition is instantiated through stand
// for at one call of each: its arguments, its variadic arguments (or the slice spread into
// them) and its type arguments.
type binding struct {
	args     map[*types.Var]ast.Expr
	variadic map[*types.Var]variadicArgs
	types    map[*types.TypeParam]types.Type
}

type variadicArgs struct {
	args   []ast.Expr
	spread ast.Expr // xs in f(a, xs...): the arguments are xs's elements
}

// instance is a definition made at one call of a helper.
type instance struct {
	template *mcpmodel.Definition
	call     *ast.CallExpr
	bind     *binding
	// defNode is the SDK literal or constructor the instance is evaluated from (the first
	// template's Node).
	defNode ast.Node
}

// instantiateFactories makes one definition per call of a helper (see above). Instances
// whose name is a parameter of the function they are called in are templates in turn.
func (r *recogniser) instantiateFactories() {
	for range maxDepth {
		changed := false
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
			fn, ok := r.factoryOf(d.Node, param)
			if !ok {
				continue
			}
			calls := r.onlyCalls(fn)
			if len(calls) == 0 {
				continue
			}
			d.Converter, changed = true, true
			for _, c := range calls {
				r.instantiate(d, fn, c)
			}
		}
		if !changed {
			return
		}
	}
}

// instantiate evaluates template d at call c of fn, the helper it is written in.
func (r *recogniser) instantiate(d *mcpmodel.Definition, fn *types.Func, c *ast.CallExpr) {
	b := &binding{args: map[*types.Var]ast.Expr{}, variadic: map[*types.Var]variadicArgs{}, types: map[*types.TypeParam]types.Type{}}
	defNode := d.Node
	if outer := r.instanceOf[d]; outer != nil {
		// A template that is itself an instance: its parameters' bindings hold too.
		for k, v := range outer.bind.args {
			b.args[k] = v
		}
		for k, v := range outer.bind.variadic {
			b.variadic[k] = v
		}
		for k, v := range outer.bind.types {
			b.types[k] = v
		}
		defNode = outer.defNode
	}
	sig := fn.Signature()
	params := sig.Params()
	for i := range params.Len() {
		p := params.At(i)
		if sig.Variadic() && i == params.Len()-1 {
			va := variadicArgs{}
			if i < len(c.Args) {
				if c.Ellipsis.IsValid() {
					va.spread = c.Args[i]
				} else {
					va.args = c.Args[i:]
				}
			}
			b.variadic[p] = va
			continue
		}
		if i < len(c.Args) {
			b.args[p] = c.Args[i]
		}
	}
	if tps := sig.TypeParams(); tps != nil {
		if targs := r.typeArgs(c.Fun); targs != nil && targs.Len() == tps.Len() {
			for i := range tps.Len() {
				b.types[tps.At(i)] = targs.At(i)
			}
		}
	}
	inst := r.evaluateAt(defNode, c, b)
	if inst == nil {
		return
	}
	inst.Node, inst.Instance = c, true
	// What the template learnt from other code than its constructor (a registration's type
	// arguments, the handler linked so far) carries over, through the binding.
	if inst.InputType == nil {
		inst.InputType = b.subst(d.InputType)
	}
	if inst.OutputType == nil {
		inst.OutputType = b.subst(d.OutputType)
	}
	inst.InputType, inst.OutputType, inst.ParamsType = b.subst(inst.InputType), b.subst(inst.OutputType), b.subst(inst.ParamsType)
	r.copySideData(inst, d)
	r.instanceOf[inst] = &instance{template: d, call: c, bind: b, defNode: defNode}
	r.instances[d] = append(r.instances[d], inst)
	r.defs[c] = inst
	r.res.Definitions = append(r.res.Definitions, inst)
}

// evaluateAt reads the definition written at node with the parameters bound by b: the same
// reading as at the definition itself, with each parameter standing for its argument.
func (r *recogniser) evaluateAt(node ast.Node, at *ast.CallExpr, b *binding) *mcpmodel.Definition {
	saved := r.bound
	r.bound, r.made = b, nil
	defer func() { r.bound, r.made = saved, nil }()
	switch n := node.(type) {
	case *ast.CompositeLit:
		r.composite(n)
	case *ast.CallExpr:
		switch fn := r.callee(n); sdkapi.Key(fn) {
		case sdkapi.MarkLabsMCPPath + ".NewTool":
			r.m3Tool(n, false)
		case sdkapi.MarkLabsMCPPath + ".NewToolWithRawSchema":
			r.m3Tool(n, true)
		case sdkapi.MarkLabsMCPPath + ".NewResource":
			r.m3Resource(n, mcpmodel.Resource)
		case sdkapi.MarkLabsMCPPath + ".NewResourceTemplate":
			r.m3Resource(n, mcpmodel.ResourceTemplate)
		case sdkapi.MarkLabsMCPPath + ".NewPrompt":
			r.m3Prompt(n)
		}
	}
	return r.made
}

// through follows e while it names a parameter bound to an argument (nil binding: e).
func (r *recogniser) through(e ast.Expr) ast.Expr {
	if r.bound == nil {
		return e
	}
	for range maxDepth {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return e
		}
		v, ok := r.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok {
			return e
		}
		arg, ok := r.bound.args[v]
		if !ok {
			return e
		}
		e = arg
	}
	return e
}

// subst replaces the type parameters of the helpers in t by their type arguments; nil when
// some remain (a helper called with a type parameter of its caller that is not bound).
func (b *binding) subst(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	for range maxDepth {
		if !mcpastutil.HasTypeParam(t) {
			return t
		}
		t = b.substOnce(t)
		if t == nil {
			return nil
		}
	}
	return nil
}

func (b *binding) substOnce(t types.Type) types.Type {
	switch x := types.Unalias(t).(type) {
	case *types.TypeParam:
		return b.types[x]
	case *types.Pointer:
		if e := b.substOnce(x.Elem()); e != nil {
			return types.NewPointer(e)
		}
	case *types.Slice:
		if e := b.substOnce(x.Elem()); e != nil {
			return types.NewSlice(e)
		}
	case *types.Map:
		k, e := b.substOnce(x.Key()), b.substOnce(x.Elem())
		if k != nil && e != nil {
			return types.NewMap(k, e)
		}
	case *types.Named:
		if x.TypeArgs() == nil {
			return t
		}
		var args []types.Type
		for i := range x.TypeArgs().Len() {
			a := b.substOnce(x.TypeArgs().At(i))
			if a == nil {
				return nil
			}
			args = append(args, a)
		}
		if inst, err := types.Instantiate(nil, x.Origin(), args, false); err == nil {
			return inst
		}
	default:
		if !mcpastutil.HasTypeParam(t) {
			return t
		}
	}
	return nil
}

// expandOptions lists the options a spread argument of a constructor holds with the
// helpers' parameters bound: a variadic parameter's arguments at the call, append of such
// slices and of slice literals, a variable assigned one of those. dynamic is true when
// some of them cannot be read.
func (r *recogniser) expandOptions(e ast.Expr, depth int) (opts []ast.Expr, dynamic bool) {
	if depth > maxDepth {
		return nil, true
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		if _, isSlice := r.pass.TypesInfo.TypeOf(x).Underlying().(*types.Slice); isSlice {
			return x.Elts, false
		}
	case *ast.Ident:
		v, ok := r.pass.TypesInfo.Uses[x].(*types.Var)
		if !ok {
			break
		}
		if r.bound != nil {
			if va, ok := r.bound.variadic[v]; ok {
				if va.spread != nil {
					return r.expandOptions(va.spread, depth+1)
				}
				return va.args, false
			}
		}
		if as := r.assigns[v]; len(as) == 1 && !r.fieldAssigned[v] && !r.addressTaken[v] {
			return r.expandOptions(as[0], depth+1)
		}
	case *ast.CallExpr:
		id, ok := ast.Unparen(x.Fun).(*ast.Ident)
		if !ok || id.Name != "append" || len(x.Args) == 0 {
			break
		}
		if _, builtin := r.pass.TypesInfo.Uses[id].(*types.Builtin); !builtin {
			break
		}
		opts, dynamic = r.expandOptions(x.Args[0], depth+1)
		rest := x.Args[1:]
		if x.Ellipsis.IsValid() && len(rest) == 1 {
			more, dyn := r.expandOptions(rest[0], depth+1)
			return append(append([]ast.Expr(nil), opts...), more...), dynamic || dyn
		}
		return append(append([]ast.Expr(nil), opts...), rest...), dynamic
	}
	return nil, true
}

// factoryOf returns the function declaration whose parameter param is, when node is written
// directly in its body (not in a closure) and param is not its variadic parameter.
func (r *recogniser) factoryOf(node ast.Node, param *types.Var) (*types.Func, bool) {
	for _, f := range r.pass.Files {
		if f.FileStart > node.Pos() || node.End() > f.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(f, node.Pos(), node.End())
		for _, n := range path {
			switch n := n.(type) {
			case *ast.FuncLit:
				return nil, false
			case *ast.FuncDecl:
				fn, _ := r.pass.TypesInfo.Defs[n.Name].(*types.Func)
				if fn == nil {
					return nil, false
				}
				params := fn.Signature().Params()
				for i := range params.Len() {
					if params.At(i) == param && !(fn.Signature().Variadic() && i == params.Len()-1) {
						return fn, true
					}
				}
				return nil, false
			}
		}
	}
	return nil, false
}

// onlyCalls returns the calls of a function that only this package can call (unexported, or
// in a command) when every use of it in the package is a call (never a function value); nil
// otherwise.
func (r *recogniser) onlyCalls(fn *types.Func) []*ast.CallExpr {
	if fn.Exported() && r.pass.Pkg.Name() != "main" {
		return nil
	}
	if recv := fn.Signature().Recv(); recv != nil && fn.Exported() {
		return nil
	}
	called := map[*ast.Ident]*ast.CallExpr{}
	for _, c := range r.callsOf[fn] {
		if id := calledIdent(c.Fun); id != nil {
			called[id] = c
		}
	}
	var calls []*ast.CallExpr
	for id, obj := range r.pass.TypesInfo.Uses {
		if obj != fn && !(isFunc(obj) && obj.(*types.Func).Origin() == fn) {
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

func isFunc(obj types.Object) bool {
	_, ok := obj.(*types.Func)
	return ok
}

// calledIdent is the identifier naming the function a call's Fun expression calls: f, x.f,
// f[T], x.f[T, U].
func calledIdent(fun ast.Expr) *ast.Ident {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	case *ast.IndexExpr:
		return calledIdent(f.X)
	case *ast.IndexListExpr:
		return calledIdent(f.X)
	}
	return nil
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

// leaves returns the instances d stands for, through templates that are instances in turn
// (nil when d is no template).
func (r *recogniser) leaves(d *mcpmodel.Definition) []*mcpmodel.Definition {
	var out []*mcpmodel.Definition
	var walk func(d *mcpmodel.Definition, depth int)
	walk = func(d *mcpmodel.Definition, depth int) {
		for _, inst := range r.instances[d] {
			if len(r.instances[inst]) > 0 && depth < maxDepth {
				walk(inst, depth+1)
				continue
			}
			out = append(out, inst)
		}
	}
	walk(d, 0)
	return out
}
