package mcpdefs

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path"
	"strings"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/registrars"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/mcpdefs/templates"
)

// registration is a registering call or SDK pair literal waiting for link().
type registration struct {
	call     *ast.CallExpr // nil for a pair literal
	kind     mcpmodel.Kind
	sdk      sdkapi.SDK
	def      ast.Expr
	handler  ast.Expr // nil when the registration carries none
	typeArgs *types.TypeList
	// api is the registering function's key; omitted marks a keyed pair literal without its
	// Handler field (lit).
	api     string
	omitted bool
	lit     *ast.CompositeLit
	// registrar marks a call of a module function that registers (see registrars.go).
	registrar bool
}

// maxDepth bounds resolution through variables and factories.
const maxDepth = mcpmodel.MaxDepth

// call recognises registrations, definition constructors and server constructors.
func (r *recogniser) call(call *ast.CallExpr) {
	r.noteCallArgs(call)
	fn := r.callee(call)
	if fn == nil {
		r.containers = append(r.containers, call)
		return
	}
	r.callsOf[fn] = append(r.callsOf[fn], call)
	key := sdkapi.Key(fn)
	arg := func(i int) ast.Expr {
		if i >= 0 && i < len(call.Args) {
			return call.Args[i]
		}
		return nil
	}
	if r.m3Constructor(call, key) {
		return
	}
	if api, ok := registrars.SDKRegistration(key); ok {
		if api.Kind == 0 {
			// Each argument from Def on is a Server* pair literal, linked on its own; the call
			// marks them registered.
			for _, a := range call.Args[min(api.Def, len(call.Args)):] {
				r.pending = append(r.pending, registration{call: call, def: a, kind: 0, sdk: api.SDK})
			}
			return
		}
		r.pending = append(r.pending, registration{call: call, kind: api.Kind, sdk: api.SDK, def: arg(api.Def), handler: arg(api.Handler), typeArgs: r.typeArgs(call.Fun), api: key})
		return
	}
	switch key {
	case sdkapi.GoSDKMCPPath + ".NewServer":
		s := &mcpmodel.Server{SDK: sdkapi.GoSDK, Node: call}
		if lit := r.resolveLit(arg(0), 0); lit != nil {
			f := r.fields(lit)
			s.Name, s.Version = r.str(f["Name"]), r.str(f["Version"])
		}
		r.res.Servers = append(r.res.Servers, s)
	case sdkapi.MarkLabsServerPath + ".NewMCPServer":
		r.res.Servers = append(r.res.Servers, &mcpmodel.Server{SDK: sdkapi.MarkLabs, Node: call, Name: r.str(arg(0)), Version: r.str(arg(1))})
	default:
		if reg, ok := r.regs[key]; ok {
			r.pending = append(r.pending, registration{call: call, kind: mcpmodel.Tool, def: arg(reg.Tool), handler: arg(reg.Handler), registrar: true})
			return
		}
		if f := r.inferredRegs.Of(fn); f != nil {
			r.registrarCall(call, fn, f)
			// A registrar may also be an adapter of its handler parameter (it registers a
			// closure that calls it): the call's arguments are wrapped like any adapter's.
			r.containers = append(r.containers, call)
			return
		}
		if f := r.inferredRegs.NamedOf(fn); f != nil && f.Kind == mcpmodel.Tool {
			if name, ok := r.constString(arg(f.Name)); ok {
				r.res.ForeignTools = append(r.res.ForeignTools, ForeignTool{Named: name, Handler: r.through(arg(f.Handler)), Registration: call})
			}
		}
		if f := r.templates.Import(fn); f != nil {
			// A helper of another package of the module: the call is a definition.
			r.helperCall(call, f)
		}
		r.containers = append(r.containers, call)
	}
}

// m3Constructor reads a call of one of mark3labs' definition constructors (NewTool,
// NewToolWithRawSchema, NewResource, NewResourceTemplate, NewPrompt), whose API key is key, and
// reports whether it was one.
func (r *recogniser) m3Constructor(call *ast.CallExpr, key string) bool {
	switch key {
	case sdkapi.MarkLabsMCPPath + ".NewTool", sdkapi.MarkLabsMCPPath + ".NewToolWithRawSchema":
		r.m3Tool(call, key == sdkapi.MarkLabsMCPPath+".NewToolWithRawSchema")
	case sdkapi.MarkLabsMCPPath + ".NewResource":
		r.m3Resource(call, mcpmodel.Resource)
	case sdkapi.MarkLabsMCPPath + ".NewResourceTemplate":
		r.m3Resource(call, mcpmodel.ResourceTemplate)
	case sdkapi.MarkLabsMCPPath + ".NewPrompt":
		r.m3Prompt(call)
	default:
		return false
	}
	return true
}

