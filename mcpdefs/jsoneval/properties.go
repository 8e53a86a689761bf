package jsoneval

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// mark3labs property builders and the JSON type each starts from ("" for WithAny).
var m3PropertyTypes = map[string]string{
	"WithString": "string", "WithNumber": "number", "WithInteger": "integer",
	"WithBoolean": "boolean", "WithObject": "object", "WithArray": "array", "WithAny": "",
}

// mark3labs item builders (options of WithArray) and their item type.
var m3ItemTypes = map[string]string{
	"WithStringItems": "string", "WithNumberItems": "number",
	"WithIntegerItems": "integer", "WithBooleanItems": "boolean",
}

// mark3labs property options that set one keyword from their single argument.
var m3Keywords = map[string]string{
	"Description": "description", "Title": "title",
	"DefaultString": "default", "DefaultNumber": "default", "DefaultBool": "default", "DefaultArray": "default",
	"MaxLength": "maxLength", "MinLength": "minLength", "Pattern": "pattern",
	"Max": "maximum", "Min": "minimum", "MultipleOf": "multipleOf",
	"Properties": "properties", "AdditionalProperties": "additionalProperties",
	"MinProperties": "minProperties", "MaxProperties": "maxProperties", "PropertyNames": "propertyNames",
	"Items": "items", "MinItems": "minItems", "MaxItems": "maxItems", "UniqueItems": "uniqueItems",
}

// MarkLabsProperties builds the input schema a mark3labs NewTool advertises from its property
// options: {"type":"object","properties":{...},"required":[...]}. Options recognition cannot
// read make the affected object Partial.
func (r *Evaluator) MarkLabsProperties(d *mcpmodel.Definition, call *ast.CallExpr) *jsonvalue.Value {
	root := &jsonvalue.Value{Kind: jsonvalue.Object, Pos: call.Pos(), End: call.End(), Partial: d.OptionsDynamic}
	props := &jsonvalue.Value{Kind: jsonvalue.Object, Pos: call.Pos(), End: call.End()}
	required := &jsonvalue.Value{Kind: jsonvalue.Array, Pos: call.Pos(), End: call.End()}
	root.Members = []*jsonvalue.Member{
		{Key: "type", KeyPos: call.Pos(), Value: &jsonvalue.Value{Kind: jsonvalue.String, Str: "object", Pos: call.Pos(), End: call.End()}},
		{Key: "properties", KeyPos: call.Pos(), Value: props},
	}
	for _, oc := range d.Options {
		fn := r.Callee(oc)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != sdkapi.MarkLabsMCPPath {
			// A ToolOption of the user's own: it may add properties.
			root.Partial, props.Partial = true, true
			continue
		}
		name := fn.Name()
		if name == "WithSchemaAdditionalProperties" && len(oc.Args) == 1 {
			root.Members = append(root.Members, &jsonvalue.Member{Key: "additionalProperties", KeyPos: oc.Pos(), Value: r.JSONOf(oc.Args[0], 0)})
			continue
		}
		typ, isProperty := m3PropertyTypes[name]
		if !isProperty || len(oc.Args) == 0 {
			continue
		}
		propName, ok := r.ConstString(oc.Args[0])
		if !ok {
			props.Partial = true
			continue
		}
		prop := &jsonvalue.Value{Kind: jsonvalue.Object, Pos: oc.Pos(), End: oc.End()}
		if typ != "" {
			prop.Members = append(prop.Members, &jsonvalue.Member{Key: "type", KeyPos: oc.Fun.Pos(), Value: &jsonvalue.Value{Kind: jsonvalue.String, Str: typ, Pos: oc.Fun.Pos(), End: oc.Fun.End()}})
		}
		if name == "WithObject" {
			prop.Members = append(prop.Members, &jsonvalue.Member{Key: "properties", KeyPos: oc.Fun.Pos(), Value: &jsonvalue.Value{Kind: jsonvalue.Object, Pos: oc.Fun.Pos(), End: oc.Fun.End()}})
		}
		if r.m3PropertyOptions(prop, oc, oc.Args[1:]) {
			required.Elems = append(required.Elems, &jsonvalue.Value{Kind: jsonvalue.String, Str: propName, Pos: oc.Pos(), End: oc.End()})
		}
		props.Members = append(props.Members, &jsonvalue.Member{Key: propName, KeyPos: oc.Args[0].Pos(), Value: prop})
	}
	if len(required.Elems) > 0 {
		root.Members = append(root.Members, &jsonvalue.Member{Key: "required", KeyPos: call.Pos(), Value: required})
	}
	return root
}

