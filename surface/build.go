package surface

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	xastutil "golang.org/x/tools/go/ast/astutil"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/ojson"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
	"github.com/mcplint-go/mcplint/mcpdefs/layerkey"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/schemalib"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/mcpdefs/typewalk"
	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool/envelope"
)

// Build returns the surface of one package: every definition recognition found outside test
// files. Positions are absolute file:line:col.
func Build(pass *analysis.Pass, res *mcpdefs.Result) *Surface {
	s := &Surface{}
	if res == nil {
		return s
	}
	b := &builder{pass: pass, res: res}
	s.handlers, s.analysed = map[string]bool{}, map[string]bool{pass.Pkg.Path(): true}
	for _, h := range res.Handlers {
		if fd, ok := h.Node.(*ast.FuncDecl); ok {
			s.handlers[b.position(fd.Name.Pos())] = true
		}
	}
	for _, ft := range res.ForeignTools {
		if ft.Source == nil || ft.Registration == nil {
			continue
		}
		if ok, text, at := b.registeredUnder(ft.Registration); ok {
			if s.foreignConditions == nil {
				s.foreignConditions = map[string][2]string{}
			}
			s.foreignConditions[b.position(ft.Source.Pos())] = [2]string{text, at}
		}
	}
	b.fieldCallConditions(s)
	for _, d := range res.Definitions {
		pos := pass.Fset.PositionFor(d.Node.Pos(), false)
		if strings.HasSuffix(pos.Filename, "_test.go") || d.Converter || d.Template {
			// Tests build throwaway servers; clients never see them. A converter's SDK
			// definition stands for the module's own definitions, which are listed, and a
			// helper's template for its calls.
			continue
		}
		e := b.entry(d)
		switch d.Kind {
		case mcpmodel.Tool:
			s.Tools = append(s.Tools, e)
		case mcpmodel.Resource:
			s.Resources = append(s.Resources, e)
		case mcpmodel.ResourceTemplate:
			s.ResourceTemplates = append(s.ResourceTemplates, e)
		case mcpmodel.Prompt:
			s.Prompts = append(s.Prompts, e)
		}
	}
	for _, ft := range res.ForeignTools {
		if ft.Named == "" || strings.HasSuffix(pass.Fset.PositionFor(ft.Registration.Pos(), false).Filename, "_test.go") {
			continue
		}
		// A tool a registrar looks up by name in data (portainer-mcp's YAML): its name and
		// handler are in the code, the rest is not.
		e := &Entry{Name: ft.Named}
		e.X.Position, e.X.Package = b.position(ft.Registration.Pos()), pass.Pkg.Path()
		e.X.Conditional, e.X.Condition, e.X.ConditionAt = b.registeredUnder(ft.Registration)
		e.unknown("description", whyData)
		e.unknown("inputSchema", whyData)
		s.Tools = append(s.Tools, e)
	}
	return s
}

// EntryOf returns the entry of one definition of the package.
func EntryOf(pass *analysis.Pass, res *mcpdefs.Result, d *mcpmodel.Definition) *Entry {
	return (&builder{pass: pass, res: res}).entry(d)
}

type builder struct {
	pass *analysis.Pass
	res  *mcpdefs.Result
}

func (b *builder) position(p token.Pos) string {
	if !p.IsValid() {
		return ""
	}
	return b.pass.Fset.PositionFor(p, false).String()
}

// Reasons a value is unknown, shared so that output groups them.
const (
	whyDynamic   = "computed at run time"
	whyMutated   = "the definition is modified after it is written"
	whyNotStatic = "not a constant"
	whyUnset     = "not given where the definition is written"
	whyOptions   = "some options are passed as a slice built at run time"
	whyData      = "the definition is looked up by name in data the code loads"
)