// typeArgs returns the instantiation of a generic callee (mcp.AddTool[In, Out]).
func (r *recogniser) typeArgs(fun ast.Expr) *types.TypeList {
	if id := astutil.InstanceIdent(fun); id != nil {
		if inst, ok := r.pass.TypesInfo.Instances[id]; ok {
			return inst.TypeArgs
		}
	}
	return nil
}

// composite recognises definition literals and SDK pair literals.
func (r *recogniser) composite(lit *ast.CompositeLit) {
	tv, ok := r.pass.TypesInfo.Types[lit]
	if !ok {
		return
	}
	named, _ := types.Unalias(tv.Type).(*types.Named)
	if named == nil {
		r.containers = append(r.containers, lit)
		return
	}
	key := sdkapi.Key(named.Origin().Obj())
	f := r.fields(lit)
	switch key {
	case sdkapi.GoSDKMCPPath + ".Tool":
		d := r.newDef(lit, mcpmodel.Tool, sdkapi.GoSDK)
		d.Name, d.Title, d.Description = r.str(f["Name"]), r.str(f["Title"]), r.str(f["Description"])
		d.InputSchema, d.OutputSchema, d.Meta = r.throughOrNil(f["InputSchema"]), r.throughOrNil(f["OutputSchema"]), r.throughOrNil(f["Meta"])
		r.annotations(d, f["Annotations"], true)
	case sdkapi.GoSDKMCPPath + ".Resource":
		d := r.newDef(lit, mcpmodel.Resource, sdkapi.GoSDK)
		d.Name, d.Title, d.Description = r.str(f["Name"]), r.str(f["Title"]), r.str(f["Description"])
		d.URI, d.MIMEType, d.Meta = r.str(f["URI"]), r.str(f["MIMEType"]), f["Meta"]
	case sdkapi.GoSDKMCPPath + ".ResourceTemplate":
		d := r.newDef(lit, mcpmodel.ResourceTemplate, sdkapi.GoSDK)
		d.Name, d.Title, d.Description = r.str(f["Name"]), r.str(f["Title"]), r.str(f["Description"])
		d.URI, d.MIMEType, d.Meta = r.str(f["URITemplate"]), r.str(f["MIMEType"]), f["Meta"]
	case sdkapi.GoSDKMCPPath + ".Prompt":
		d := r.newDef(lit, mcpmodel.Prompt, sdkapi.GoSDK)
		d.Name, d.Title, d.Description, d.Meta = r.str(f["Name"]), r.str(f["Title"]), r.str(f["Description"]), f["Meta"]
		r.goPromptArgs(d, f["Arguments"])
	case sdkapi.MarkLabsMCPPath + ".Tool":
		d := r.newDef(lit, mcpmodel.Tool, sdkapi.MarkLabs)
		d.Name, d.Title, d.Description = r.str(f["Name"]), r.str(f["Title"]), r.str(f["Description"])
		d.InputSchema, d.OutputSchema = astutil.FirstNonNil(f["RawInputSchema"], f["InputSchema"]), astutil.FirstNonNil(f["RawOutputSchema"], f["OutputSchema"])
		d.Meta = f["Meta"]
		r.annotations(d, f["Annotations"], false)
	case sdkapi.MarkLabsServerPath + ".ServerTool":
		r.pending = append(r.pending, registration{kind: mcpmodel.Tool, sdk: sdkapi.MarkLabs, def: f["Tool"], handler: f["Handler"], omitted: astutil.KeyedWithout(lit, f, "Handler"), lit: lit})
	case sdkapi.MarkLabsServerPath + ".ServerResource":
		r.pending = append(r.pending, registration{kind: mcpmodel.Resource, sdk: sdkapi.MarkLabs, def: f["Resource"], handler: f["Handler"], omitted: astutil.KeyedWithout(lit, f, "Handler"), lit: lit})
	case sdkapi.MarkLabsServerPath + ".ServerResourceTemplate":
		r.pending = append(r.pending, registration{kind: mcpmodel.ResourceTemplate, sdk: sdkapi.MarkLabs, def: f["Template"], handler: f["Handler"], omitted: astutil.KeyedWithout(lit, f, "Handler"), lit: lit})
	case sdkapi.MarkLabsServerPath + ".ServerPrompt":
		r.pending = append(r.pending, registration{kind: mcpmodel.Prompt, sdk: sdkapi.MarkLabs, def: f["Prompt"], handler: f["Handler"], omitted: astutil.KeyedWithout(lit, f, "Handler"), lit: lit})
	case sdkapi.MCPToolPath + ".Tool":
		d := r.newDef(lit, mcpmodel.Tool, sdkapi.MCPTool)
		d.Name, d.Title, d.Description = r.str(f["Name"]), r.str(f["Title"]), r.str(f["Description"])
		d.Meta, d.Scopes = f["Meta"], f["Scopes"]
		if e := f["Format"]; e != nil && !astutil.IsNil(r.pass.TypesInfo, e) {
			// Format: nil is no Format: mcptool sends the output's JSON as the text.
			d.Format = e
		}
		r.annotations(d, f["Annotations"], true)
		if targs := named.TypeArgs(); targs != nil && targs.Len() == 2 {
			d.InputType, d.OutputType = targs.At(0), targs.At(1)
		}
		if e, ok := f["Errors"]; ok {
			d.Contract = r.contract(e)
		}
		r.mcptoolHandler(d, lit, f)
	case sdkapi.MCPToolPath + ".Resource":
		d := r.newDef(lit, mcpmodel.Resource, sdkapi.MCPTool)
		d.Name, d.Title, d.Description = r.str(f["Name"]), r.str(f["Title"]), r.str(f["Description"])
		d.URI, d.MIMEType, d.Meta = r.str(f["URI"]), r.str(f["MIMEType"]), f["Meta"]
		r.mcptoolHandler(d, lit, f)
	case sdkapi.MCPToolPath + ".ResourceTemplate":
		d := r.newDef(lit, mcpmodel.ResourceTemplate, sdkapi.MCPTool)
		d.Name, d.Title, d.Description = r.str(f["Name"]), r.str(f["Title"]), r.str(f["Description"])
		d.URI, d.MIMEType, d.Meta = r.str(f["URITemplate"]), r.str(f["MIMEType"]), f["Meta"]
		if targs := named.TypeArgs(); targs != nil && targs.Len() == 1 {
			d.ParamsType = targs.At(0)
		}
		r.mcptoolHandler(d, lit, f)
	case sdkapi.MCPToolPath + ".Prompt":
		// The arguments are the fields of A (see Bindings), not a list in the literal.
		d := r.newDef(lit, mcpmodel.Prompt, sdkapi.MCPTool)
		d.Name, d.Title, d.Description, d.Meta = r.str(f["Name"]), r.str(f["Title"]), r.str(f["Description"]), f["Meta"]
		if targs := named.TypeArgs(); targs != nil && targs.Len() == 1 {
			d.ParamsType = targs.At(0)
		}
		r.mcptoolHandler(d, lit, f)
	default:
		if r.ownDefTypes != nil && r.ownDefinition(lit, named) {
			return
		}
		r.noteOwnLiteral(named)
		r.containers = append(r.containers, lit)
	}
}

