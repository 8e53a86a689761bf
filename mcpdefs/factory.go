package mcpdefs

// Definitions through the module's own helpers (mcpdefs/templates): recognition's side. The
// templates package finds the templates and their calls and binds a helper's parameters at
// each call; recognition evaluates a template's SDK literal or constructor with them bound
// (r.bound, read through r.through), and reads a call of another package's helper from its
// HelperFact.

import (
	"go/ast"
	"go/types"

	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/mcpdefs/templates"
)

// The recogniser is what mcpdefs/templates evaluates templates through (templates.Code).
var _ templates.Code = (*recogniser)(nil)

func (r *recogniser) TypeArgs(fun ast.Expr) *types.TypeList { return r.typeArgs(fun) }

// Evaluate reads the definition written at node with the parameters bound by b: the same
// reading as at the definition itself, with each parameter standing for its argument.
func (r *recogniser) Evaluate(node ast.Node, b *templates.Binding) *mcpmodel.Definition {
	saved := r.bound
	r.bound, r.made = b, nil
	defer func() { r.bound, r.made = saved, nil }()
	switch n := node.(type) {
	case *ast.CompositeLit:
		r.composite(n)
	case *ast.CallExpr:
		fn := r.callee(n)
		if !r.m3Constructor(n, sdkapi.Key(fn)) {
			if f := r.templates.Import(fn); f != nil {
				r.helperCall(n, f)
			}
		}
	}
	return r.made
}

// AddInstance records inst, made from template d at call c. It gets what recognition keeps
// beside d (its registration and own type so far), as copying the definition value would if
// they were its fields.
func (r *recogniser) AddInstance(inst, d *mcpmodel.Definition, c *ast.CallExpr) {
	if reg, ok := r.registeredAs[d]; ok {
		r.registeredAs[inst] = reg
	}
	if o, ok := r.ownType[d]; ok {
		r.ownType[inst] = o
	}
	r.defs[c] = inst
	r.res.Definitions = append(r.res.Definitions, inst)
}

// templateSide is what recognition keeps of template d, written in fn, beside d itself.
func (r *recogniser) templateSide(d *mcpmodel.Definition, fn *types.Func) templates.Side {
	side := templates.Side{OptionTail: r.optionTail[d], OwnType: r.ownType[d] != nil}
	if decl := r.decls[fn]; d.Registration != nil && (r.registeredInHelper[d] || d.Registration.Pos() >= decl.Pos() && d.Registration.End() <= decl.End()) {
		switch r.registeredAs[d] {
		case regGoTyped:
			side.Registration = "typed"
		case regGoLowLevel:
			side.Registration = "low-level"
		default:
			side.Registration = "other"
		}
	}
	return side
}

// through follows e while it names a parameter bound to an argument (outside a template's
// evaluation: e).
func (r *recogniser) through(e ast.Expr) ast.Expr { return r.bound.Through(r.pass.TypesInfo, e) }

// helperCall makes the definition a call of another package's helper is (its HelperFact).
func (r *recogniser) helperCall(call *ast.CallExpr, f *templates.HelperFact) {
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
			d.InputType = r.bound.Type(targs.At(f.In))
		}
		if f.Out >= 0 && f.Out < targs.Len() {
			d.OutputType = r.bound.Type(targs.At(f.Out))
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
	d.HandlerMaker = f.HandlerMaker
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
