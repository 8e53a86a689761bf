package templates

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// check type-checks src, a package p with no imports, as an analysis pass would see it.
func check(t *testing.T, src string) *analysis.Pass {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	require.NoError(t, err)
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Instances: map[*ast.Ident]types.Instance{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info)
	require.NoError(t, err)
	return &analysis.Pass{Fset: fset, Files: []*ast.File{f}, Pkg: pkg, TypesInfo: info}
}

// callsTo returns the calls in pass's package of the function named name, in source order.
func callsTo(pass *analysis.Pass, name string) []*ast.CallExpr {
	var out []*ast.CallExpr
	ast.Inspect(pass.Files[0], func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if id, ok := c.Fun.(*ast.Ident); ok && id.Name == name {
				out = append(out, c)
			} else if fn, _ := typeutil.Callee(pass.TypesInfo, c).(*types.Func); fn != nil && fn.Name() == name {
				out = append(out, c)
			}
		}
		return true
	})
	return out
}

func fn(pass *analysis.Pass, name string) *types.Func {
	return pass.Pkg.Scope().Lookup(name).(*types.Func)
}

func param(f *types.Func, name string) *types.Var {
	ps := f.Signature().Params()
	for i := range ps.Len() {
		if ps.At(i).Name() == name {
			return ps.At(i)
		}
	}
	return nil
}

func typeParam(f *types.Func, name string) *types.TypeParam {
	tps := f.Signature().TypeParams()
	for i := range tps.Len() {
		if tps.At(i).Obj().Name() == name {
			return tps.At(i)
		}
	}
	return nil
}

func exprs(es []ast.Expr) []string {
	var out []string
	for _, e := range es {
		out = append(out, types.ExprString(e))
	}
	return out
}

const bindSrc = `package p

type Opt func()

type Box[T any] struct{ v T }

func a() {}
func b() {}
func c() {}

func helper[In, Out any](name string, in *[]map[string]In, box Box[Out], opts ...Opt) {}

func outer(n string, more []Opt) {
	helper[int, string]("fixed", nil, Box[string]{}, more...)
	helper[bool, int](n, nil, Box[int]{}, a, b)
}

func spread(opts ...Opt) {
	var some = []Opt{a, b}
	_ = append(some, c)
	_ = append(opts, a)
	_ = append(some, opts...)
}

func use() {
	outer("named", []Opt{c})
}
`

// TestBind: a call binds each parameter to its argument, a variadic parameter to its
// arguments or to the slice spread into it, and each type parameter to its type argument;
// Subst replaces type parameters inside composite and generic types; Through follows a
// parameter to its argument through the bindings of an outer call too.
func TestBind(t *testing.T) {
	pass := check(t, bindSrc)
	helper, outer := fn(pass, "helper"), fn(pass, "outer")
	calls := callsTo(pass, "helper")
	require.Len(t, calls, 2)
	targs := func(c *ast.CallExpr) *types.TypeList {
		return pass.TypesInfo.Instances[astutil.InstanceIdent(c.Fun)].TypeArgs
	}

	spread := bind(nil, helper.Signature(), calls[0], targs(calls[0]))
	assert.Equal(t, `"fixed"`, types.ExprString(spread.Args[param(helper, "name")]))
	assert.Equal(t, "more", types.ExprString(spread.Variadic[param(helper, "opts")].Spread))
	assert.Empty(t, spread.Variadic[param(helper, "opts")].Args)
	assert.Equal(t, "*[]map[string]int", spread.Subst(param(helper, "in").Type()).String())
	assert.Equal(t, "p.Box[string]", spread.Subst(param(helper, "box").Type()).String())

	// The second call inside outer, itself bound at outer's call in use.
	outerCall := callsTo(pass, "outer")[0]
	ob := bind(nil, outer.Signature(), outerCall, nil)
	listed := bind(ob, helper.Signature(), calls[1], targs(calls[1]))
	assert.Equal(t, []string{"a", "b"}, exprs(listed.Variadic[param(helper, "opts")].Args))
	assert.Equal(t, types.Typ[types.Bool], listed.Types[typeParam(helper, "In")])
	name := &ast.Ident{Name: "name"}
	pass.TypesInfo.Uses[name] = param(helper, "name")
	assert.Equal(t, `"named"`, types.ExprString(listed.Through(pass.TypesInfo, name)), "name is n at the call, and n is \"named\" at outer's")
	assert.Equal(t, "p.Box[int]", listed.Subst(param(helper, "box").Type()).String())

	var none *Binding
	assert.Same(t, name, none.Through(pass.TypesInfo, name), "no binding: the expression itself")
	assert.Nil(t, none.Type(param(helper, "in").Type()), "no binding: a type with a type parameter is unknown")
	assert.Equal(t, "[]p.Opt", none.Type(param(outer, "more").Type()).String())
}