// mcptoolHandler links an mcptool literal's Handler field, or records that it is left out.
func (r *recogniser) mcptoolHandler(d *mcpmodel.Definition, lit *ast.CompositeLit, f map[string]ast.Expr) {
	if h, ok := f["Handler"]; ok {
		if r.bound != nil {
			// An instance gets the handler linked to its template, through its binding.
			return
		}
		r.pending = append(r.pending, registration{kind: d.Kind, sdk: sdkapi.MCPTool, def: lit, handler: h})
	} else if astutil.KeyedWithout(lit, f, "Handler") {
		d.HandlerOmitted, d.HandlerOmittedAt = true, lit
	}
}

// throughOrNil is through for a property that may be absent.
func (r *recogniser) throughOrNil(e ast.Expr) ast.Expr {
	if e == nil {
		return nil
	}
	return r.through(e)
}

func (r *recogniser) newDef(node ast.Node, kind mcpmodel.Kind, sdk sdkapi.SDK) *mcpmodel.Definition {
	d := &mcpmodel.Definition{Kind: kind, SDK: sdk, Node: node}
	if r.bound != nil {
		// Evaluated at a call of the helper it is written in (factory.go): the caller
		// records it.
		r.made = d
		return d
	}
	r.defs[node] = d
	r.res.Definitions = append(r.res.Definitions, d)
	return d
}