// str fills a string field: the constant when there is one, nothing when the property is
// absent (and the definition untouched), unknown otherwise.
func (b *builder) str(e *Entry, d *mcpmodel.Definition, field string, v mcpmodel.Value, required bool, dst *string) {
	switch {
	case v.Static:
		*dst = v.Str
	case v.Set:
		e.unknown(field, whyDynamic+": "+types.ExprString(v.Expr))
	case d.Mutated:
		e.unknown(field, whyMutated)
	case d.OptionsDynamic && field != "name" && field != "uri" && field != "uriTemplate":
		// mark3labs options set every other string field; one in the slice may.
		e.unknown(field, whyOptions)
	case required:
		e.unknown(field, whyUnset)
	}
}

func (b *builder) entry(d *mcpmodel.Definition) *Entry {
	e := &Entry{}
	e.X.Position = b.position(d.Node.Pos())
	e.X.Package = b.pass.Pkg.Path()
	e.X.SDK = d.SDK.String()
	switch d.Kind {
	case mcpmodel.Resource:
		b.str(e, d, "uri", d.URI, true, &e.URI)
	case mcpmodel.ResourceTemplate:
		b.str(e, d, "uriTemplate", d.URI, true, &e.URITemplate)
	}
	b.str(e, d, "name", d.Name, true, &e.Name)
	b.str(e, d, "title", d.Title, false, &e.Title)
	b.str(e, d, "description", d.Description, false, &e.Description)
	if d.Kind == mcpmodel.Resource || d.Kind == mcpmodel.ResourceTemplate {
		b.str(e, d, "mimeType", d.MIMEType, false, &e.MIMEType)
	}
	if d.Kind == mcpmodel.Tool {
		e.InputSchema, e.X.InputFrom, e.X.InputType = b.schema(e, d, "inputSchema", d.Input)
		e.OutputSchema, e.X.OutputFrom, e.X.OutputType = b.schema(e, d, "outputSchema", d.Output)
		e.Annotations = b.annotations(e, d)
	}
	if d.Kind == mcpmodel.Prompt {
		b.arguments(e, d)
	}
	if d.Meta != nil {
		if v, ok := b.render(e, "_meta", b.res.JSONOf(d.Meta)); ok {
			e.Meta = v
		}
	} else if d.Mutated {
		e.unknown("_meta", whyMutated)
	}
	e.X.Handler = b.handler(d)
	if d.Kind == mcpmodel.Tool {
		cov := b.res.CoverageOf(d)
		if fn := cov.Declared; fn != nil {
			e.X.declared, e.X.declaredIn, e.X.declaredName = b.position(fn.Pos()), fn.Pkg().Path(), fn.Name()
		} else {
			e.X.HandlerChecked, e.X.HandlerReason = &cov.Checked, cov.Reason
		}
		if cov.Site.IsValid() {
			e.X.site = b.position(cov.Site)
		}
		if cov.Reason == mcpdefs.NoRegistration && cov.MadeIn != nil {
			e.X.madeIn = b.position(cov.MadeIn.Pos())
		}
		for _, fn := range cov.ReturnedThrough {
			e.X.returnedThrough = append(e.X.returnedThrough, b.position(fn.Pos()))
		}
		if d.Own != nil && cov.Reason == mcpdefs.ConvertedElsewhere {
			e.X.convertedBy = sdkapi.Key(d.Own)
		}
	}
	b.condition(e, d)
	return e
}

