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

	"github.com/mcplint-go/mcplint/flow"
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
			if d.Own != nil || d.Converter {
				continue
			}
			fn, ok := r.templateOf(d)
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
		fn := r.callee(n)
		if !r.m3Constructor(n, sdkapi.Key(fn)) {
			if f := r.helperFactOf(fn); f != nil {
				r.helperCall(n, f)
			}
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

// subst replaces the type parameters of the helpers in t by their type arguments. A type
// parameter of a helper whose call is not bound stays (schemas inferred from it are unknown).
func (b *binding) subst(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	for range maxDepth {
		n := b.substOnce(t)
		if n == nil || types.Identical(n, t) {
			return n
		}
		t = n
	}
	return t
}

func (b *binding) substOnce(t types.Type) types.Type {
	switch x := types.Unalias(t).(type) {
	case *types.TypeParam:
		if a, ok := b.types[x]; ok {
			return a
		}
		return x
	case *types.Pointer:
		return types.NewPointer(b.substOnce(x.Elem()))
	case *types.Slice:
		return types.NewSlice(b.substOnce(x.Elem()))
	case *types.Map:
		return types.NewMap(b.substOnce(x.Key()), b.substOnce(x.Elem()))
	case *types.Named:
		if x.TypeArgs() == nil {
			return t
		}
		var args []types.Type
		for i := range x.TypeArgs().Len() {
			args = append(args, b.substOnce(x.TypeArgs().At(i)))
		}
		if inst, err := types.Instantiate(nil, x.Origin(), args, false); err == nil {
			return inst
		}
		return nil
	}
	return t
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
		if len(r.assigns[v]) == 0 {
			// A parameter: the options its function's callers pass (a helper's variadic
			// parameter, for its HelperFact).
			r.tailParam = v
			return nil, true
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
			if dynamic {
				r.tailParam = nil // the unknown part is not last
			}
			more, dyn := r.expandOptions(rest[0], depth+1)
			return append(append([]ast.Expr(nil), opts...), more...), dynamic || dyn
		}
		if dynamic && len(rest) > 0 {
			r.tailParam = nil
		}
		return append(append([]ast.Expr(nil), opts...), rest...), dynamic
	}
	return nil, true
}

// templateOf returns the function d is a template of: the one whose parameter names d.
func (r *recogniser) templateOf(d *mcpmodel.Definition) (*types.Func, bool) {
	if d.Name.Static || d.Name.Expr == nil {
		return nil, false
	}
	id, ok := ast.Unparen(d.Name.Expr).(*ast.Ident)
	if !ok {
		return nil, false
	}
	param, ok := r.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return nil, false
	}
	return r.factoryOf(d.Node, param)
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