// fields maps a struct literal's field names to their values, keyed or positional.
func (r *recogniser) fields(lit *ast.CompositeLit) map[string]ast.Expr {
	out := map[string]ast.Expr{}
	if lit == nil {
		return out
	}
	var st *types.Struct
	if tv, ok := r.pass.TypesInfo.Types[lit]; ok {
		t := tv.Type
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		st, _ = t.Underlying().(*types.Struct)
	}
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				out[id.Name] = kv.Value
			}
			continue
		}
		if st != nil && i < st.NumFields() {
			out[st.Field(i).Name()] = elt
		}
	}
	return out
}

// m3Tool reads mcp.NewTool(name, opts...) and mcp.NewToolWithRawSchema(name, desc, schema).
func (r *recogniser) m3Tool(call *ast.CallExpr, raw bool) {
	d := r.newDef(call, mcpmodel.Tool, sdkapi.MarkLabs)
	if len(call.Args) > 0 {
		d.Name = r.str(call.Args[0])
	}
	if raw {
		if len(call.Args) == 3 {
			d.Description, d.InputSchema = r.str(call.Args[1]), call.Args[2]
		}
		return
	}
	t, f := true, false
	d.Annotations.DestructiveDefault, d.Annotations.OpenWorldDefault = &t, &t
	d.Annotations.ReadOnlyDefault, d.Annotations.IdempotentDefault = &f, &f
	r.m3Options(d, call, 1)
}

func (r *recogniser) m3Resource(call *ast.CallExpr, kind mcpmodel.Kind) {
	d := r.newDef(call, kind, sdkapi.MarkLabs)
	if len(call.Args) >= 2 {
		d.URI, d.Name = r.str(call.Args[0]), r.str(call.Args[1])
	}
	r.m3Options(d, call, 2)
}

func (r *recogniser) m3Prompt(call *ast.CallExpr) {
	d := r.newDef(call, mcpmodel.Prompt, sdkapi.MarkLabs)
	if len(call.Args) > 0 {
		d.Name = r.str(call.Args[0])
	}
	r.m3Options(d, call, 1)
}

// m3Options reads the mark3labs functional options of a constructor.
func (r *recogniser) m3Options(d *mcpmodel.Definition, call *ast.CallExpr, from int) {
	args := call.Args[min(from, len(call.Args)):]
	if call.Ellipsis.IsValid() && len(args) > 0 {
		// NewTool(name, opts...): the options the slice holds, where they can be read (a
		// helper's variadic parameter at one of its calls, append of such slices).
		spread, dynamic, tail := r.bound.SpreadOptions(r.pass.TypesInfo, templates.Assignments{
			Assigns: r.assigns, FieldAssigned: r.fieldAssigned, AddressTaken: r.addressTaken,
		}, args[len(args)-1])
		args = append(append([]ast.Expr(nil), args[:len(args)-1]...), spread...)
		d.OptionsDynamic = dynamic
		if dynamic && tail != nil {
			r.optionTail[d] = tail
		}
	}
	for _, arg := range args {
		oc, ok := ast.Unparen(r.through(arg)).(*ast.CallExpr)
		if !ok {
			d.OptionsDynamic = true
			continue
		}
		d.Options = append(d.Options, oc)
		fn := r.callee(oc)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != sdkapi.MarkLabsMCPPath {
			continue
		}
		var a0 ast.Expr
		if len(oc.Args) > 0 {
			a0 = r.through(oc.Args[0])
		}
		switch sdkapi.MarkLabsFieldOption(fn) {
		case sdkapi.Description:
			d.Description = r.str(a0)
			continue
		case sdkapi.Title:
			d.Title = r.str(a0)
			continue
		case sdkapi.MIMEType:
			d.MIMEType = r.str(a0)
			continue
		}
		switch fn.Name() {
		case "WithReadOnlyHintAnnotation":
			d.Annotations.ReadOnly = r.boolean(a0)
		case "WithDestructiveHintAnnotation":
			d.Annotations.Destructive = r.boolean(a0)
		case "WithIdempotentHintAnnotation":
			d.Annotations.Idempotent = r.boolean(a0)
		case "WithOpenWorldHintAnnotation":
			d.Annotations.OpenWorld = r.boolean(a0)
		case "WithTitleAnnotation":
			d.Annotations.Title = r.str(a0)
		case "WithToolAnnotation":
			// The literal replaces the whole annotation struct, NewTool's defaults included.
			d.Annotations.DestructiveDefault, d.Annotations.OpenWorldDefault = nil, nil
			d.Annotations.ReadOnlyDefault, d.Annotations.IdempotentDefault = nil, nil
			r.annotations(d, a0, false)
		case "WithArgument":
			r.m3PromptArg(d, oc)
		case "WithInputSchema", "WithCachedInputSchema", "WithCachedInputSchemaKey":
			if ta := r.typeArgs(oc.Fun); ta != nil && ta.Len() == 1 {
				d.InputType = ta.At(0)
			}
		case "WithOutputSchema", "WithCachedOutputSchema", "WithCachedOutputSchemaKey":
			if ta := r.typeArgs(oc.Fun); ta != nil && ta.Len() == 1 {
				d.OutputType = ta.At(0)
			}
		case "WithRawInputSchema":
			d.InputSchema = a0
		case "WithRawOutputSchema":
			d.OutputSchema = a0
		}
	}
}