// schema renders one of a tool's schemas and says where it comes from.
func (b *builder) schema(e *Entry, d *mcpmodel.Definition, field string, src mcpmodel.SchemaSource) (v any, from, typ string) {
	switch src.Origin {
	case mcpmodel.SchemaAbsent:
		return nil, "absent", ""
	case mcpmodel.SchemaInferred:
		typ = types.TypeString(src.Type, types.RelativeTo(b.pass.Pkg))
		if d.SDK == sdkapi.MCPTool && typewalk.ReachesMCPToolEnum(src.Type) {
			e.unknown(field, "mcptool adds the values of an Enum type, known at run time")
			return nil, "inferred", typ
		}
		if src.Inference == mcpmodel.InferInvopop {
			s, err := typewalk.MCPGoInvopop(src.Type, b.res.Versions.Invopop, field == "outputSchema")
			if err != nil {
				e.unknown(field, "mcp-go builds it with invopop/jsonschema: "+err.Error())
				return nil, "inferred", typ
			}
			return s, "inferred", typ
		}
		rules := typewalk.GoSDK
		if src.Inference == mcpmodel.InferMarkLabs {
			rules = typewalk.MarkLabs
		}
		s, ok := typewalk.Schema(src.Type, rules)
		if !ok {
			if rules == typewalk.GoSDK {
				e.unknown(field, "inference fails for "+typ+": the SDK panics at start-up (see schema-serializable, schema-tag-syntax)")
			} else {
				e.unknown(field, "mark3labs builds it with its fallback tag parser or loses it, which mcplint does not mirror")
			}
			return nil, "inferred", typ
		}
		if d.SDK == sdkapi.MCPTool && field == "outputSchema" {
			adv, why := mcptoolAdvertised(s, d.Contract)
			if why != "" {
				e.unknown(field, why)
				return nil, "inferred", typ
			}
			return adv, "inferred", typ
		}
		return s, "inferred", typ
	case mcpmodel.SchemaHandBuilt, mcpmodel.SchemaProperties, mcpmodel.SchemaDefault:
		if src.Library != nil {
			return b.librarySchema(e, field, src.Library)
		}
		from = map[mcpmodel.SchemaOrigin]string{mcpmodel.SchemaHandBuilt: "hand-built", mcpmodel.SchemaProperties: "properties", mcpmodel.SchemaDefault: "default"}[src.Origin]
		if src.JSON == nil {
			e.unknown(field, whyNotStatic)
			return nil, from, ""
		}
		v, ok := b.render(e, field, src.JSON)
		if !ok {
			return nil, from, ""
		}
		return v, from, ""
	}
	why := "recognition cannot tell where it comes from"
	switch {
	case d.Mutated:
		why = whyMutated
	case d.OptionsDynamic:
		why = whyOptions
	case src.Type == nil && d.Registration == nil:
		why = "registered outside the package, by code recognition cannot follow"
	}
	e.unknown(field, why)
	return nil, "unknown", ""
}

// mcptoolAdvertised is the output schema mcptool.Add advertises: the inferred output or the
// error envelope built from the tool's contract, by mcptool's own code. why says what in the
// contract cannot be read statically.
func mcptoolAdvertised(out any, c *mcpmodel.Contract) (any, string) {
	var contract []envelope.ErrorContract
	if c != nil {
		if !c.Static {
			return nil, "mcptool describes the error contract in it, which is not a constant"
		}
		for _, en := range c.Entries {
			if !en.Reason.Static || !en.When.Static || !en.Code.Static || (en.Retryable.Set && !en.Retryable.Static) {
				return nil, "mcptool describes the error contract in it, which is not a constant"
			}
			contract = append(contract, envelope.ErrorContract{Reason: en.Reason.Str, When: en.When.Str,
				Code: mcperr.Code(en.Code.Val), Retryable: en.Retryable.Static && en.Retryable.Val})
		}
	}
	b, err := json.Marshal(envelope.Schema(contract))
	if err != nil {
		return nil, "mcptool's error envelope: " + err.Error()
	}
	errSchema, err := ojson.Parse(b)
	if err != nil {
		return nil, "mcptool's error envelope: " + err.Error()
	}
	o := ojson.New()
	o.Set("type", "object")
	o.Set("description", envelope.AdvertisedOutputDescription)
	o.Set("anyOf", []any{out, errSchema})
	return o, ""
}

// librarySchema infers a schema the module builds with a schema library, with that
// library's rules.
func (b *builder) librarySchema(e *Entry, field string, ls *schemalib.Schema) (any, string, string) {
	from := ls.Library.String()
	typ := ""
	if ls.Type != nil {
		typ = types.TypeString(ls.Type, types.RelativeTo(b.pass.Pkg))
	}
	if ls.Unknown != "" {
		e.unknown(field, ls.Unknown)
		return nil, from, typ
	}
	switch ls.Library {
	case schemalib.JSONSchemaGo:
		s, ok := typewalk.Schema(ls.Type, typewalk.GoSDK)
		if !ok {
			e.unknown(field, "jsonschema-go fails on "+typ)
			return nil, from, typ
		}
		return s, from, typ
	case schemalib.Invopop:
		s, err := typewalk.InvopopSchema(ls.Type, ls.Invopop)
		if err != nil {
			e.unknown(field, "invopop/jsonschema on "+typ+": "+err.Error())
			return nil, from, typ
		}
		return s, from, typ
	}
	e.unknown(field, whyNotStatic)
	return nil, from, typ
}

