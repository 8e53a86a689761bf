package mcpdefs

// Own definition types: a server that declares its tools as its own struct type and copies
// them field by field into the SDK's,
//
//	type Tool struct{ Name, Description string; InputSchema InputSchema }
//	func toSDK(t api.ServerTool) *mcp.Tool {
//		return &mcp.Tool{Name: t.Tool.Name, Description: t.Tool.Description, InputSchema: convert(t.Tool.InputSchema)}
//	}
//
// makes every composite literal of that type a definition: api.Tool{Name: "list", ...} is
// what the client sees under the name "list". The SDK literal inside the converter is then
// no definition of its own (its values are each own literal's); it is kept as a Converter.

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/mcplint-go/mcplint/internal/astutil"

	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// ownDefType is a module struct type copied into an SDK definition.
type ownDefType struct {
	kind mcpmodel.Kind
	sdk  sdkapi.SDK
	// fields maps the SDK field (go-sdk field names; Description for mark3labs'
	// WithDescription) to the own type's field that is copied into it unchanged.
	fields map[string]string
	// converted are SDK fields given from the own value through something else (a
	// conversion function): their value is not known from the own literal.
	converted map[string]bool
	// converter is the SDK definition written in the converter.
	converter *mcpmodel.Definition
	// converterNode is where the SDK definition is written (the literal or NewTool call).
	converterNode ast.Node
	// elsewhere: the converter is in another package, as the module graph found it
	// (Options.Own): the literals are definitions registered there.
	elsewhere bool
}

// OwnType is a module struct type that a converter copies into SDK definitions, as a driver
// that sees the whole module passes it to the packages holding its literals (Options.Own).
type OwnType struct {
	SDK sdkapi.SDK `json:"sdk"`
	// Fields maps an SDK field to the own field copied into it unchanged; Converted are the
	// SDK fields built from the own value otherwise.
	Fields    map[string]string `json:"fields"`
	Converted map[string]bool   `json:"converted,omitempty"`
}

// OwnConverter is a converter of the package: the SDK definition it writes and the own type
// it copies, by its key (sdkapi.Key of the type's name). A driver gives the type to the
// packages that write its literals (Options.Own).
type OwnConverter struct {
	Key       string
	Type      OwnType
	Converter *mcpmodel.Definition
}

// ownFieldOf reads e as `X.F` where X has a named struct type of the module (not an SDK
// type): it returns that type, the field, and X's text (which identifies the own value).
func (r *recogniser) ownFieldOf(e ast.Expr) (*types.Named, string, string) {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil, "", ""
	}
	s, ok := r.pass.TypesInfo.Selections[sel]
	if !ok || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
		return nil, "", ""
	}
	t := s.Recv()
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || sdkapi.KnownPackage(n.Obj().Pkg().Path()) || n.TypeArgs() != nil {
		return nil, "", ""
	}
	if _, isStruct := n.Underlying().(*types.Struct); !isStruct {
		return nil, "", ""
	}
	return n, sel.Sel.Name, types.ExprString(sel.X)
}

// findOwnDefTypes finds converters: go-sdk mcp.Tool literals and mark3labs mcp.NewTool calls
// whose name is a field of a module struct value. Each is recorded under that struct type.
func (r *recogniser) findOwnDefTypes() {
	for _, f := range r.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				tv, ok := r.pass.TypesInfo.Types[n]
				if !ok {
					return true
				}
				named, _ := types.Unalias(tv.Type).(*types.Named)
				if named == nil || sdkapi.Key(named.Origin().Obj()) != sdkapi.GoSDKMCPPath+".Tool" {
					return true
				}
				fields := r.fields(n)
				own, _, root := r.ownFieldOf(fields["Name"])
				if own == nil {
					return true
				}
				o := &ownDefType{kind: mcpmodel.Tool, sdk: sdkapi.GoSDK, fields: map[string]string{}, converted: map[string]bool{}, converterNode: n}
				for sdkField, v := range fields {
					if t, f, rt := r.ownFieldOf(v); t == own && rt == root {
						o.fields[sdkField] = f
					} else {
						// Converted from the own value, or the same for every own literal:
						// either way not read from the own literal.
						o.converted[sdkField] = true
					}
				}
				r.addOwnDefType(own, o)
			case *ast.CallExpr:
				if fn := r.callee(n); fn == nil || sdkapi.Key(fn) != sdkapi.MarkLabsMCPPath+".NewTool" || len(n.Args) == 0 {
					return true
				}
				own, nameField, root := r.ownFieldOf(n.Args[0])
				if own == nil {
					return true
				}
				o := &ownDefType{kind: mcpmodel.Tool, sdk: sdkapi.MarkLabs, fields: map[string]string{"Name": nameField}, converted: map[string]bool{}, converterNode: n}
				opts := n.Args[1:]
				if n.Ellipsis.IsValid() {
					// NewTool(cmd.Name, opts...): the options are the spread slice's elements.
					spread, complete := r.spreadOptions(f, n.Args[len(n.Args)-1])
					opts = append(opts[:len(opts)-1:len(opts)-1], spread...)
					if !complete {
						o.converted["Description"], o.converted["InputSchema"], o.converted["Annotations"] = true, true, true
					}
				}
				for _, a := range opts {
					oc, ok := ast.Unparen(a).(*ast.CallExpr)
					fn := r.calleeOf(oc)
					if ok && fn != nil && sdkapi.Key(fn) == sdkapi.MarkLabsMCPPath+".WithDescription" && len(oc.Args) == 1 {
						if t, f, rt := r.ownFieldOf(oc.Args[0]); t == own && rt == root {
							o.fields["Description"] = f
							continue
						}
						o.converted["Description"] = true
						continue
					}
					// Any other option may add properties or hints from the own value.
					o.converted["InputSchema"] = true
					if fn == nil || !strings.HasPrefix(fn.Name(), "With") || strings.Contains(fn.Name(), "Annotation") || strings.Contains(fn.Name(), "Hint") {
						o.converted["Annotations"] = true
					}
				}
				r.addOwnDefType(own, o)
			}
			return true
		})
	}
}

