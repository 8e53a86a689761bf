package mcpdefs

import (
	"go/ast"
	"go/types"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/schemalib"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// handBuilt is the source of a schema given as the expression e.
func (r *recogniser) handBuilt(e ast.Expr) mcpmodel.SchemaSource {
	src := mcpmodel.SchemaSource{Origin: mcpmodel.SchemaHandBuilt, Expr: e, JSON: r.eval.JSONOf(e, 0)}
	if !src.JSON.Known() {
		src.Library = schemalib.Find(r.pass, schemaCode{r}, schemalib.Versions{JSONSchemaGo: r.res.Versions.JSONSchemaGo, Invopop: r.res.Versions.Invopop}, e)
	}
	return src
}

// schemaCode is recognition's index of the package's code as schemalib reads it.
type schemaCode struct{ r *recogniser }

func (c schemaCode) Assigns(v *types.Var) []ast.Expr       { return c.r.assigns[v] }
func (c schemaCode) Changed(v *types.Var) bool             { return c.r.fieldAssigned[v] || c.r.addressTaken[v] }
func (c schemaCode) ObjectOf(id *ast.Ident) types.Object   { return c.r.objectOf(id) }
func (c schemaCode) Callee(call *ast.CallExpr) *types.Func { return c.r.callee(call) }
func (c schemaCode) Decl(fn *types.Func) *ast.FuncDecl     { return c.r.decls[fn] }
func (c schemaCode) Returns(decl *ast.FuncDecl) []*ast.ReturnStmt {
	return c.r.returns[decl]
}
func (c schemaCode) TypeArgs(fun ast.Expr) *types.TypeList { return c.r.typeArgs(fun) }
func (c schemaCode) ConstString(e ast.Expr) (string, bool) { return c.r.constString(e) }

// sdkRegistration records, per definition, how go-sdk registered it in this package.
type sdkRegistration int

const (
	regNone sdkRegistration = iota
	regGoTyped
	regGoLowLevel
)

// schemas fills Input and Output of every tool definition once linking is done.
func (r *recogniser) schemas() {
	for _, d := range r.res.Definitions {
		if d.Kind != mcpmodel.Tool {
			continue
		}
		if o := r.ownType[d]; o != nil {
			r.ownSchemas(d, o)
			continue
		}
		switch d.SDK {
		case sdkapi.GoSDK:
			d.Input = r.goSchema(d, d.InputSchema, d.InputType, true)
			d.Output = r.goSchema(d, d.OutputSchema, d.OutputType, false)
		case sdkapi.MCPTool:
			d.Input, d.Output = mcpmodel.MCPToolSchema(d.InputType, true), mcpmodel.MCPToolSchema(d.OutputType, false)
		case sdkapi.MarkLabs:
			r.m3Schemas(d)
		}
		if inst := r.templates.Of(d); inst != nil { // a schema reflected from the call's handler
			d.Input.Library = d.Input.Library.Bind(r.pass.TypesInfo, func(v *types.Var) ast.Expr { return inst.Binding.Arg(r.pass.TypesInfo, v) })
		}
		if fixed, ok := r.fixedSchemas[d]; ok {
			if fixed[0] {
				d.Input = mcpmodel.SchemaSource{}
			}
			if fixed[1] {
				d.Output = mcpmodel.SchemaSource{}
			}
		}
	}
}

// goSchema decides a go-sdk tool schema: a schema given in the literal wins; otherwise the
// typed AddTool infers from In/Out and the low-level AddTool has none.
func (r *recogniser) goSchema(d *mcpmodel.Definition, given ast.Expr, t types.Type, input bool) mcpmodel.SchemaSource {
	if given != nil && !astutil.IsNil(r.pass.TypesInfo, given) {
		return r.handBuilt(given)
	}
	if d.Mutated {
		return mcpmodel.SchemaSource{}
	}
	switch r.registeredAs[d] {
	case regGoTyped:
		return r.inferred(t, input)
	case regGoLowLevel:
		return mcpmodel.SchemaSource{Origin: mcpmodel.SchemaAbsent}
	}
	return mcpmodel.SchemaSource{}
}

// inferred is the schema go-sdk's typed AddTool (and mcptool) infer from t.
func (r *recogniser) inferred(t types.Type, input bool) mcpmodel.SchemaSource {
	if t == nil || astutil.HasTypeParam(t) {
		// Inside a generic wrapper the type is only known per instantiation.
		return mcpmodel.SchemaSource{}
	}
	if mcpmodel.IsEmptyInterface(t) {
		if input {
			return mcpmodel.SchemaSource{Origin: mcpmodel.SchemaDefault, JSON: &jsonvalue.Value{Kind: jsonvalue.Object, Members: []*jsonvalue.Member{{Key: "type", Value: &jsonvalue.Value{Kind: jsonvalue.String, Str: "object"}}}}}
		}
		return mcpmodel.SchemaSource{Origin: mcpmodel.SchemaAbsent}
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	return mcpmodel.SchemaSource{Origin: mcpmodel.SchemaInferred, Type: t, Inference: mcpmodel.InferGoSDK}
}

// m3Schemas decides a mark3labs tool's schemas from its constructor options or literal.
func (r *recogniser) m3Schemas(d *mcpmodel.Definition) {
	// An instance is read from its template's constructor, and placed at its call.
	at, _ := d.Node.(*ast.CallExpr)
	node := d.Node
	if inst := r.templates.Of(d); inst != nil {
		node = inst.DefNode
	}
	call, isCall := node.(*ast.CallExpr)
	if !isCall {
		// A mcp.Tool literal: RawInputSchema or InputSchema as written.
		if d.InputSchema != nil {
			d.Input = r.handBuilt(d.InputSchema)
		}
		if d.OutputSchema != nil {
			d.Output = r.handBuilt(d.OutputSchema)
		} else if !d.Mutated {
			d.Output = mcpmodel.SchemaSource{Origin: mcpmodel.SchemaAbsent}
		}
		return
	}
	if fn := r.callee(call); fn != nil && fn.Name() == "NewToolWithRawSchema" {
		if d.InputSchema != nil {
			d.Input = r.handBuilt(d.InputSchema)
		}
		d.Output = mcpmodel.SchemaSource{Origin: mcpmodel.SchemaAbsent}
		return
	}
	in, out := mcpmodel.SchemaSource{Origin: mcpmodel.SchemaProperties}, mcpmodel.SchemaSource{Origin: mcpmodel.SchemaAbsent}
	for _, oc := range d.Options {
		fn := r.callee(oc)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != sdkapi.MarkLabsMCPPath {
			continue
		}
		switch fn.Name() {
		case "WithInputSchema", "WithCachedInputSchema", "WithCachedInputSchemaKey", "WithRawInputSchema":
			if s, ok := r.m3SchemaOption(oc, fn.Name() == "WithRawInputSchema"); ok {
				in = s
			}
		case "WithOutputSchema", "WithCachedOutputSchema", "WithCachedOutputSchemaKey", "WithRawOutputSchema":
			if s, ok := r.m3SchemaOption(oc, fn.Name() == "WithRawOutputSchema"); ok {
				out = s
			}
		}
	}
	if in.Origin == mcpmodel.SchemaProperties {
		in.JSON = r.eval.MarkLabsProperties(d, at)
		if d.OptionsDynamic || d.Mutated {
			in = mcpmodel.SchemaSource{}
		}
	}
	if d.OptionsDynamic && out.Origin == mcpmodel.SchemaAbsent {
		out = mcpmodel.SchemaSource{}
	}
	d.Input, d.Output = in, out
}

// m3SchemaOption reads the schema a mark3labs schema option gives: hand-built from its
// argument (raw), or inferred from its type argument (unknown when that is a type parameter);
// ok is false when the option is not written the way the mirror reads it.
func (r *recogniser) m3SchemaOption(oc *ast.CallExpr, raw bool) (_ mcpmodel.SchemaSource, ok bool) {
	if raw {
		if len(oc.Args) != 1 {
			return mcpmodel.SchemaSource{}, false
		}
		return r.handBuilt(oc.Args[0]), true
	}
	ta := r.typeArgs(oc.Fun)
	if ta == nil || ta.Len() != 1 {
		return mcpmodel.SchemaSource{}, false
	}
	if astutil.HasTypeParam(ta.At(0)) {
		return mcpmodel.SchemaSource{}, true
	}
	return mcpmodel.SchemaSource{Origin: mcpmodel.SchemaInferred, Type: ta.At(0), Inference: r.m3Inference(), Expr: oc}, true
}

// m3Inference is the schema library mcp-go's WithInputSchema/WithOutputSchema use in the
// version the module builds with.
func (r *recogniser) m3Inference() mcpmodel.Inference {
	if r.res.Versions.InvopopTags() {
		return mcpmodel.InferInvopop
	}
	return mcpmodel.InferMarkLabs
}
