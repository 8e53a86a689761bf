package schemarules

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/typewalk"
)

// Model is the shared result every schema rule reads: the package's definitions with their
// schemas walked once, however many rules look at them.
type Model struct {
	Defs    []*Definition
	Result  *mcpdefs.Result
	Pkg     *types.Package
	Module  string
	fields  map[*types.Var]*ast.Field
	testPos func(token.Pos) bool
}

// Definition is a recognised definition (mcpdefs) with its schemas, walked.
type Definition struct {
	*mcpmodel.Definition
	// Input and Output are nil for resources and prompts.
	Input, Output *Schema
}

// Schema is one schema of a tool, walked.
type Schema struct {
	// Role is "input" or "output"; it prefixes field paths in messages.
	Role   string
	Source mcpmodel.SchemaSource
	// Walk is the inferred schema (SchemaInferred).
	Walk *typewalk.Result
	// JSON is the static schema (hand-built, property-built or SDK default).
	JSON *jsonvalue.Value
}

// Inferred reports whether the schema comes from a Go type and under which rules.
func (s *Schema) Inferred() bool { return s != nil && s.Walk != nil }

// newModelAnalyzer builds the shared analyzer for the recognition analyzer defs.
func newModelAnalyzer(defs *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "schemarules_model",
		Doc:        "walks the schemas of the package's MCP definitions once for every schema rule",
		URL:        rule.DocsBase + "schemarules.md",
		Requires:   []*analysis.Analyzer{defs, inspect.Analyzer},
		ResultType: reflect.TypeFor[*Model](),
		Run: func(pass *analysis.Pass) (any, error) {
			return buildModel(pass, pass.ResultOf[defs].(*mcpdefs.Result)), nil
		},
	}
}

func buildModel(pass *analysis.Pass, res *mcpdefs.Result) *Model {
	m := &Model{Result: res, Pkg: pass.Pkg}
	if pass.Module != nil {
		m.Module = pass.Module.Path
	}
	m.testPos = func(p token.Pos) bool {
		return strings.HasSuffix(pass.Fset.PositionFor(p, false).Filename, "_test.go")
	}
	if len(res.Definitions) == 0 {
		return m
	}
	var walks [4]typeutil.Map // by inference
	walk := func(t types.Type, inf mcpmodel.Inference) *typewalk.Result {
		if w, ok := walks[inf].At(t).(*typewalk.Result); ok {
			return w
		}
		library := typewalk.GoSDK
		switch inf {
		case mcpmodel.InferMarkLabs:
			library = typewalk.MarkLabs
		case mcpmodel.InferInvopop:
			library = typewalk.Invopop
		}
		w := typewalk.Walk(t, library)
		walks[inf].Set(t, w)
		return w
	}
	schema := func(role string, src mcpmodel.SchemaSource) *Schema {
		s := &Schema{Role: role, Source: src, JSON: src.JSON}
		if src.Origin == mcpmodel.SchemaInferred && src.Type != nil {
			s.Walk = walk(src.Type, src.Inference)
		}
		return s
	}
	inferred := false
	for _, d := range res.Definitions {
		if m.InTest(d.Node.Pos()) || d.Converter {
			// Tests build throwaway tools to exercise the server; clients never see them.
			// A converter's or factory's literal stands for the definitions made from it,
			// which are judged themselves.
			continue
		}
		def := &Definition{Definition: d}
		if d.Kind == mcpmodel.Tool {
			def.Input, def.Output = schema("input", d.Input), schema("output", d.Output)
			inferred = inferred || def.Input.Inferred() || def.Output.Inferred()
		}
		// Typed params (mcptool templates and prompts) are reported at their fields too.
		inferred = inferred || d.ParamsType != nil
		m.Defs = append(m.Defs, def)
	}
	if inferred {
		m.fields = structFields(pass.ResultOf[inspect.Analyzer].(*inspector.Inspector), pass.TypesInfo)
	}
	return m
}