// seedOwnTypes adds the own types whose converters are in other packages (Options.Own) and
// that this package can write literals of: its own types and its imports'. A converter of
// the package itself wins.
func (r *recogniser) seedOwnTypes() {
	if len(r.own) == 0 {
		return
	}
	for _, p := range append([]*types.Package{r.pass.Pkg}, r.pass.Pkg.Imports()...) {
		for _, name := range p.Scope().Names() {
			tn, ok := p.Scope().Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			spec, ok := r.own[sdkapi.Key(tn)]
			if !ok {
				continue
			}
			if _, local := r.ownDefTypes[tn]; local {
				continue
			}
			if r.ownDefTypes == nil {
				r.ownDefTypes = map[*types.TypeName]*ownDefType{}
			}
			r.ownDefTypes[tn] = &ownDefType{kind: mcpmodel.Tool, sdk: spec.SDK, fields: spec.Fields, converted: spec.Converted, elsewhere: true}
		}
	}
}

// noteOwnLiteral records a literal of a struct type of another package (not an SDK's), which may be an own definition type converted elsewhere.
func (r *recogniser) noteOwnLiteral(named *types.Named) {
	obj := named.Origin().Obj()
	p := obj.Pkg()
	if p == nil || p == r.pass.Pkg || sdkapi.KnownPackage(p.Path()) {
		return
	}
	if _, ok := named.Underlying().(*types.Struct); !ok {
		return
	}
	key := sdkapi.Key(obj)
	if !r.ownLiterals[key] {
		if r.ownLiterals == nil {
			r.ownLiterals = map[string]bool{}
		}
		r.ownLiterals[key] = true
		r.res.OwnLiterals = append(r.res.OwnLiterals, key)
	}
}

// ownConverters lists the package's converters with a linked SDK definition, for a driver.
func (r *recogniser) ownConverters() []OwnConverter {
	var out []OwnConverter
	for tn, o := range r.ownDefTypes {
		if o == nil || o.elsewhere || o.converter == nil {
			continue
		}
		out = append(out, OwnConverter{Key: sdkapi.Key(tn), Type: OwnType{SDK: o.sdk, Fields: o.fields, Converted: o.converted}, Converter: o.converter})
	}
	return out
}

// spreadOptions reads the slice spread into a NewTool call, `opts...`, in file: the elements
// of the literals assigned to it and the values appended to it. complete is false when the
// slice is anything else, or is assigned or appended to in a way not read here.
func (r *recogniser) spreadOptions(file *ast.File, spread ast.Expr) (elems []ast.Expr, complete bool) {
	id, ok := ast.Unparen(spread).(*ast.Ident)
	if !ok {
		return nil, false
	}
	obj := r.objectOf(id)
	if obj == nil {
		return nil, false
	}
	complete = true
	add := func(rhs ast.Expr) {
		switch v := ast.Unparen(rhs).(type) {
		case *ast.CompositeLit:
			elems = append(elems, v.Elts...)
		case *ast.CallExpr:
			b, isBuiltin := r.pass.TypesInfo.Uses[astutil.NameIdent(v.Fun)].(*types.Builtin)
			if !isBuiltin || b.Name() != "append" || v.Ellipsis.IsValid() || len(v.Args) == 0 {
				complete = false
				return
			}
			if first, ok := ast.Unparen(v.Args[0]).(*ast.Ident); !ok || r.objectOf(first) != obj {
				complete = false
				return
			}
			elems = append(elems, v.Args[1:]...)
		default:
			complete = false
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if l, ok := ast.Unparen(lhs).(*ast.Ident); ok && r.objectOf(l) == obj {
					if len(n.Rhs) != len(n.Lhs) {
						complete = false
						continue
					}
					add(n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if r.objectOf(name) == obj && i < len(n.Values) {
					add(n.Values[i])
				}
			}
		case *ast.UnaryExpr:
			if x, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && r.objectOf(x) == obj {
				complete = false
			}
		case *ast.CallExpr:
			for _, a := range n.Args {
				if x, ok := ast.Unparen(a).(*ast.Ident); ok && r.objectOf(x) == obj && a != spread {
					if b, ok := r.pass.TypesInfo.Uses[astutil.NameIdent(n.Fun)].(*types.Builtin); !ok || b.Name() != "append" {
						complete = false // handed to a function that may change it
					}
				}
			}
		}
		return true
	})
	return elems, complete
}

