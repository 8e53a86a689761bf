// Package templates knows the definitions made through the module's own helpers: a function
// of the package that builds (and often registers) a definition whose name is one of its
// parameters,
//
//	func MustTool[In, Out any](s *mcp.Server, name, desc string, fn mcp.ToolHandlerFor[In, Out]) {
//		mcp.AddTool(s, &mcp.Tool{Name: name, Description: desc}, fn)
//	}
//	MustTool(s, "get_issue", "Get an issue", getIssue)
//
// lists one tool per call. When every use of the function is a call, the definition written
// in it is a template: each call is a definition of its own (an instance, at the call),
// evaluated from the template's SDK literal or constructor with the function's parameters
// bound to that call's arguments (Binding): name, description, annotations, mark3labs options
// (those the call passes to a variadic parameter the constructor spreads), the type arguments
// a generic helper is instantiated with (so a schema inferred from In is In's at the call),
// and the handler a registration in the helper is given. A helper called from another helper
// is resolved through both. An argument known only at run time leaves that field unknown, at
// the call. The template itself stands for its calls (Definition.Converter) and is no
// definition of its own. A template in an exported function crosses packages as a
// HelperFact, from which another package evaluates its calls.
//
// This package decides which function a definition is a template of and which calls
// instantiate it, binds parameters, keeps which instance was made from which template at
// which call (Set), and writes and reads HelperFacts. It reads no SDK literal or constructor
// itself: recognition (mcpdefs) evaluates a template at a call and adds the instance to what
// it has found (Code). It must not import mcpdefs, any SDK, a rule family, the registry or
// the driver; internal/layers' test pins it.
package templates