// annotations reads a tool's annotations expression e (nil when not given) into d: mark3labs'
// mcp.ToolAnnotation, whose hints are all *bool, or, goSDKType, go-sdk's *mcp.ToolAnnotations
// (also mcptool's), whose ReadOnlyHint and IdempotentHint are bool.
func (r *recogniser) annotations(d *mcpmodel.Definition, e ast.Expr, goSDKType bool) {
	if e == nil {
		return
	}
	e = r.through(e)
	if astutil.IsNil(r.pass.TypesInfo, e) {
		return // go-sdk's pointer; mark3labs' struct cannot be nil
	}
	d.Annotations.Expr = e
	lit := r.resolveLit(e, 0)
	if lit == nil {
		d.Annotations.Dynamic = true
		return
	}
	f := r.fields(lit)
	a := &d.Annotations
	a.Destructive, a.OpenWorld = r.boolPtr(f["DestructiveHint"]), r.boolPtr(f["OpenWorldHint"])
	a.Title = r.str(f["Title"])
	if !goSDKType {
		a.ReadOnly, a.Idempotent = r.boolPtr(f["ReadOnlyHint"]), r.boolPtr(f["IdempotentHint"])
		return
	}
	a.ReadOnly, a.Idempotent = r.boolean(f["ReadOnlyHint"]), r.boolean(f["IdempotentHint"])
	// The two plain bools are false when not set; whether false is sent depends on the version.
	no := false
	a.ReadOnlyDefault, a.IdempotentDefault = &no, &no
}

// contract reads an mcptool error contract.
func (r *recogniser) contract(e ast.Expr) *mcpmodel.Contract {
	c := &mcpmodel.Contract{Expr: e}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok && id.Name == "nil" {
		return nil
	}
	lit := r.resolveLit(e, 0)
	if lit == nil {
		return c
	}
	els, all := r.elementLits(lit)
	c.Static, c.Lit = all, lit
	for _, el := range els {
		f := r.fields(el)
		c.Entries = append(c.Entries, mcpmodel.ContractEntry{
			Lit:       el,
			Reason:    r.str(f["Reason"]),
			When:      r.str(f["When"]),
			Recovery:  r.str(f["Recovery"]),
			Code:      r.code(f["Code"]),
			Retryable: r.boolean(f["Retryable"]),
		})
	}
	return c
}

// elementLits are the literals the elements of the slice literal lit resolve to; all is false
// when some element resolves to none, so the list is not wholly known.
func (r *recogniser) elementLits(lit *ast.CompositeLit) (els []*ast.CompositeLit, all bool) {
	all = true
	for _, elt := range lit.Elts {
		if el := r.resolveLit(elt, 0); el != nil {
			els = append(els, el)
		} else {
			all = false
		}
	}
	return els, all
}