// structFields maps the package's struct field declarations to their syntax, so findings and
// fixes can reach a field's tag.
func structFields(ins *inspector.Inspector, info *types.Info) map[*types.Var]*ast.Field {
	out := map[*types.Var]*ast.Field{}
	ins.Preorder([]ast.Node{(*ast.StructType)(nil)}, func(n ast.Node) {
		for _, f := range n.(*ast.StructType).Fields.List {
			if len(f.Names) == 0 {
				if v, ok := info.Implicits[f].(*types.Var); ok {
					out[v] = f
				} else if id := embeddedIdent(f.Type); id != nil {
					if v, ok := info.Defs[id].(*types.Var); ok {
						out[v] = f
					}
				}
				continue
			}
			for _, name := range f.Names {
				if v, ok := info.Defs[name].(*types.Var); ok {
					out[v] = f
				}
			}
		}
	})
	return out
}

// embeddedIdent is the identifier naming an embedded field's type (T, *T, pkg.T, T[X]).
func embeddedIdent(e ast.Expr) *ast.Ident {
	if star, ok := e.(*ast.StarExpr); ok {
		e = star.X
	}
	return astutil.InstanceIdent(e)
}

// Field returns the declaration of a struct field of the analysed package, or nil.
func (m *Model) Field(v *types.Var) *ast.Field {
	if v == nil || m.fields == nil {
		return nil
	}
	return m.fields[v]
}

// InTest reports whether a position is in a _test.go file.
func (m *Model) InTest(p token.Pos) bool { return m.testPos != nil && m.testPos(p) }

// InModule reports whether a package belongs to the analysed module (its own package when the
// module is unknown).
func (m *Model) InModule(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	if m.Module == "" {
		return pkg == m.Pkg
	}
	return pkg.Path() == m.Module || strings.HasPrefix(pkg.Path(), m.Module+"/")
}

// At is where findings about the definition as a whole go: the registration call when the
// finding is about how it is registered, else the definition literal or constructor.
func (d *Definition) At() rule.Positioner { return rule.NodeSpan(d.Node) }

// RegistrationOrDef is the registration call when there is one in the package, else the
// definition. Definitions that share one registration call (literals of an own definition
// type, a factory's calls) are told apart at their own literal or call.
func (d *Definition) RegistrationOrDef() rule.Positioner {
	if d.Registration != nil && d.Own == nil && !d.Instance {
		return rule.NodeSpan(d.Registration)
	}
	return d.At()
}

// Label names the definition in messages: tool "search", resource template "items".
func (d *Definition) Label() string {
	if d.Name.Static && d.Name.Str != "" {
		return d.Kind.String() + " " + quote(d.Name.Str)
	}
	return d.Kind.String()
}

// jsonAt is where a finding about a JSON node goes: the node itself for Go values, the string
// holding it for JSON text (so a suppression comment can sit on the line above).
func jsonAt(j *jsonvalue.Value) rule.Positioner {
	if j.TextPos.IsValid() {
		return rule.Span{Start: j.TextPos, Stop: j.TextEnd}
	}
	return rule.Span{Start: j.Pos, Stop: j.End}
}

// memberAt is where a finding about an object key goes.
func memberAt(parent *jsonvalue.Value, m *jsonvalue.Member) rule.Positioner {
	if m.Value.TextPos.IsValid() || !m.KeyPos.IsValid() {
		return jsonAt(m.Value)
	}
	return rule.Span{Start: m.KeyPos, Stop: m.Value.End}
}

// fieldAt is where a finding about a struct field goes: its declaration when it is in the
// analysed package, else the definition.
func (m *Model) fieldAt(v *types.Var, d *Definition) (rule.Positioner, bool) {
	if f := m.Field(v); f != nil {
		return rule.NodeSpan(f), true
	}
	return d.RegistrationOrDef(), false
}

func quote(s string) string { return `"` + s + `"` }

// dedup drops repeated findings: a struct type used by several tools would otherwise report
// the same field once per tool.
type dedup map[token.Pos]map[string]bool

func (d dedup) first(at rule.Positioner, key string) bool {
	p := at.Pos()
	if d[p] == nil {
		d[p] = map[string]bool{}
	}
	if d[p][key] {
		return false
	}
	d[p][key] = true
	return true
}
