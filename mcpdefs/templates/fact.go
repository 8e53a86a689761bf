package templates

import (
	"go/ast"
	"go/types"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// HelperFact says that each call of an exported function of the module is a definition (a
// template in it has its name as a parameter): what the template reads from which parameter,
// and what it fixes itself. Another package evaluates its calls from it.
type HelperFact struct {
	Kind mcpmodel.Kind
	SDK  sdkapi.SDK
	// Fields by name (Name, Title, Description, URI, MIMEType).
	Fields map[string]HelperField
	// HandlerMaker is the module function ("package path.Name") whose call makes the
	// handler the helper registers (`MakeMetaHandler(name, routes)`), or "".
	HandlerMaker string
	// Handler is the parameter whose argument is the handler (-1: none, or not a parameter).
	// Reflected are the interface parameters (fn any) of a helper that registers a closure of
	// its own: a call's handler argument there is what the closure calls through reflect.
	Handler   int
	Reflected []int
	// In and Out are the type parameters the tool's input and output types are (-1: other).
	In, Out int
	// Registration is how the helper registers the definition itself: "typed" (go-sdk's
	// mcp.AddTool), "low-level" ((*mcp.Server).AddTool), "other", or "" (it does not).
	Registration string
	// Options is the variadic parameter whose arguments are mark3labs options applied after
	// the template's own (-1: none). NewToolDefaults: the template is mark3labs NewTool.
	Options         int
	NewToolDefaults bool
	// What the template fixes that recognition does not carry across packages, unknown at
	// a call: annotations, the input or output schema, other mark3labs options. Mutated:
	// the template is changed after it is written.
	AnnotationsFixed, InputFixed, OutputFixed, OptionsFixed, Mutated bool
}

// HelperField is a string property of a helper's template: a parameter's argument (Param
// >= 0), a constant, unknown (Set and not Static) or absent.
type HelperField struct {
	Param       int
	Set, Static bool
	Str         string
}

func (*HelperFact) AFact() {}

func (f *HelperFact) String() string { return "helper(" + f.Kind.String() + ")" }

// Side is what recognition keeps of a template beside the data model, for its HelperFact.
type Side struct {
	// Registration is how a registration written in the helper registers the template:
	// "typed", "low-level" or "other"; "" when none there does.
	Registration string
	// OptionTail is the variadic parameter whose spread ends the template's mark3labs
	// options, or nil.
	OptionTail *types.Var
	// OwnType: the template is a literal of the module's own definition type, whose schemas
	// its converter fixes.
	OwnType bool
}

// Export exports a HelperFact for each template written in an exported function, and marks
// the template (Definition.Template). side says what recognition knows of a template d
// written in fn beside d itself.
func (s *Set) Export(side func(d *mcpmodel.Definition, fn *types.Func) Side) {
	pass := s.pass
	if pass.ExportObjectFact == nil || pass.Pkg.Name() == "main" || !flow.InModule(pass.Module, pass.Pkg) ||
		sdkapi.KnownPackage(pass.Pkg.Path()) || sdkapi.IsRuntimePackage(pass.Pkg) {
		// The SDKs' own constructors (mark3labs NewTool builds an mcp.Tool named by its
		// parameter) are read as the SDK's API, not as helpers.
		return
	}
	for _, d := range s.code.Definitions() {
		fn, ok := s.TemplateOf(d)
		if !ok || !fn.Exported() || fn.Signature().Recv() != nil {
			continue
		}
		if f := s.describe(d, fn, side(d, fn)); f != nil {
			pass.ExportObjectFact(fn, f)
			// Its calls in other packages are listed there; the rules still read it here,
			// as what every call has in common.
			d.Template = true
		}
	}
}

// describe returns the HelperFact of template d, written in fn, or nil when its name is no
// parameter of fn.
func (s *Set) describe(d *mcpmodel.Definition, fn *types.Func, side Side) *HelperFact {
	sig := fn.Signature()
	paramIndex := func(e ast.Expr) int {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return -1
		}
		for i := range sig.Params().Len() {
			if s.pass.TypesInfo.Uses[id] == sig.Params().At(i) && !(sig.Variadic() && i == sig.Params().Len()-1) {
				return i
			}
		}
		return -1
	}
	typeParamIndex := func(t types.Type) int {
		tp, ok := types.Unalias(t).(*types.TypeParam)
		if !ok || sig.TypeParams() == nil {
			return -1
		}
		for i := range sig.TypeParams().Len() {
			if sig.TypeParams().At(i) == tp {
				return i
			}
		}
		return -1
	}
	f := &HelperFact{Kind: d.Kind, SDK: d.SDK, Fields: map[string]HelperField{}, Handler: -1, In: -1, Out: -1, Options: -1, Mutated: d.Mutated}
	for name, v := range map[string]mcpmodel.Value{"Name": d.Name, "Title": d.Title, "Description": d.Description, "URI": d.URI, "MIMEType": d.MIMEType} {
		hf := HelperField{Param: -1, Set: v.Set, Static: v.Static, Str: v.Str}
		if v.Set && !v.Static {
			hf.Param = paramIndex(v.Expr)
		}
		f.Fields[name] = hf
	}
	if f.Fields["Name"].Param < 0 {
		return nil
	}
	if d.HandlerExpr != nil {
		f.Handler = paramIndex(d.HandlerExpr)
	}
	f.HandlerMaker = d.HandlerMaker
	if call, ok := ast.Unparen(d.HandlerExpr).(*ast.CallExpr); ok && f.Handler < 0 {
		if fn := s.code.Callee(call); fn != nil && fn.Pkg() != nil && fn.Signature().Recv() == nil && flow.InModule(s.pass.Module, fn.Pkg()) {
			f.HandlerMaker = fn.Pkg().Path() + "." + fn.Name()
		}
	}
	if _, closure := ast.Unparen(d.HandlerExpr).(*ast.FuncLit); closure && f.Handler < 0 {
		for i := range sig.Params().Len() {
			if types.IsInterface(sig.Params().At(i).Type()) && !(sig.Variadic() && i == sig.Params().Len()-1) {
				f.Reflected = append(f.Reflected, i)
			}
		}
	}
	if d.InputType != nil {
		f.In = typeParamIndex(d.InputType)
	}
	if d.OutputType != nil {
		f.Out = typeParamIndex(d.OutputType)
	}
	f.Registration = side.Registration
	f.NewToolDefaults = d.Annotations.DestructiveDefault != nil && d.SDK == sdkapi.MarkLabs
	if v := side.OptionTail; v != nil && sig.Variadic() && v == sig.Params().At(sig.Params().Len()-1) {
		f.Options = sig.Params().Len() - 1
	}
	// What else the template sets is not carried: unknown at a call.
	a := d.Annotations
	f.AnnotationsFixed = a.Expr != nil || a.ReadOnly.Set || a.Destructive.Set || a.Idempotent.Set || a.OpenWorld.Set || a.Title.Set
	f.InputFixed = d.InputSchema != nil || side.OwnType || d.SDK == sdkapi.MarkLabs && !f.NewToolDefaults
	f.OutputFixed = d.OutputSchema != nil || side.OwnType || d.SDK == sdkapi.MarkLabs && !f.NewToolDefaults
	f.OptionsFixed = (d.OptionsDynamic && f.Options < 0) || d.Meta != nil || len(d.PromptArgs) > 0 || d.PromptArgsDynamic
	// An option that sets a string field the fact carries is no other option.
	for _, oc := range d.Options {
		if sdkapi.MarkLabsFieldOption(s.code.Callee(oc)) == sdkapi.NoField {
			f.OptionsFixed = true
		}
	}
	return f
}

// Import returns the HelperFact of fn, a function of another package, or nil.
func (s *Set) Import(fn *types.Func) *HelperFact {
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == s.pass.Pkg || s.pass.ImportObjectFact == nil {
		return nil
	}
	var f HelperFact
	if !s.pass.ImportObjectFact(fn, &f) {
		return nil
	}
	return &f
}