// render turns a recognised JSON value into output, marking what is dynamic as unknown
// under its JSON pointer. ok is false when the value itself is unknown.
func (b *builder) render(e *Entry, ptr string, j *jsonvalue.Value) (any, bool) {
	if j == nil {
		e.unknown(ptr, whyNotStatic)
		return nil, false
	}
	switch j.Kind {
	case jsonvalue.Dynamic:
		why := whyNotStatic
		if j.Invalid {
			why = "not valid JSON: " + j.Err
		}
		e.unknown(ptr, why)
		return nil, false
	case jsonvalue.Null:
		return nil, true
	case jsonvalue.Bool:
		return j.Bool, true
	case jsonvalue.Number:
		return j.Num, true
	case jsonvalue.String:
		return j.Str, true
	case jsonvalue.Array:
		arr := make([]any, 0, len(j.Elems))
		for i, el := range j.Elems {
			if v, ok := b.render(e, fmt.Sprintf("%s/%d", ptr, i), el); ok {
				arr = append(arr, v)
			}
		}
		if j.Partial {
			e.unknown(ptr, "holds elements recognition cannot read")
		}
		return arr, true
	case jsonvalue.Object:
		o := ojson.New()
		for _, m := range j.Members {
			if v, ok := b.render(e, ptr+"/"+escape(m.Key), m.Value); ok {
				o.Set(m.Key, v)
			}
		}
		if j.Partial {
			e.unknown(ptr, "holds keys recognition cannot read")
		}
		return o, true
	}
	return nil, false
}

// escape escapes a key for a JSON pointer (RFC 6901).
func escape(k string) string {
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}

// annotations renders a tool's hints as the SDK sends them.
func (b *builder) annotations(e *Entry, d *mcpmodel.Definition) any {
	a := d.Annotations
	if a.Dynamic {
		e.unknown("annotations", whyNotStatic)
		return nil
	}
	if d.OptionsDynamic {
		// An option in the slice may set any hint or replace them all: neither what is
		// written nor NewTool's defaults are known to be sent.
		e.unknown("annotations", whyOptions)
		return nil
	}
	o := ojson.New()
	switch t := a.Title; {
	case t.Static:
		if t.Str != "" {
			o.Set("title", t.Str)
		}
	case t.Set:
		e.unknown("annotations/title", whyDynamic+": "+types.ExprString(t.Expr))
	case d.Mutated:
		e.unknown("annotations/title", whyMutated)
	}
	hint := func(name string, v mcpmodel.BoolValue, def *bool) {
		switch {
		case v.Set && !v.Static:
			e.unknown("annotations/"+name, whyDynamic+": "+types.ExprString(v.Expr))
		case v.Set:
			if v.Val || !b.res.HintOmittedWhenFalse(d.SDK, name) {
				o.Set(name, v.Val)
			}
		case d.Mutated:
			e.unknown("annotations/"+name, whyMutated)
		case def != nil:
			if *def || !b.res.HintOmittedWhenFalse(d.SDK, name) {
				o.Set(name, *def)
			}
		}
	}
	hint("readOnlyHint", a.ReadOnly, a.ReadOnlyDefault)
	hint("destructiveHint", a.Destructive, a.DestructiveDefault)
	hint("idempotentHint", a.Idempotent, a.IdempotentDefault)
	hint("openWorldHint", a.OpenWorld, a.OpenWorldDefault)
	if o.Len() == 0 {
		return nil
	}
	return o
}