// TestSpreadOptions: the options a spread holds are read through a variable assigned once,
// append, and a bound variadic parameter; an unbound variadic parameter makes them dynamic
// and is the tail only when it comes last.
func TestSpreadOptions(t *testing.T) {
	pass := check(t, bindSrc)
	spreadFn := fn(pass, "spread")
	appends := callsTo(pass, "append")
	require.Len(t, appends, 3)
	as := Assignments{Assigns: map[types.Object][]ast.Expr{}}
	ast.Inspect(pass.Files[0], func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok {
			as.Assigns[pass.TypesInfo.Defs[vs.Names[0]]] = vs.Values
		}
		return true
	})
	opts := param(spreadFn, "opts")

	var none *Binding
	got, dynamic, tail := none.SpreadOptions(pass.TypesInfo, as, appends[0])
	assert.Equal(t, []string{"a", "b", "c"}, exprs(got))
	assert.False(t, dynamic)
	assert.Nil(t, tail)

	got, dynamic, tail = none.SpreadOptions(pass.TypesInfo, as, appends[1])
	assert.Equal(t, []string{"a"}, exprs(got))
	assert.True(t, dynamic, "opts is unknown here")
	assert.Nil(t, tail, "opts is followed by a: not the tail")

	got, dynamic, tail = none.SpreadOptions(pass.TypesInfo, as, appends[2])
	assert.Equal(t, []string{"a", "b"}, exprs(got))
	assert.True(t, dynamic)
	assert.Same(t, opts, tail, "opts comes last: its callers' options complete the list")

	bound := &Binding{Variadic: map[*types.Var]Variadic{opts: {Args: []ast.Expr{&ast.Ident{Name: "x"}}}}}
	got, dynamic, tail = bound.SpreadOptions(pass.TypesInfo, as, appends[2])
	assert.Equal(t, []string{"a", "b", "x"}, exprs(got))
	assert.False(t, dynamic)
	assert.Nil(t, tail)
}

// fakeCode stands for recognition: a definition is a call of def, named by its argument,
// evaluated by following that argument through the binding.
type fakeCode struct {
	pass *analysis.Pass
	defs []*mcpmodel.Definition
}

func (c *fakeCode) Definitions() []*mcpmodel.Definition { return c.defs }

func (c *fakeCode) Evaluate(node ast.Node, b *Binding) *mcpmodel.Definition {
	return c.def(node.(*ast.CallExpr), b)
}

func (c *fakeCode) def(call *ast.CallExpr, b *Binding) *mcpmodel.Definition {
	name := b.Through(c.pass.TypesInfo, call.Args[0])
	d := &mcpmodel.Definition{Node: call, Kind: mcpmodel.Tool, Name: mcpmodel.Value{Expr: name, Set: true}}
	if lit, ok := name.(*ast.BasicLit); ok {
		d.Name.Static, d.Name.Str = true, lit.Value
	}
	return d
}

func (c *fakeCode) AddInstance(inst, _ *mcpmodel.Definition, _ *ast.CallExpr) {
	c.defs = append(c.defs, inst)
}

func (c *fakeCode) TypeArgs(fun ast.Expr) *types.TypeList {
	return c.pass.TypesInfo.Instances[astutil.InstanceIdent(fun)].TypeArgs
}

func (c *fakeCode) Callee(call *ast.CallExpr) *types.Func {
	f, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	return f
}

const setSrc = `package p

func def(name string) {}

func inner(name string) { def(name) }

func outer(n string) { inner(n) }

func valued(name string) { def(name) }

func fixed() { def("fixed") }

func closure(name string) { _ = func() { def(name) } }

func main() {
	outer("a")
	outer("b")
	inner("c")
	valued("d")
	_ = valued
	closure("e")
}
`

// TestInstantiate: a definition named by a parameter of the function it is written in is a
// template when every use of that function is a call, with one instance per call, through
// helpers of helpers; a function also used as a value, a constant name and a definition in a
// closure are no templates.
func TestInstantiate(t *testing.T) {
	pass := check(t, setSrc)
	code := &fakeCode{pass: pass}
	for _, c := range callsTo(pass, "def") {
		code.defs = append(code.defs, code.def(c, nil))
	}
	callsOf := map[*types.Func][]*ast.CallExpr{}
	for _, name := range []string{"inner", "outer", "valued", "closure"} {
		callsOf[fn(pass, name)] = callsTo(pass, name)
	}
	s := New(pass, code, callsOf)
	s.Instantiate()

	byFunc := map[string]*mcpmodel.Definition{}
	for _, d := range code.defs[:4] {
		f, ok := s.TemplateOf(d)
		if ok {
			byFunc[f.Name()] = d
		}
	}
	require.Contains(t, byFunc, "inner")
	assert.NotContains(t, byFunc, "closure", "a closure may run later: no template")
	assert.True(t, byFunc["inner"].Converter)
	assert.False(t, byFunc["valued"].Converter, "valued is also used as a value")

	var names []string
	for _, l := range s.Leaves(byFunc["inner"]) {
		names = append(names, strconv.Quote(l.Name.Str)+" at "+types.ExprString(l.Node.(ast.Expr)))
		inst := s.Of(l)
		require.NotNil(t, inst)
		assert.Same(t, l.Node, inst.Call)
	}
	assert.ElementsMatch(t, []string{`"\"c\"" at inner("c")`, `"\"a\"" at outer("a")`, `"\"b\"" at outer("b")`}, names)
	mid := s.Of(s.Leaves(byFunc["inner"])[0]).Template
	assert.Equal(t, "outer", func() string { f, _ := s.TemplateOf(mid); return f.Name() }(),
		"inner(n), written in outer, is an instance named by outer's parameter: a template in turn")
}

