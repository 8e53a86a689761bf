package schemarules

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strconv"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

func (rules) ArgumentNotInSchema() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "argument-not-in-schema", Severity: rule.Error, SDKs: []string{rule.SDKMarkLabs},
		Title: "handler reads an argument its tool's input schema does not declare",
		Run:   argumentNotInSchema,
	}, (*kinds).model)
}

// argumentNotInSchema: a mark3labs tool handler reads an argument by a constant name
// (req.RequireString("x"), req.GetInt("x", 0), ...) that the input schema of every tool it
// serves leaves out. The model fills in only the arguments a schema declares, so the read
// never gets a value: Require* fails on every call, Get* always returns its default. It is a
// typo, or a property renamed on one side only. Only what is certain counts: the handler's
// every registration is a recognised definition of this package, each of whose schemas is
// complete (no option recognition cannot read, no change after it is written, no keyword
// that admits other properties), and the read is on the handler's own request.
func argumentNotInSchema(p *rule.Pass, m *Model) {
	type served struct {
		handler  *mcpmodel.Handler
		defs     []*Definition
		tools    []string
		declared map[string]bool
	}
	var order []*served
	byNode := map[ast.Node]*served{}
	named := map[types.Object]int{} // registrations that name a handler function
	for _, d := range m.Defs {
		h := d.Handler
		if d.Kind != mcpmodel.Tool || d.SDK != sdkapi.MarkLabs || h == nil || h.Body == nil || h.Request == nil {
			continue
		}
		s := byNode[h.Node]
		if s == nil {
			s = &served{handler: h, declared: map[string]bool{}}
			byNode[h.Node] = s
			order = append(order, s)
		}
		s.defs = append(s.defs, d)
		if fn := handlerFunc(p.TypesInfo, d.HandlerExpr, h); fn != nil {
			named[fn]++
		}
	}
	uses := map[types.Object]int{}
	if len(named) > 0 {
		for _, obj := range p.TypesInfo.Uses {
			uses[obj]++
		}
	}
	for _, s := range order {
		known := true
		for _, d := range s.defs {
			props, ok := declaredArguments(d)
			if !ok || !d.Name.Static || !registeredOnlyHere(p.TypesInfo, d.HandlerExpr, s.handler, uses, named) {
				known = false
				break
			}
			s.tools = append(s.tools, strconv.Quote(d.Name.Str))
			for _, name := range props {
				s.declared[name] = true
			}
		}
		if !known {
			continue
		}
		for _, read := range argumentReads(p, m, s.handler) {
			if name := constantString(p.TypesInfo, read.Args[0]); name != "" && !s.declared[name] {
				who := "tool " + s.tools[0] + " declares no argument"
				if len(s.tools) > 1 {
					who = "no tool this handler serves declares"
				}
				p.Reportf(read.Args[0], "%s %q, which the model never sends; fix the name or declare it", who, name)
			}
		}
	}
}

// declaredArguments lists the properties a tool's input schema declares, and whether that is
// all the model may send: a schema recognition reads completely, with no keyword that lets
// other properties in or brings properties from elsewhere.
func declaredArguments(d *Definition) ([]string, bool) {
	if d.Mutated || d.OptionsDynamic || d.Input == nil || d.Input.Inferred() {
		return nil, false
	}
	root := d.Input.JSON
	if root == nil || root.Kind != jsonvalue.Object || root.Partial {
		return nil, false
	}
	for _, key := range []string{"patternProperties", "$ref", "$defs", "definitions", "allOf", "anyOf", "oneOf", "if", "dependentSchemas", "unevaluatedProperties"} {
		if root.Member(key) != nil {
			return nil, false
		}
	}
	if extra := root.Get("additionalProperties"); extra != nil && (extra.Kind != jsonvalue.Bool || extra.Bool) {
		return nil, false
	}
	props := root.Get("properties")
	if props == nil {
		return nil, true
	}
	if props.Kind != jsonvalue.Object || props.Partial {
		return nil, false
	}
	var names []string
	for _, member := range props.Members {
		names = append(names, member.Key)
	}
	return names, true
}

// registeredOnlyHere reports whether the handler reaches the SDK only through the
// definitions recognition links it to: written in place as a function literal, or an
// unexported function or method the package names only where it registers it. A handler
// handed around (a factory's result, a function value in a table, an exported function
// another package may register) may serve tools recognition does not see, whose schemas may
// declare what it reads.
func registeredOnlyHere(info *types.Info, expr ast.Expr, h *mcpmodel.Handler, uses, named map[types.Object]int) bool {
	if lit, ok := ast.Unparen(expr).(*ast.FuncLit); ok {
		return lit == h.Node
	}
	fn := handlerFunc(info, expr, h)
	return fn != nil && !fn.Exported() && uses[fn] == named[fn]
}

// handlerFunc is the function or method expr names, when it is the handler's declaration.
func handlerFunc(info *types.Info, expr ast.Expr, h *mcpmodel.Handler) *types.Func {
	id := astutil.NameIdent(expr)
	if id == nil {
		return nil
	}
	fn, ok := info.Uses[id].(*types.Func)
	decl, isDecl := h.Node.(*ast.FuncDecl)
	if !ok || !isDecl || info.Defs[decl.Name] != fn.Origin() {
		return nil
	}
	return fn.Origin()
}

// argumentReads are the calls in the handler's body that read one argument by name from its
// own request: req.Require*("x") and req.Get*("x", default).
func argumentReads(p *rule.Pass, m *Model, h *mcpmodel.Handler) []*ast.CallExpr {
	var out []*ast.CallExpr
	ast.Inspect(h.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		if api := m.Result.CallAPI(call); api != sdkapi.APIArgRequire && api != sdkapi.APIArgGet {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && p.TypesInfo.Uses[id] == h.Request {
			out = append(out, call)
		}
		return true
	})
	return out
}

// constantString is e's value when it is a string constant, else "".
func constantString(info *types.Info, e ast.Expr) string {
	if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value)
	}
	return ""
}