func (b *builder) arguments(e *Entry, d *mcpmodel.Definition) {
	switch {
	case d.PromptArgsDynamic:
		e.unknown("arguments", "some arguments are built at run time")
	case d.OptionsDynamic:
		e.unknown("arguments", whyOptions)
	}
	for i, pa := range d.PromptArgs {
		ptr := fmt.Sprintf("arguments/%d", i)
		var arg Argument
		if pa.Name.Static {
			arg.Name = pa.Name.Str
		} else {
			e.unknown(ptr+"/name", whyNotStatic)
		}
		if pa.Title.Static {
			arg.Title = pa.Title.Str
		} else if pa.Title.Set {
			e.unknown(ptr+"/title", whyNotStatic)
		}
		if pa.Description.Static {
			arg.Description = pa.Description.Str
		} else if pa.Description.Set {
			e.unknown(ptr+"/description", whyNotStatic)
		}
		if pa.Required.Static {
			arg.Required = pa.Required.Val
		} else if pa.Required.Set {
			e.unknown(ptr+"/required", whyNotStatic)
		}
		if pa.Partial {
			e.unknown(ptr, "some options are not readable")
		}
		e.Arguments = append(e.Arguments, arg)
	}
}

func (b *builder) handler(d *mcpmodel.Definition) *HandlerInfo {
	if h := d.Handler; h != nil {
		name := h.Name
		if name == "" {
			name = "func literal"
		}
		return &HandlerInfo{Name: name, Position: b.position(h.Node.Pos()), Flavour: h.Flavour.String(), Errors: h.ErrorsReach()}
	}
	if d.HandlerExpr != nil && !d.HandlerNil {
		return &HandlerInfo{Name: types.ExprString(d.HandlerExpr), Position: b.position(d.HandlerExpr.Pos()), Errors: "unknown", Declared: b.declared(d.HandlerExpr)}
	}
	return nil
}

// declared is where the function or method a handler expression names (f, pkg.F, v.Method)
// is declared, or "": a handler declared in another package is recognised there, not at the
// registration.
func (b *builder) declared(e ast.Expr) string {
	id := astutil.NameIdent(e)
	if id == nil {
		return ""
	}
	if fn, ok := b.pass.TypesInfo.Uses[id].(*types.Func); ok {
		return b.position(fn.Pos())
	}
	return ""
}

// condition finds the if statements, guards, switch cases and loops the registration (or,
// when it is registered elsewhere, the definition) sits under, inside its function and, when
// that function is one of the package's own that every call of runs under a condition (a
// Register method called in a filtered loop), at those calls.
func (b *builder) condition(e *Entry, d *mcpmodel.Definition) {
	var at ast.Node = d.Node
	if d.Registration != nil && !d.Instance {
		// An instance's registration may be in the helper; its condition is its call's.
		at = d.Registration
	} else if d.RegisteredBy != nil {
		at = d.RegisteredBy // a Register method of the server's own tool struct
	}
	e.X.Conditional, e.X.Condition, e.X.ConditionAt = b.registeredUnder(at)
	if !e.X.Conditional && e.X.madeIn == "" {
		// Registered by a closure stored in a struct's func field (`RegisterWith: func(s)
		// {...}`): the calls of that field, here or in another package, may be filtered.
		e.X.madeIn = b.fieldFuncOf(at)
	}
}

// fieldFuncOf is the key ("field T.F") of the func field whose keyed literal value is the
// function literal around node, or "".
func (b *builder) fieldFuncOf(node ast.Node) string {
	file := b.fileOf(node.Pos())
	if file == nil {
		return ""
	}
	path, _ := xastutil.PathEnclosingInterval(file, node.Pos(), node.End())
	for i := 1; i+2 < len(path); i++ {
		switch path[i].(type) {
		case *ast.FuncDecl:
			return ""
		case *ast.FuncLit:
			if call, ok := path[i+1].(*ast.CallExpr); ok {
				// Given to a function that stores it in a field (tf9's `def(name, level,
				// desc, func(s *mcp.Server) {...})` returning `tool{register: reg}`).
				return b.storedParamField(call, path[i])
			}
			kv, ok := path[i+1].(*ast.KeyValueExpr)
			lit, isLit := path[i+2].(*ast.CompositeLit)
			if !ok || !isLit || kv.Value != path[i] {
				return ""
			}
			return b.keyedField(lit, kv)
		}
	}
	return ""
}

