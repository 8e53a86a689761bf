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
	"go/types"
	"strings"

	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/owntypes"
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
type OwnType = owntypes.Type

// OwnConverter is a converter of the package: the SDK definition it writes and the own type
// it copies, by its key (sdkapi.Key of the type's name). A driver gives the type to the
// packages that write its literals (Options.Own).
type OwnConverter struct {
	Key       string
	Type      OwnType
	Converter *mcpmodel.Definition
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
				own, _, root := owntypes.FieldOf(r.pass.TypesInfo, fields["Name"])
				if own == nil {
					return true
				}
				o := &ownDefType{kind: mcpmodel.Tool, sdk: sdkapi.GoSDK, fields: map[string]string{}, converted: map[string]bool{}, converterNode: n}
				for sdkField, v := range fields {
					if t, f, rt := owntypes.FieldOf(r.pass.TypesInfo, v); t == own && rt == root {
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
				own, nameField, root := owntypes.FieldOf(r.pass.TypesInfo, n.Args[0])
				if own == nil {
					return true
				}
				o := &ownDefType{kind: mcpmodel.Tool, sdk: sdkapi.MarkLabs, fields: map[string]string{"Name": nameField}, converted: map[string]bool{}, converterNode: n}
				opts := n.Args[1:]
				if n.Ellipsis.IsValid() {
					// NewTool(cmd.Name, opts...): the options are the spread slice's elements.
					spread, complete := owntypes.SpreadOptions(r.pass.TypesInfo, f, n.Args[len(n.Args)-1])
					opts = append(opts[:len(opts)-1:len(opts)-1], spread...)
					if !complete {
						o.converted["Description"], o.converted["InputSchema"], o.converted["Annotations"] = true, true, true
					}
				}
				for _, a := range opts {
					oc, ok := ast.Unparen(a).(*ast.CallExpr)
					fn := r.calleeOf(oc)
					if ok && fn != nil && sdkapi.Key(fn) == sdkapi.MarkLabsMCPPath+".WithDescription" && len(oc.Args) == 1 {
						if t, f, rt := owntypes.FieldOf(r.pass.TypesInfo, oc.Args[0]); t == own && rt == root {
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
	for tn, spec := range owntypes.InReach(r.pass.Pkg, r.own) {
		if _, local := r.ownDefTypes[tn]; local {
			continue
		}
		if r.ownDefTypes == nil {
			r.ownDefTypes = map[*types.TypeName]*ownDefType{}
		}
		r.ownDefTypes[tn] = &ownDefType{kind: mcpmodel.Tool, sdk: spec.SDK, fields: spec.Fields, converted: spec.Converted, elsewhere: true}
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
			r.annotations(d, a, true)
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