const factSrc = `package p

type Opt func()

func def(name string) {}

func Tool[In any](name, desc string, fn any, opts ...Opt) { def(name) }

func Fixed(desc string) { def("fixed") }
`

// TestDescribe: a template's HelperFact says which parameter gives each field and the
// handler, which type parameter the input type is, which variadic parameter's options follow
// the template's own, and what recognition keeps beside it; a template whose name is no
// parameter has none.
func TestDescribe(t *testing.T) {
	pass := check(t, factSrc)
	code := &fakeCode{pass: pass}
	s := New(pass, code, nil)
	tool, fixed := fn(pass, "Tool"), fn(pass, "Fixed")
	ident := func(v *types.Var) *ast.Ident {
		id := &ast.Ident{Name: v.Name()}
		pass.TypesInfo.Uses[id] = v
		return id
	}
	d := &mcpmodel.Definition{
		Kind:        mcpmodel.Tool,
		Name:        mcpmodel.Value{Expr: ident(param(tool, "name")), Set: true},
		Description: mcpmodel.Value{Expr: ident(param(tool, "desc")), Set: true},
		Title:       mcpmodel.Value{Set: true, Static: true, Str: "T"},
		HandlerExpr: &ast.FuncLit{},
		InputType:   typeParam(tool, "In"),
	}
	f := s.describe(d, tool, Side{Registration: "typed", OptionTail: param(tool, "opts"), OwnType: true})
	require.NotNil(t, f)
	assert.Equal(t, HelperField{Param: 0, Set: true}, f.Fields["Name"])
	assert.Equal(t, HelperField{Param: 1, Set: true}, f.Fields["Description"])
	assert.Equal(t, HelperField{Param: -1, Set: true, Static: true, Str: "T"}, f.Fields["Title"])
	assert.Equal(t, -1, f.Handler, "a closure of its own, not a parameter")
	assert.Equal(t, []int{2}, f.Reflected, "fn any: what the closure calls through reflect")
	assert.Equal(t, 0, f.In)
	assert.Equal(t, -1, f.Out)
	assert.Equal(t, 3, f.Options)
	assert.Equal(t, "typed", f.Registration)
	assert.True(t, f.InputFixed && f.OutputFixed, "an own definition type fixes its schemas")

	f = s.describe(d, tool, Side{})
	assert.Equal(t, -1, f.Options)
	assert.Empty(t, f.Registration)
	assert.False(t, f.InputFixed)

	// Options that set a field the fact carries (description, title, MIME type) are no other
	// options; any other, or a function of another package with such a name, is.
	m3, own := types.NewPackage(sdkapi.MarkLabsMCPPath, "mcp"), types.NewPackage("example.com/own", "own")
	option := func(pkg *types.Package, name string) *ast.CallExpr {
		id := &ast.Ident{Name: name}
		pass.TypesInfo.Uses[id] = types.NewFunc(token.NoPos, pkg, name, types.NewSignatureType(nil, nil, nil, nil, nil, false))
		return &ast.CallExpr{Fun: id}
	}
	d.Options = []*ast.CallExpr{option(m3, "WithToolTitle"), option(m3, "WithResourceTitle"), option(m3, "WithMIMEType")}
	assert.False(t, s.describe(d, tool, Side{}).OptionsFixed)
	d.Options = []*ast.CallExpr{option(own, "WithDescription")}
	assert.True(t, s.describe(d, tool, Side{}).OptionsFixed)
	d.Options = []*ast.CallExpr{option(m3, "WithReadOnlyHintAnnotation")}
	assert.True(t, s.describe(d, tool, Side{}).OptionsFixed)

	static := &mcpmodel.Definition{Kind: mcpmodel.Tool, Name: mcpmodel.Value{Set: true, Static: true, Str: "fixed"}}
	assert.Nil(t, s.describe(static, fixed, Side{}), "the name is no parameter: no helper")
}