// keyedField is the key ("field T.F") of the func field kv sets in lit, or "".
func (b *builder) keyedField(lit *ast.CompositeLit, kv *ast.KeyValueExpr) string {
	id, _ := kv.Key.(*ast.Ident)
	f, _ := b.pass.TypesInfo.Uses[id].(*types.Var)
	st, _ := b.pass.TypesInfo.TypeOf(lit).Underlying().(*types.Struct)
	for i := 0; f != nil && st != nil && i < st.NumFields(); i++ {
		if st.Field(i) == f {
			return layerkey.FieldKey(b.pass.TypesInfo.TypeOf(lit), i)
		}
	}
	return ""
}

// storedParamField is the field key of the struct field that the function call calls (a
// function of the package, or a local closure assigned once) stores arg's parameter in, as a
// keyed value of a composite literal, or "".
func (b *builder) storedParamField(call *ast.CallExpr, arg ast.Node) string {
	k := slices.IndexFunc(call.Args, func(a ast.Expr) bool { return ast.Unparen(a) == arg })
	id := astutil.NameIdent(call.Fun)
	if k < 0 || id == nil {
		return ""
	}
	var ftype *ast.FuncType
	var body *ast.BlockStmt
	switch obj := b.pass.TypesInfo.Uses[id].(type) {
	case *types.Func:
		if file := b.fileOf(obj.Pos()); file != nil {
			path, _ := xastutil.PathEnclosingInterval(file, obj.Pos(), obj.Pos())
			for _, n := range path {
				if fd, ok := n.(*ast.FuncDecl); ok && fd.Body != nil {
					ftype, body = fd.Type, fd.Body
					break
				}
			}
		}
	case *types.Var:
		// `def := func(...) T {...}`: the literal the local is defined with.
		file := b.fileOf(obj.Pos())
		if file == nil {
			return ""
		}
		path, _ := xastutil.PathEnclosingInterval(file, obj.Pos(), obj.Pos())
		for _, n := range path {
			if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
				if fl, ok := as.Rhs[0].(*ast.FuncLit); ok {
					ftype, body = fl.Type, fl.Body
				}
				break
			}
		}
	}
	if body == nil {
		return ""
	}
	var param types.Object
	i := 0
	for _, f := range ftype.Params.List {
		for _, name := range f.Names {
			if i == k {
				param = b.pass.TypesInfo.Defs[name]
			}
			i++
		}
	}
	if param == nil {
		return ""
	}
	key := ""
	ast.Inspect(body, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok || key != "" {
			return key == ""
		}
		for _, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if v, ok := ast.Unparen(kv.Value).(*ast.Ident); ok && b.pass.TypesInfo.Uses[v] == param {
					key = b.keyedField(lit, kv)
				}
			}
		}
		return true
	})
	return key
}

// fieldCallConditions records, for each func field of a struct the package calls (`tool.
// RegisterWith(s)`), the conditions every call is under, as foreign conditions of the
// field's key: a closure stored in that field registers under them.
func (b *builder) fieldCallConditions(s *Surface) {
	unconditional := map[string]bool{}
	for _, f := range b.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok {
				return true
			}
			fs, ok := b.pass.TypesInfo.Selections[sel]
			if !ok || fs.Kind() != types.FieldVal || len(fs.Index()) != 1 {
				return true
			}
			key := layerkey.FieldKey(fs.Recv(), fs.Index()[0])
			if unconditional[key] {
				return true
			}
			if ok, text, at := b.registeredUnder(call); ok {
				if s.foreignConditions == nil {
					s.foreignConditions = map[string][2]string{}
				}
				if _, seen := s.foreignConditions[key]; !seen {
					s.foreignConditions[key] = [2]string{text, at}
				}
			} else {
				unconditional[key] = true
				delete(s.foreignConditions, key)
			}
			return true
		})
	}
}