// code reads an mcperr.Code expression.
func (r *recogniser) code(e ast.Expr) mcpmodel.CodeValue {
	cv := mcpmodel.CodeValue{Expr: e, Set: e != nil}
	if e == nil {
		return cv
	}
	if tv, ok := r.pass.TypesInfo.Types[e]; ok && tv.Value != nil {
		if v, ok := constant.Int64Val(constant.ToInt(tv.Value)); ok {
			cv.Static, cv.Val = true, v
		}
	}
	id := astutil.NameIdent(e)
	if id != nil {
		if c, ok := r.pass.TypesInfo.Uses[id].(*types.Const); ok && c.Pkg() != nil && c.Pkg().Path() == sdkapi.MCPErrPath {
			cv.Name = c.Name()
		}
	}
	return cv
}

// str reads a string property: a constant, or a variable assigned exactly one constant.
func (r *recogniser) str(e ast.Expr) mcpmodel.Value {
	x, s, static := property(r, e, r.constString)
	return mcpmodel.Value{Expr: x, Set: e != nil, Static: static, Str: s}
}

// property reads a property written as e (nil when it is not given): the expression e comes to
// through a helper's bound parameters, and the value constant reads from it when it is one.
func property[T any](r *recogniser, e ast.Expr, constant func(ast.Expr) (T, bool)) (x ast.Expr, val T, static bool) {
	if e == nil {
		return nil, val, false
	}
	x = r.through(e)
	if v, ok := constant(x); ok {
		val, static = v, true
	}
	return x, val, static
}

// constString reads e as a constant string, following variables assigned exactly once.
func (r *recogniser) constString(e ast.Expr) (string, bool) {
	if c, ok := r.constValue(e, constant.String); ok {
		return constant.StringVal(c), true
	}
	if s, ok := r.foldCall(e); ok {
		return s, true
	}
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.ADD {
		// "Read only. " + desc, desc a helper's parameter bound to a constant.
		if x, ok := r.constString(b.X); ok {
			if y, ok := r.constString(b.Y); ok {
				return x + y, true
			}
		}
	}
	return r.templateRaw(e)
}

// foldCall evaluates a call of a pure standard-library string function whose arguments are
// all constants (path.Join("/a", "{id}"), fmt.Sprintf("max %d", maxPerPage)): the result is
// the same at run time.
func (r *recogniser) foldCall(e ast.Expr) (string, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() {
		return "", false
	}
	fn := r.callee(call)
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return "", false
	}
	strs := func() ([]string, bool) {
		var out []string
		for _, a := range call.Args {
			s, ok := r.constString(a)
			if !ok {
				return nil, false
			}
			out = append(out, s)
		}
		return out, true
	}
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "path.Join":
		if args, ok := strs(); ok {
			return path.Join(args...), true
		}
	case "strings.ToUpper", "strings.ToLower", "strings.TrimSpace":
		if args, ok := strs(); ok && len(args) == 1 {
			return map[string]func(string) string{"ToUpper": strings.ToUpper, "ToLower": strings.ToLower, "TrimSpace": strings.TrimSpace}[fn.Name()](args[0]), true
		}
	case "fmt.Sprintf":
		if len(call.Args) == 0 {
			return "", false
		}
		format, ok := r.constString(call.Args[0])
		if !ok {
			return "", false
		}
		var args []any
		for _, a := range call.Args[1:] {
			v, ok := r.constArg(a)
			if !ok {
				return "", false
			}
			args = append(args, v)
		}
		return fmt.Sprintf(format, args...), true
	}
	return "", false
}

// constArg is a constant argument as the Go value it is at run time: strings, bools, and
// numbers of a basic type (an untyped constant takes its default type).
func (r *recogniser) constArg(e ast.Expr) (any, bool) {
	if s, ok := r.constString(e); ok {
		// Not a named string type: one with a String method prints otherwise.
		if b, isBasic := types.Unalias(r.pass.TypesInfo.TypeOf(e)).(*types.Basic); isBasic && b.Info()&types.IsString != 0 {
			return s, true
		}
		return nil, false
	}
	tv, ok := r.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil {
		return nil, false
	}
	// A named type may have a String method that Sprintf would call.
	b, ok := types.Unalias(tv.Type).(*types.Basic)
	if !ok {
		return nil, false
	}
	switch {
	case b.Info()&types.IsBoolean != 0:
		return constant.BoolVal(tv.Value), true
	case b.Kind() == types.Int || b.Kind() == types.UntypedInt:
		if v, exact := constant.Int64Val(tv.Value); exact {
			return int(v), true
		}
	case b.Kind() == types.Int64:
		if v, exact := constant.Int64Val(tv.Value); exact {
			return v, true
		}
	case b.Kind() == types.Float64 || b.Kind() == types.UntypedFloat:
		v, _ := constant.Float64Val(tv.Value)
		return v, true
	}
	return nil, false
}