func (r *recogniser) addOwnDefType(t *types.Named, o *ownDefType) {
	if r.ownDefTypes == nil {
		r.ownDefTypes = map[*types.TypeName]*ownDefType{}
	}
	key := t.Origin().Obj()
	if _, dup := r.ownDefTypes[key]; dup {
		// Two converters of one type: which SDK fields come from where is not one thing.
		r.ownDefTypes[key] = nil
		return
	}
	r.ownDefTypes[key] = o
}

// ownDefinition makes a definition of a composite literal of an own definition type.
func (r *recogniser) ownDefinition(lit *ast.CompositeLit, named *types.Named) bool {
	o := r.ownDefTypes[named.Origin().Obj()]
	if o == nil {
		return false
	}
	if o.converterNode == ast.Node(lit) {
		return false
	}
	f := r.fields(lit)
	if f[o.fields["Name"]] == nil {
		// T{} or a literal without the field the name is copied from: a placeholder, or a
		// value of a type that is also used otherwise; not a tool.
		return false
	}
	d := r.newDef(lit, o.kind, o.sdk)
	d.Own = named.Origin().Obj()
	get := func(sdkField string) ast.Expr {
		if own, ok := o.fields[sdkField]; ok {
			return f[own]
		}
		return nil
	}
	str := func(sdkField string) mcpmodel.Value {
		if _, copied := o.fields[sdkField]; copied {
			return r.str(get(sdkField))
		}
		if o.converted[sdkField] {
			return mcpmodel.Value{Set: true, Expr: lit}
		}
		return mcpmodel.Value{}
	}
	d.Name, d.Title, d.Description = str("Name"), str("Title"), str("Description")
	if o.sdk == sdkapi.GoSDK {
		d.InputSchema, d.OutputSchema, d.Meta = get("InputSchema"), get("OutputSchema"), get("Meta")
		if a := get("Annotations"); a != nil {
			r.goAnnotations(d, a)
		} else if o.converted["Annotations"] {
			d.Annotations.Dynamic = true
		}
	}
	if o.sdk == sdkapi.MarkLabs && o.converted["Annotations"] {
		d.Annotations.Dynamic = true
	} else if o.sdk == sdkapi.MarkLabs {
		// mcp.NewTool's defaults, as for any NewTool call.
		t, f := true, false
		d.Annotations.DestructiveDefault, d.Annotations.OpenWorldDefault = &t, &t
		d.Annotations.ReadOnlyDefault, d.Annotations.IdempotentDefault = &f, &f
	}
	r.ownType[d] = o
	return true
}

// linkOwnDefinitions gives each own definition what its converter's SDK definition has:
// the registration, and whether it was converted from a type the SDK infers a schema from.
func (r *recogniser) linkOwnDefinitions() {
	for _, o := range r.ownDefTypes {
		if o != nil {
			o.converter = r.defs[o.converterNode]
			if o.converter != nil {
				o.converter.Converter = true
			}
		}
	}
	for _, d := range r.res.Definitions {
		o := r.ownType[d]
		if o == nil || o.converter == nil {
			continue
		}
		if d.Registration == nil {
			d.Registration, d.ViaRegistrar = o.converter.Registration, o.converter.ViaRegistrar
		}
		r.registeredAs[d] = r.registeredAs[o.converter]
	}
}

// ownSchemas decides the schemas of an own definition: a schema field copied unchanged is
// read from the own literal; one the converter builds otherwise is unknown; one it does not
// set is what the SDK does without it.
func (r *recogniser) ownSchemas(d *mcpmodel.Definition, o *ownDefType) {
	schema := func(sdkField string, given ast.Expr, input bool) mcpmodel.SchemaSource {
		switch {
		case o.converted[sdkField]:
			return mcpmodel.SchemaSource{}
		case given != nil:
			if o.sdk == sdkapi.GoSDK {
				return r.goSchema(d, given, nil, input)
			}
			return mcpmodel.SchemaSource{Origin: mcpmodel.SchemaHandBuilt, Expr: given, JSON: r.eval.JSONOf(given, 0)}
		case o.sdk == sdkapi.MarkLabs:
			return mcpmodel.SchemaSource{}
		}
		return r.goSchema(d, nil, nil, input)
	}
	d.Input = schema("InputSchema", d.InputSchema, true)
	d.Output = schema("OutputSchema", d.OutputSchema, false)
}