// registeredUnder says whether the registration at node is under a condition, which one (its
// text, "(not simple) ..." when a reader cannot judge it without running the program) and
// where the outermost one is.
func (b *builder) registeredUnder(node ast.Node) (bool, string, string) {
	conds, fn := b.conditionsAt(node)
	if len(conds) == 0 && fn != nil {
		conds = b.callerConditions(fn)
	}
	if len(conds) == 0 {
		return false, "", ""
	}
	texts := make([]string, len(conds))
	simple := true
	for i, c := range conds {
		texts[i] = c.text
		simple = simple && c.simple
	}
	text := strings.Join(texts, " && ")
	if !simple {
		text = "(not simple) " + text
	}
	return true, text, b.position(conds[0].at)
}

// registrationCondition is one condition a registration is under.
type registrationCondition struct {
	text   string
	simple bool
	at     token.Pos
}

// conditionsAt lists, outermost first, the conditions node runs under inside its function, and
// returns that function's object when it is a declared function or method.
func (b *builder) conditionsAt(node ast.Node) ([]registrationCondition, *types.Func) {
	file := b.fileOf(node.Pos())
	if file == nil {
		return nil, nil
	}
	path, _ := xastutil.PathEnclosingInterval(file, node.Pos(), node.End())
	var conds []registrationCondition
	var fn *types.Func
	for i := 1; i < len(path); i++ {
		child := path[i-1]
		switch n := path[i].(type) {
		case *ast.FuncDecl:
			fn, _ = b.pass.TypesInfo.Defs[n.Name].(*types.Func)
			i = len(path) // the condition of a caller is not inside this function
		case *ast.FuncLit:
			i = len(path)
		case *ast.BlockStmt:
			conds = append(conds, b.guards(n.List, child)...)
		case *ast.CaseClause:
			conds = append(conds, b.guards(n.Body, child)...)
			conds = append(conds, registrationCondition{text: "a switch case", at: n.Pos()})
		case *ast.IfStmt:
			if child == n.Init || child == n.Cond {
				continue
			}
			text := types.ExprString(n.Cond)
			if child == n.Else {
				text = "!(" + text + ")"
			}
			conds = append(conds, registrationCondition{text: text, simple: isSimple(n.Cond), at: n.Cond.Pos()})
		case *ast.ForStmt:
			if child == n.Body {
				conds = append(conds, registrationCondition{text: "inside a loop", at: n.Pos()})
			}
		case *ast.RangeStmt:
			// Every element of a table written out in the code reaches the body: a range
			// over one is no condition (mcp-nutanix's map of registrations).
			if child == n.Body && !b.writtenTable(n.X, path[i:], 0) {
				conds = append(conds, registrationCondition{text: "inside a loop", at: n.Pos()})
			}
		}
	}
	slices.Reverse(conds)
	return conds, fn
}

// writtenTable reports whether e, ranged over, is a table written out in the code: a
// composite literal, a local variable assigned one once, or a field of an element of such a
// table that an enclosing range (in outer, innermost first) gives.
func (b *builder) writtenTable(e ast.Expr, outer []ast.Node, depth int) bool {
	if depth > 4 {
		return false
	}
	info := b.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return true
	case *ast.SelectorExpr:
		if s, ok := info.Selections[x]; !ok || s.Kind() != types.FieldVal {
			return false
		}
		return b.writtenTable(x.X, outer, depth+1)
	case *ast.Ident:
		obj, ok := info.Uses[x].(*types.Var)
		if !ok {
			return false
		}
		var body *ast.BlockStmt
		for _, n := range outer {
			switch n := n.(type) {
			case *ast.RangeStmt:
				if id, ok := n.Value.(*ast.Ident); ok && info.Defs[id] == obj {
					return b.writtenTable(n.X, outer, depth+1)
				}
			case *ast.FuncDecl:
				body = n.Body
			case *ast.FuncLit:
				body = n.Body
			}
			if body != nil {
				break
			}
		}
		if body == nil {
			return false
		}
		// Assigned once, from a literal, in the function.
		var lit ast.Expr
		writes := 0
		ast.Inspect(body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok {
				return true
			}
			for k, l := range as.Lhs {
				id, ok := l.(*ast.Ident)
				if !ok || info.Defs[id] != obj && info.Uses[id] != obj {
					continue
				}
				writes++
				if len(as.Rhs) == len(as.Lhs) {
					lit = as.Rhs[k]
				}
			}
			return true
		})
		_, isLit := ast.Unparen(lit).(*ast.CompositeLit)
		return writes == 1 && isLit
	}
	return false
}