// templateRaw reads t.Raw() of a uritemplate.Template parsed from a constant
// (uritemplate.MustNew("repo://{owner}")): Raw returns the text the template was parsed from.
func (r *recogniser) templateRaw(e ast.Expr) (string, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return "", false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if fn := r.callee(call); !ok || fn == nil || sdkapi.Key(fn) != sdkapi.URITemplatePath+".Template.Raw" {
		return "", false
	}
	recv := sel.X
	for range maxDepth {
		next := r.singleAssignment(recv)
		if next == nil {
			break
		}
		recv = next
	}
	parse, ok := ast.Unparen(recv).(*ast.CallExpr)
	if !ok || len(parse.Args) != 1 {
		return "", false
	}
	if fn := r.callee(parse); fn == nil || sdkapi.Key(fn) != sdkapi.URITemplatePath+".MustNew" {
		return "", false
	}
	if c, ok := r.constValue(parse.Args[0], constant.String); ok {
		return constant.StringVal(c), true
	}
	return "", false
}

// constValue reads e as a constant of the given kind: a constant expression, or a variable
// (up to maxDepth of them) assigned exactly one expression that is.
func (r *recogniser) constValue(e ast.Expr, kind constant.Kind) (constant.Value, bool) {
	for range maxDepth + 1 {
		e = r.through(e)
		if tv, ok := r.pass.TypesInfo.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == kind {
			return tv.Value, true
		}
		if e = r.singleAssignment(e); e == nil {
			break
		}
	}
	return nil, false
}

// boolean reads a bool property.
func (r *recogniser) boolean(e ast.Expr) mcpmodel.BoolValue {
	x, v, static := property(r, e, r.constBool)
	return mcpmodel.BoolValue{Expr: x, Set: e != nil, Static: static, Val: v}
}

// constBool reads e as a constant bool, following variables assigned exactly once.
func (r *recogniser) constBool(e ast.Expr) (bool, bool) {
	if c, ok := r.constValue(e, constant.Bool); ok {
		return constant.BoolVal(c), true
	}
	return false, false
}

// boolPtr reads a *bool property: nil (not set), &x, new(bool), new(true), or a pointer helper called
// with one constant, such as ptr(true) or mcp.ToBoolPtr(true). A helper is trusted only when
// its signature is func(bool) *bool (possibly generic): it has no other sensible meaning.
func (r *recogniser) boolPtr(e ast.Expr) mcpmodel.BoolValue {
	if e == nil {
		return mcpmodel.BoolValue{}
	}
	e = r.through(e)
	if id, ok := ast.Unparen(e).(*ast.Ident); ok && id.Name == "nil" && r.pass.TypesInfo.Uses[id] == types.Universe.Lookup("nil") {
		return mcpmodel.BoolValue{}
	}
	b := mcpmodel.BoolValue{Expr: e, Set: true}
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			if v, ok := r.constBool(x.X); ok {
				b.Static, b.Val = true, v
			}
		}
	case *ast.CallExpr:
		if len(x.Args) == 1 {
			if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && id.Name == "new" {
				if _, isBuiltin := r.pass.TypesInfo.Uses[id].(*types.Builtin); isBuiltin {
					// new(bool) points to false; Go 1.26's new(true) to its argument's value.
					if tv, ok := r.pass.TypesInfo.Types[x.Args[0]]; ok && tv.IsType() {
						b.Static, b.Val = true, false
					} else if v, ok := r.constBool(x.Args[0]); ok {
						b.Static, b.Val = true, v
					}
				}
				break
			}
			if sig, ok := r.pass.TypesInfo.TypeOf(x.Fun).(*types.Signature); ok && sig.Params().Len() == 1 && sig.Results().Len() == 1 {
				pt, rt := sig.Params().At(0).Type(), sig.Results().At(0).Type()
				if astutil.IsBool(pt) {
					if p, ok := rt.(*types.Pointer); ok && astutil.IsBool(p.Elem()) {
						if v, ok := r.constBool(x.Args[0]); ok {
							b.Static, b.Val = true, v
						}
					}
				}
			}
		}
	default:
		if v := r.singleAssignment(e); v != nil {
			return r.boolPtr(v)
		}
	}
	return b
}