import (
	"cmp"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	mcpastutil "github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

// maxDepth bounds resolution through variables and helpers.
const maxDepth = mcpmodel.MaxDepth

// Code is what instantiation asks recognition.
type Code interface {
	// Definitions are the definitions found so far, instances included.
	Definitions() []*mcpmodel.Definition
	// Evaluate reads the definition written at node (an SDK literal or constructor, or a
	// call of another package's helper) with b's parameters bound; nil when it makes none.
	Evaluate(node ast.Node, b *Binding) *mcpmodel.Definition
	// AddInstance adds inst, made from template at call, to what recognition has found.
	AddInstance(inst, template *mcpmodel.Definition, call *ast.CallExpr)
	// TypeArgs is the instantiation of a generic callee (f[T] or f's inferred one).
	TypeArgs(fun ast.Expr) *types.TypeList
	Callee(call *ast.CallExpr) *types.Func
}

// Instance is how a definition was made at one call of a helper.
type Instance struct {
	Template *mcpmodel.Definition
	Call     *ast.CallExpr
	Binding  *Binding
	// DefNode is the SDK literal or constructor the instance is evaluated from (the first
	// template's Node).
	DefNode ast.Node
}

// Set holds the instances made in one package, by template and by instance.
type Set struct {
	pass    *analysis.Pass
	code    Code
	callsOf map[*types.Func][]*ast.CallExpr

	instances  map[*mcpmodel.Definition][]*mcpmodel.Definition
	instanceOf map[*mcpmodel.Definition]*Instance
}

// New returns an empty set for pass. callsOf are the calls of each function of the package,
// as recognition's walk records them (it may still be filling it).
func New(pass *analysis.Pass, code Code, callsOf map[*types.Func][]*ast.CallExpr) *Set {
	return &Set{
		pass: pass, code: code, callsOf: callsOf,
		instances:  map[*mcpmodel.Definition][]*mcpmodel.Definition{},
		instanceOf: map[*mcpmodel.Definition]*Instance{},
	}
}

// Instantiate makes one definition per call of a helper. Instances whose name is a parameter
// of the function they are called in are templates in turn.
func (s *Set) Instantiate() {
	for range maxDepth {
		changed := false
		for _, d := range s.code.Definitions() {
			if d.Own != nil || d.Converter {
				continue
			}
			fn, ok := s.TemplateOf(d)
			if !ok {
				continue
			}
			calls := s.onlyCalls(fn)
			if len(calls) == 0 {
				continue
			}
			d.Converter, changed = true, true
			for _, c := range calls {
				s.instantiate(d, fn, c)
			}
		}
		if !changed {
			return
		}
	}
}

// instantiate evaluates template d at call c of fn, the helper it is written in.
func (s *Set) instantiate(d *mcpmodel.Definition, fn *types.Func, c *ast.CallExpr) {
	defNode := d.Node
	var outer *Binding
	if o := s.instanceOf[d]; o != nil {
		// A template that is itself an instance: its parameters' bindings hold too.
		outer, defNode = o.Binding, o.DefNode
	}
	b := bind(outer, fn.Signature(), c, s.code.TypeArgs(c.Fun))
	inst := s.code.Evaluate(defNode, b)
	if inst == nil {
		return
	}
	inst.Node, inst.Instance = c, true
	// What the template learnt from other code than its constructor (a registration's type
	// arguments, the handler linked so far) carries over, through the binding.
	if inst.InputType == nil {
		inst.InputType = b.Subst(d.InputType)
	}
	if inst.OutputType == nil {
		inst.OutputType = b.Subst(d.OutputType)
	}
	inst.InputType, inst.OutputType, inst.ParamsType = b.Subst(inst.InputType), b.Subst(inst.OutputType), b.Subst(inst.ParamsType)
	s.instanceOf[inst] = &Instance{Template: d, Call: c, Binding: b, DefNode: defNode}
	s.instances[d] = append(s.instances[d], inst)
	s.code.AddInstance(inst, d, c)
}

// Of returns how d was made, or nil when d is no instance.
func (s *Set) Of(d *mcpmodel.Definition) *Instance { return s.instanceOf[d] }

// Leaves returns the instances d stands for, through templates that are instances in turn
// (nil when d is no template).
func (s *Set) Leaves(d *mcpmodel.Definition) []*mcpmodel.Definition {
	var out []*mcpmodel.Definition
	var walk func(d *mcpmodel.Definition, depth int)
	walk = func(d *mcpmodel.Definition, depth int) {
		for _, inst := range s.instances[d] {
			if len(s.instances[inst]) > 0 && depth < maxDepth {
				walk(inst, depth+1)
				continue
			}
			out = append(out, inst)
		}
	}
	walk(d, 0)
	return out
}

// PropagateMutated marks mutated every instance of a template that is changed after it is
// written: each call's definition is.
func (s *Set) PropagateMutated() {
	for d := range s.instances {
		if d.Mutated {
			for _, l := range s.Leaves(d) {
				l.Mutated = true
			}
		}
	}
}

// TemplateOf returns the function d is a template of: the one whose parameter names d.
func (s *Set) TemplateOf(d *mcpmodel.Definition) (*types.Func, bool) {
	if d.Name.Static || d.Name.Expr == nil {
		return nil, false
	}
	id, ok := ast.Unparen(d.Name.Expr).(*ast.Ident)
	if !ok {
		return nil, false
	}
	param, ok := s.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return nil, false
	}
	return s.factoryOf(d.Node, param)
}

// factoryOf returns the function declaration whose parameter param is, when node is written
// directly in its body (not in a closure) and param is not its variadic parameter.
func (s *Set) factoryOf(node ast.Node, param *types.Var) (*types.Func, bool) {
	for _, f := range s.pass.Files {
		if f.FileStart > node.Pos() || node.End() > f.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(f, node.Pos(), node.End())
		for _, n := range path {
			switch n := n.(type) {
			case *ast.FuncLit:
				return nil, false
			case *ast.FuncDecl:
				fn, _ := s.pass.TypesInfo.Defs[n.Name].(*types.Func)
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
func (s *Set) onlyCalls(fn *types.Func) []*ast.CallExpr {
	if recv := fn.Signature().Recv(); recv != nil && fn.Exported() && s.pass.Pkg.Name() != "main" {
		// Another package may call it, or take it as a value: no fact carries methods.
		return nil
	}
	called := map[*ast.Ident]*ast.CallExpr{}
	for _, c := range s.callsOf[fn] {
		if id := mcpastutil.InstanceIdent(c.Fun); id != nil {
			called[id] = c
		}
	}
	var calls []*ast.CallExpr
	for id, obj := range s.pass.TypesInfo.Uses {
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
	slices.SortFunc(calls, func(a, b *ast.CallExpr) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return calls
}

func isFunc(obj types.Object) bool {
	_, ok := obj.(*types.Func)
	return ok
}