// guards are the conditions of the statements before child in a block that leave it when
// they hold (`if readOnly && isWrite(name) { continue }`): child runs only when they do not.
// A check of a value against nil is no condition on what is registered, only on getting there.
func (b *builder) guards(list []ast.Stmt, child ast.Node) []registrationCondition {
	var out []registrationCondition
	for _, st := range list {
		if st == child {
			break
		}
		ifs, ok := st.(*ast.IfStmt)
		if !ok || ifs.Else != nil || len(ifs.Body.List) == 0 || b.errorCheck(ifs.Cond) {
			continue
		}
		switch last := ifs.Body.List[len(ifs.Body.List)-1].(type) {
		case *ast.ReturnStmt:
		case *ast.BranchStmt:
			if last.Tok != token.CONTINUE && last.Tok != token.BREAK {
				continue
			}
		default:
			continue
		}
		out = append(out, registrationCondition{text: "!(" + types.ExprString(ifs.Cond) + ")", simple: isSimple(ifs.Cond), at: ifs.Cond.Pos()})
	}
	slices.Reverse(out) // conditionsAt reverses the whole list: keep source order
	return out
}

// errorCheck reports whether cond compares a value with nil (err != nil, s.server == nil): a
// check that the code can go on, not a switch on what to register.
func (b *builder) errorCheck(cond ast.Expr) bool {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || (be.Op != token.NEQ && be.Op != token.EQL) {
		return false
	}
	for _, x := range []ast.Expr{be.X, be.Y} {
		if tv, ok := b.pass.TypesInfo.Types[x]; ok && (astutil.IsError(tv.Type) || tv.IsNil()) {
			return true
		}
	}
	return false
}

// callerConditions are the conditions at the calls of fn in the package when every call is
// under one: those of the only call, or a summary when there are several.
func (b *builder) callerConditions(fn *types.Func) []registrationCondition {
	var calls []*ast.CallExpr
	seen := map[*ast.CallExpr]bool{}
	for _, c := range b.res.CallsOf(fn) { // a helper's call is recorded again at each binding
		if !seen[c] {
			seen[c] = true
			calls = append(calls, c)
		}
	}
	if len(calls) == 0 {
		return nil
	}
	var first []registrationCondition
	for i, call := range calls {
		conds, _ := b.conditionsAt(call)
		if len(conds) == 0 {
			return nil // one call registers it whatever holds
		}
		if i == 0 {
			first = conds
		}
	}
	if len(calls) > 1 {
		return []registrationCondition{{text: "every call of " + fn.Name() + " is under a condition", at: calls[0].Pos()}}
	}
	return first
}

func (b *builder) fileOf(p token.Pos) *ast.File {
	for _, f := range b.pass.Files {
		if f.FileStart <= p && p <= f.FileEnd {
			return f
		}
	}
	return nil
}

// isSimple reports whether a condition is a constant or a comparison of names, selectors and
// literals: something a reader can judge without running the program.
func isSimple(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.SelectorExpr:
		return isSimple(x.X)
	case *ast.IndexExpr:
		// cfg.Excluded["purge"]: a lookup by a constant key.
		_, constant := ast.Unparen(x.Index).(*ast.BasicLit)
		return constant && isSimple(x.X)
	case *ast.UnaryExpr:
		return x.Op == token.NOT && isSimple(x.X)
	case *ast.BinaryExpr:
		switch x.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.LAND, token.LOR:
			return isSimple(x.X) && isSimple(x.Y)
		}
	case *ast.CallExpr:
		// os.Getenv("X") == "1" and the like: a call with constant arguments.
		for _, a := range x.Args {
			if _, ok := ast.Unparen(a).(*ast.BasicLit); !ok {
				return false
			}
		}
		return isSimple(x.Fun)
	}
	return false
}