// singleAssignment returns the one expression ever assigned to the variable e names, or nil.
func (r *recogniser) singleAssignment(e ast.Expr) ast.Expr {
	id := astutil.NameIdent(e)
	if id == nil {
		return nil
	}
	v, ok := r.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() {
		return nil
	}
	if as := r.assigns[v]; len(as) == 1 {
		return as[0]
	}
	return nil
}

// resolveLit follows variables and single-result helper functions to a composite literal.
func (r *recogniser) resolveLit(e ast.Expr, depth int) *ast.CompositeLit {
	if e == nil || depth > maxDepth {
		return nil
	}
	switch x := ast.Unparen(r.through(e)).(type) {
	case *ast.CompositeLit:
		return x
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return r.resolveLit(x.X, depth+1)
		}
	case *ast.StarExpr:
		return r.resolveLit(x.X, depth+1)
	case *ast.Ident, *ast.SelectorExpr:
		if v := r.singleAssignment(x); v != nil {
			return r.resolveLit(v, depth+1)
		}
	case *ast.CallExpr:
		return astutil.ResolveAll(r.calleeReturns(x, 0), func(res ast.Expr) *ast.CompositeLit { return r.resolveLit(res, depth+1) })
	}
	return nil
}

// calleeReturns lists the expressions a call to a function of this package can return at
// result index i (nil when the callee's body is not here).
func (r *recogniser) calleeReturns(call *ast.CallExpr, i int) []ast.Expr {
	fn := r.callee(call)
	if fn == nil {
		return nil
	}
	decl := r.decls[fn]
	if decl == nil {
		return nil
	}
	var out []ast.Expr
	for _, ret := range r.returns[decl] {
		if i < len(ret.Results) && len(ret.Results) == fn.Signature().Results().Len() {
			out = append(out, ret.Results[i])
		}
	}
	return out
}

// goPromptArgs reads a go-sdk Prompt's Arguments: []*mcp.PromptArgument{{Name: ..., ...}}.
func (r *recogniser) goPromptArgs(d *mcpmodel.Definition, e ast.Expr) {
	if e == nil {
		return
	}
	lit := r.resolveLit(e, 0)
	if lit == nil {
		d.PromptArgsDynamic = true
		return
	}
	els, all := r.elementLits(lit)
	if !all {
		d.PromptArgsDynamic = true
	}
	for _, el := range els {
		f := r.fields(el)
		d.PromptArgs = append(d.PromptArgs, &mcpmodel.PromptArg{Node: el, Name: r.str(f["Name"]), Title: r.str(f["Title"]), Description: r.str(f["Description"]), Required: r.boolean(f["Required"])})
	}
}

// m3PromptArg reads mark3labs WithArgument(name, ArgumentDescription(...), ...).
func (r *recogniser) m3PromptArg(d *mcpmodel.Definition, oc *ast.CallExpr) {
	if len(oc.Args) == 0 {
		return
	}
	a := &mcpmodel.PromptArg{Node: oc, Name: r.str(oc.Args[0]), Partial: oc.Ellipsis.IsValid()}
	for _, o := range oc.Args[1:] {
		c, ok := ast.Unparen(o).(*ast.CallExpr)
		fn := r.calleeOf(c)
		if !ok || fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != sdkapi.MarkLabsMCPPath {
			a.Partial = true
			continue
		}
		switch {
		case fn.Name() == "ArgumentDescription" && len(c.Args) == 1:
			a.Description = r.str(c.Args[0])
		case fn.Name() == "ArgumentTitle" && len(c.Args) == 1:
			a.Title = r.str(c.Args[0])
		case fn.Name() == "RequiredArgument":
			a.Required = mcpmodel.BoolValue{Expr: c, Set: true, Static: true, Val: true}
		}
	}
	d.PromptArgs = append(d.PromptArgs, a)
}

// calleeOf is callee for a possibly nil call.
func (r *recogniser) calleeOf(call *ast.CallExpr) *types.Func {
	if call == nil {
		return nil
	}
	return r.callee(call)
}