// onlyCalls returns the calls of a function in this package when every use of it here is a
// call (never a function value); nil otherwise. Other packages' calls of an exported function
// are theirs, through its HelperFact.
func (r *recogniser) onlyCalls(fn *types.Func) []*ast.CallExpr {
	if recv := fn.Signature().Recv(); recv != nil && fn.Exported() && r.pass.Pkg.Name() != "main" {
		// Another package may call it, or take it as a value: no fact carries methods.
		return nil
	}
	called := map[*ast.Ident]*ast.CallExpr{}
	for _, c := range r.callsOf[fn] {
		if id := mcpastutil.InstanceIdent(c.Fun); id != nil {
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

// HelperFact says that each call of an exported function of the module is a definition (a
// template in it has its name as a parameter; see above): what the template reads from
// which parameter, and what it fixes itself. Another package evaluates its calls from it.
type HelperFact struct {
	Kind mcpmodel.Kind
	SDK  sdkapi.SDK
	// Fields by name (Name, Title, Description, URI, MIMEType).
	Fields map[string]HelperField
	// Handler is the parameter whose argument is the handler (-1: none, or not a parameter).
	// Reflected are the interface parameters (fn any) of a helper that registers a closure of
	// its own: a call's handler argument there is what the closure calls through reflect.
	Handler   int
	Reflected []int
	// In and Out are the type parameters the tool's input and output types are (-1: other).
	In, Out int
	// Registration is how the helper registers the definition itself: "typed" (go-sdk's
	// mcp.AddTool), "low-level" ((*mcp.Server).AddTool), "other", or "" (it does not).
	Registration string
	// Options is the variadic parameter whose arguments are mark3labs options applied after
	// the template's own (-1: none). NewToolDefaults: the template is mark3labs NewTool.
	Options         int
	NewToolDefaults bool
	// What the template fixes that recognition does not carry across packages, unknown at
	// a call: annotations, the input or output schema, other mark3labs options. Mutated:
	// the template is changed after it is written.
	AnnotationsFixed, InputFixed, OutputFixed, OptionsFixed, Mutated bool
}

// HelperField is a string property of a helper's template: a parameter's argument (Param
// >= 0), a constant, unknown (Set and not Static) or absent.
type HelperField struct {
	Param       int
	Set, Static bool
	Str         string
}

func (*HelperFact) AFact() {}

func (f *HelperFact) String() string { return "helper(" + f.Kind.String() + ")" }

// exportHelpers exports a HelperFact for each template written in an exported function.
func (r *recogniser) exportHelpers() {
	if r.pass.ExportObjectFact == nil || r.pass.Pkg.Name() == "main" || !flow.InModule(r.pass.Module, r.pass.Pkg) ||
		sdkapi.KnownPackage(r.pass.Pkg.Path()) || sdkapi.IsRuntimePackage(r.pass.Pkg) {
		// The SDKs' own constructors (mark3labs NewTool builds an mcp.Tool named by its
		// parameter) are read as the SDK's API, not as helpers.
		return
	}
	for _, d := range r.res.Definitions {
		fn, ok := r.templateOf(d)
		if !ok || !fn.Exported() || fn.Signature().Recv() != nil {
			continue
		}
		if f := r.helperFact(d, fn); f != nil {
			r.pass.ExportObjectFact(fn, f)
			// Its calls in other packages are listed there; the rules still read it here,
			// as what every call has in common.
			d.Template = true
		}
	}
}

// helperFact describes template d, written in fn.
func (r *recogniser) helperFact(d *mcpmodel.Definition, fn *types.Func) *HelperFact {
	sig := fn.Signature()
	paramIndex := func(e ast.Expr) int {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return -1
		}
		for i := range sig.Params().Len() {
			if r.pass.TypesInfo.Uses[id] == sig.Params().At(i) && !(sig.Variadic() && i == sig.Params().Len()-1) {
				return i
			}
		}
		return -1
	}
	typeParamIndex := func(t types.Type) int {
		tp, ok := types.Unalias(t).(*types.TypeParam)
		if !ok || sig.TypeParams() == nil {
			return -1
		}
		for i := range sig.TypeParams().Len() {
			if sig.TypeParams().At(i) == tp {
				return i
			}
		}
		return -1
	}
	f := &HelperFact{Kind: d.Kind, SDK: d.SDK, Fields: map[string]HelperField{}, Handler: -1, In: -1, Out: -1, Options: -1, Mutated: d.Mutated}
	for name, v := range map[string]mcpmodel.Value{"Name": d.Name, "Title": d.Title, "Description": d.Description, "URI": d.URI, "MIMEType": d.MIMEType} {
		hf := HelperField{Param: -1, Set: v.Set, Static: v.Static, Str: v.Str}
		if v.Set && !v.Static {
			hf.Param = paramIndex(v.Expr)
		}
		f.Fields[name] = hf
	}
	if f.Fields["Name"].Param < 0 {
		return nil
	}
	if d.HandlerExpr != nil {
		f.Handler = paramIndex(d.HandlerExpr)
	}
	if _, closure := ast.Unparen(d.HandlerExpr).(*ast.FuncLit); closure && f.Handler < 0 {
		for i := range sig.Params().Len() {
			if types.IsInterface(sig.Params().At(i).Type()) && !(sig.Variadic() && i == sig.Params().Len()-1) {
				f.Reflected = append(f.Reflected, i)
			}
		}
	}
	if d.InputType != nil {
		f.In = typeParamIndex(d.InputType)
	}
	if d.OutputType != nil {
		f.Out = typeParamIndex(d.OutputType)
	}
	if decl := r.decls[fn]; d.Registration != nil && (r.registeredInHelper[d] || d.Registration.Pos() >= decl.Pos() && d.Registration.End() <= decl.End()) {
		switch r.registeredAs[d] {
		case regGoTyped:
			f.Registration = "typed"
		case regGoLowLevel:
			f.Registration = "low-level"
		default:
			f.Registration = "other"
		}
	}
	f.NewToolDefaults = d.Annotations.DestructiveDefault != nil && d.SDK == sdkapi.MarkLabs
	if v := r.optionTail[d]; v != nil && sig.Variadic() && v == sig.Params().At(sig.Params().Len()-1) {
		f.Options = sig.Params().Len() - 1
	}
	// What else the template sets is not carried: unknown at a call.
	a := d.Annotations
	f.AnnotationsFixed = a.Expr != nil || a.ReadOnly.Set || a.Destructive.Set || a.Idempotent.Set || a.OpenWorld.Set || a.Title.Set
	f.InputFixed = d.InputSchema != nil || r.ownType[d] != nil || d.SDK == sdkapi.MarkLabs && !f.NewToolDefaults
	f.OutputFixed = d.OutputSchema != nil || r.ownType[d] != nil || d.SDK == sdkapi.MarkLabs && !f.NewToolDefaults
	f.OptionsFixed = (d.OptionsDynamic && f.Options < 0) || d.Meta != nil || len(d.PromptArgs) > 0 || d.PromptArgsDynamic
	for _, oc := range d.Options {
		if fn := r.callee(oc); fn == nil || !(fn.Name() == "WithDescription" || fn.Name() == "WithToolTitle" || fn.Name() == "WithResourceDescription" || fn.Name() == "WithPromptDescription" || fn.Name() == "WithTemplateDescription") {
			f.OptionsFixed = true
		}
	}
	return f
}

// helperCall makes the definition a call of another package's helper is (its HelperFact).
func (r *recogniser) helperCall(call *ast.CallExpr, f *HelperFact) {
	d := r.newDef(call, f.Kind, f.SDK)
	d.Instance = true
	field := func(name string) mcpmodel.Value {
		hf := f.Fields[name]
		switch {
		case hf.Param >= 0 && hf.Param < len(call.Args):
			return r.str(call.Args[hf.Param])
		case hf.Static:
			return mcpmodel.Value{Expr: call, Set: true, Static: true, Str: hf.Str}
		case hf.Set:
			return mcpmodel.Value{Expr: call, Set: true}
		}
		return mcpmodel.Value{}
	}
	d.Name, d.Title, d.Description, d.URI, d.MIMEType = field("Name"), field("Title"), field("Description"), field("URI"), field("MIMEType")
	d.Mutated = f.Mutated
	d.Annotations.Dynamic = f.AnnotationsFixed
	d.OptionsDynamic = f.OptionsFixed
	if f.InputFixed || f.OutputFixed {
		r.fixedSchemas[d] = [2]bool{f.InputFixed, f.OutputFixed}
	}
	if f.NewToolDefaults {
		t, no := true, false
		d.Annotations.DestructiveDefault, d.Annotations.OpenWorldDefault = &t, &t
		d.Annotations.ReadOnlyDefault, d.Annotations.IdempotentDefault = &no, &no
	}
	if targs := r.typeArgs(call.Fun); targs != nil {
		if f.In >= 0 && f.In < targs.Len() {
			d.InputType = r.boundType(targs.At(f.In))
		}
		if f.Out >= 0 && f.Out < targs.Len() {
			d.OutputType = r.boundType(targs.At(f.Out))
		}
	}
	if f.Options >= 0 && f.SDK == sdkapi.MarkLabs {
		fixed := d.OptionsDynamic
		r.m3Options(d, call, f.Options)
		d.OptionsDynamic = d.OptionsDynamic || fixed
	}
	if f.Registration != "" {
		d.Registration = call
		switch f.Registration {
		case "typed":
			r.registeredAs[d] = regGoTyped
		case "low-level":
			r.registeredAs[d] = regGoLowLevel
		}
	}
	if r.bound != nil {
		// An instance evaluated at a call gets the handler through its template.
		return
	}
	if f.Handler >= 0 && f.Handler < len(call.Args) {
		r.pending = append(r.pending, registration{kind: f.Kind, sdk: f.SDK, def: call, handler: call.Args[f.Handler]})
		return
	}
	var reflected ast.Expr
	for _, i := range f.Reflected {
		if i >= len(call.Args) {
			continue
		}
		if h := r.resolveHandler(call.Args[i], 0); h != nil && h.Kind == f.Kind {
			if reflected != nil {
				return
			}
			reflected = call.Args[i]
		}
	}
	if reflected != nil {
		r.pending = append(r.pending, registration{kind: f.Kind, sdk: f.SDK, def: call, handler: reflected})
	}
}

// boundType is t with the type parameters of the helpers being evaluated replaced.
func (r *recogniser) boundType(t types.Type) types.Type {
	if r.bound == nil {
		if mcpastutil.HasTypeParam(t) {
			return nil
		}
		return t
	}
	return r.bound.subst(t)
}

// helperFactOf returns the HelperFact of a function of another package, or nil.
func (r *recogniser) helperFactOf(fn *types.Func) *HelperFact {
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == r.pass.Pkg || r.pass.ImportObjectFact == nil {
		return nil
	}
	var f HelperFact
	if !r.pass.ImportObjectFact(fn, &f) {
		return nil
	}
	return &f
}