// m3PropertyOptions applies PropertyOption calls to prop and reports whether Required() was
// among them.
func (r *Evaluator) m3PropertyOptions(prop *jsonvalue.Value, owner *ast.CallExpr, opts []ast.Expr) (required bool) {
	if owner.Ellipsis.IsValid() {
		prop.Partial = true
	}
	set := func(key string, at ast.Node, v *jsonvalue.Value) {
		for _, m := range prop.Members {
			if m.Key == key {
				m.Value, m.KeyPos = v, at.Pos()
				return
			}
		}
		prop.Members = append(prop.Members, &jsonvalue.Member{Key: key, KeyPos: at.Pos(), Value: v})
	}
	for _, o := range opts {
		if r.ownPropertyOption(prop, o) {
			continue
		}
		oc, ok := ast.Unparen(o).(*ast.CallExpr)
		var fn *types.Func
		if ok {
			fn = r.Callee(oc)
		}
		if !ok || fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != sdkapi.MarkLabsMCPPath {
			prop.Partial = true
			continue
		}
		name := fn.Name()
		switch {
		case name == "Required":
			required = true
		case name == "Enum":
			enum := &jsonvalue.Value{Kind: jsonvalue.Array, Pos: oc.Pos(), End: oc.End()}
			switch {
			case oc.Ellipsis.IsValid():
				enum.Kind = jsonvalue.Dynamic
			case len(oc.Args) == 0:
				// Enum() stores a nil []string: the wire carries "enum": null.
				enum.Kind = jsonvalue.Null
			default:
				for _, a := range oc.Args {
					enum.Elems = append(enum.Elems, r.JSONOf(a, 0))
				}
			}
			set("enum", oc, enum)
		case name == "WithStringEnumItems" && len(oc.Args) == 1:
			items := &jsonvalue.Value{Kind: jsonvalue.Object, Pos: oc.Pos(), End: oc.End()}
			items.Members = []*jsonvalue.Member{
				{Key: "type", KeyPos: oc.Pos(), Value: &jsonvalue.Value{Kind: jsonvalue.String, Str: "string", Pos: oc.Pos(), End: oc.End()}},
				{Key: "enum", KeyPos: oc.Args[0].Pos(), Value: r.JSONOf(oc.Args[0], 0)},
			}
			set("items", oc, items)
		case m3ItemTypes[name] != "":
			items := &jsonvalue.Value{Kind: jsonvalue.Object, Pos: oc.Pos(), End: oc.End()}
			items.Members = []*jsonvalue.Member{{Key: "type", KeyPos: oc.Pos(), Value: &jsonvalue.Value{Kind: jsonvalue.String, Str: m3ItemTypes[name], Pos: oc.Pos(), End: oc.End()}}}
			r.m3PropertyOptions(items, oc, oc.Args)
			// Required() inside item options is dropped by mark3labs.
			set("items", oc, items)
		case m3Keywords[name] != "" && len(oc.Args) == 1:
			set(m3Keywords[name], oc, r.JSONOf(oc.Args[0], 0))
		default:
			prop.Partial = true
		}
	}
	return required
}

// ownPropertyOption applies a PropertyOption of the module's own to prop: a function literal
// `func(schema map[string]any) { schema["x-mcp-header"] = "Owner" }`, written in place or
// returned by a function of the package (`header("Owner")`, its parameters standing for the
// call's arguments), whose body only sets constant keys of its map. It reports false for
// anything else, which leaves the option to the caller.
func (r *Evaluator) ownPropertyOption(prop *jsonvalue.Value, o ast.Expr) bool {
	var lit *ast.FuncLit
	var frame *argFrame
	switch x := ast.Unparen(o).(type) {
	case *ast.FuncLit:
		lit = x
	case *ast.CallExpr:
		fn := r.Callee(x)
		if fn == nil || r.Decls[fn] == nil || fn.Signature().Results().Len() != 1 || fn.Signature().Variadic() {
			return false
		}
		rets := r.CalleeReturns(x, 0)
		if len(rets) != 1 {
			return false
		}
		l, ok := ast.Unparen(rets[0]).(*ast.FuncLit)
		if !ok {
			return false
		}
		lit = l
		frame = &argFrame{params: map[types.Object]ast.Expr{}, parent: r.env}
		for i, a := range x.Args {
			frame.params[fn.Signature().Params().At(i)] = a
		}
	default:
		return false
	}
	params := lit.Type.Params
	if params == nil || len(params.List) != 1 || len(params.List[0].Names) != 1 {
		return false
	}
	m := r.pass.TypesInfo.Defs[params.List[0].Names[0]]
	if m == nil {
		return false
	}
	if mt, ok := m.Type().Underlying().(*types.Map); !ok || !types.Identical(mt.Key(), types.Typ[types.String]) {
		return false
	}
	type set struct {
		key   string
		at    token.Pos
		value ast.Expr
	}
	var sets []set
	for _, st := range lit.Body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return false
		}
		ix, ok := ast.Unparen(as.Lhs[0]).(*ast.IndexExpr)
		if !ok || r.LocalVar(ix.X) != m || astutil.Mentions(r.pass.TypesInfo, as.Rhs[0], m) {
			return false
		}
		k, ok := r.ConstString(ix.Index)
		if !ok {
			return false
		}
		sets = append(sets, set{k, ix.Index.Pos(), as.Rhs[0]})
	}
	if frame != nil {
		r.env = frame
		defer func() { r.env = frame.parent }()
	}
	for _, s := range sets {
		prop.Set(s.key, s.at, r.JSONOf(s.value, 0))
	}
	return true
}
