package schemarules

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"github.com/mcplint-go/mcplint/internal/defcheck"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/schemalib"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/mcpdefs/typewalk"
)

// typeName prints a type relative to the analysed package.
func (m *Model) typeName(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == m.Pkg {
			return ""
		}
		return p.Name()
	})
}

// nodeType describes a root schema node for messages.
func nodeType(n typewalk.Node) string {
	switch {
	case n.Type == "":
		return "an unrestricted schema (no type)"
	case n.Nullable:
		return fmt.Sprintf(`type ["null", %q]`, n.Type)
	}
	return fmt.Sprintf("type %q", n.Type)
}

// startup says what a failing inference does for the definition's SDK.
func startup(d *Definition) string {
	if d.SDK == sdkapi.MCPTool {
		return "mcptool.Add panics at start-up"
	}
	return "mcp.AddTool panics at start-up"
}

func (rules) SchemaIsObject() rule.Entry[*kinds] {
	return rule.Declare(definitionCheck{
		ID: defcheck.RuleSchemaIsObject, Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "tool input does not infer to a JSON object",
		Run:   schemaIsObject,
	}, (*kinds).definition)
}

func schemaIsObject(p *rule.Pass, m *Model, d *Definition) {
	if d.Input != nil {
		isObjectInput(p, m, d, d.Input)
	}
	if d.Output != nil && d.Output.Inferred() {
		isObjectOutput(p, m, d, d.Output)
	}
	if d.Kind == mcpmodel.Prompt {
		if _, isStruct, ok := mcpmodel.Bindings(d.Definition); ok && !isStruct {
			p.Reportf(d.At(), "%s: its arguments type %s is not a struct, so mcptool.AddPrompt panics at start-up", d.Label(), m.typeName(d.ParamsType))
		}
	}
}

func isObjectInput(p *rule.Pass, m *Model, d *Definition, s *Schema) {
	switch {
	case s.Inferred():
		root := s.Walk.Root
		if root.Type == "object" && !root.Nullable {
			return
		}
		t := m.typeName(s.Source.Type)
		if s.Source.Inference != mcpmodel.InferGoSDK {
			p.Reportf(rule.NodeSpan(s.Source.Expr), "%s: mark3labs infers its input schema from %s as %s, but the MCP spec requires \"object\"; use a struct", d.Label(), t, nodeType(root))
			return
		}
		who := "go-sdk infers"
		if d.SDK == sdkapi.MCPTool {
			who = "mcptool infers (with go-sdk's schema library)"
		}
		p.Reportf(d.RegistrationOrDef(), "%s: %s the input schema from %s as %s, and %s; use a struct input type", d.Label(), who, t, nodeType(root), startup(d))
	case s.Source.Origin == mcpmodel.SchemaAbsent && d.SDK == sdkapi.GoSDK:
		p.Reportf(d.RegistrationOrDef(), "%s has no InputSchema, so go-sdk's low-level (*Server).AddTool panics at start-up; set InputSchema", d.Label())
	case s.JSON != nil && (s.Source.Origin == mcpmodel.SchemaHandBuilt):
		j := s.JSON
		effect := "clients that validate tools/list reject the tool"
		if d.SDK == sdkapi.GoSDK {
			effect = "go-sdk's AddTool panics at start-up"
		}
		switch {
		case j.Invalid:
			what := "marshalling the tool fails, so tools/list fails for every client"
			if d.SDK == sdkapi.GoSDK {
				what = "go-sdk's AddTool panics at start-up when it is registered"
			}
			p.Reportf(jsonAt(j), "%s: the input schema is not valid JSON (%s): %s", d.Label(), j.Err, what)
		case j.Kind == jsonvalue.Dynamic:
			if ls := s.Source.Library; ls != nil && ls.Unknown == "" {
				if root, ok := libraryRoot(ls); ok && root != `"object"` {
					p.Reportf(d.RegistrationOrDef(), "%s: %s builds an input schema without an object root: %s; %s", d.Label(), ls.Library, effect, libraryFix(ls))
				}
			}
		case j.Kind != jsonvalue.Object:
			p.Reportf(jsonAt(j), "%s: the input schema is not a JSON object: %s", d.Label(), effect)
		default:
			typ := j.Member("type")
			switch {
			case typ == nil && j.Partial:
			case typ == nil:
				p.Reportf(jsonAt(j), "%s: the input schema has no \"type\": %s; add \"type\": \"object\"", d.Label(), effect)
			case typ.Value.Kind == jsonvalue.Dynamic:
			case typ.Value.Kind != jsonvalue.String || typ.Value.Str != "object":
				p.Reportf(memberAt(j, typ), "%s: the input schema's type is %s, not \"object\": %s", d.Label(), render(typ.Value), effect)
			}
		}
	}
}

func isObjectOutput(p *rule.Pass, m *Model, d *Definition, s *Schema) {
	root := s.Walk.Root
	switch d.SDK {
	case sdkapi.MCPTool:
		if _, isStruct := s.Source.Type.Underlying().(*types.Struct); !isStruct {
			p.Reportf(d.At(), "%s: the output type %s is not a struct, so mcptool.Add panics at start-up; wrap it in a struct", d.Label(), m.typeName(s.Source.Type))
		}
	case sdkapi.MarkLabs:
		if root.Type != "object" && s.Source.Expr != nil {
			p.Reportf(rule.NodeSpan(s.Source.Expr), "%s: mark3labs forces output type \"object\", but %s infers as %s, so clients reject every result", d.Label(), m.typeName(s.Source.Type), nodeType(root))
		}
	}
}

// libraryRoot is the root "type" of a schema the module builds with a schema library, as
// JSON ("none" when it has none); ok is false when the library's result is not mirrored.
func libraryRoot(ls *schemalib.Schema) (string, bool) {
	switch ls.Library {
	case schemalib.JSONSchemaGo:
		w := typewalk.Walk(ls.Type, typewalk.GoSDK)
		if w.Fatal() {
			return "", false
		}
		if w.Root.Type == "" {
			return "none", true
		}
		if w.Root.Nullable {
			return fmt.Sprintf(`["null", %q]`, w.Root.Type), true
		}
		return fmt.Sprintf("%q", w.Root.Type), true
	case schemalib.Invopop:
		v, err := typewalk.InvopopSchema(ls.Type, ls.Invopop)
		if err != nil {
			return "", false
		}
		o, isObject := v.(interface{ Get(string) (any, bool) })
		if !isObject {
			return "none", true
		}
		t, has := o.Get("type")
		if str, isStr := t.(string); has && isStr {
			return fmt.Sprintf("%q", str), true
		}
		if _, ref := o.Get("$ref"); ref {
			return "none (a $ref)", true
		}
		return "none", true
	}
	return "", false
}

// libraryFix says what to write instead.
func libraryFix(ls *schemalib.Schema) string {
	if ls.Library == schemalib.Invopop {
		return "use Reflector{ExpandedStruct: true} on a struct"
	}
	return "build it from a struct type"
}

// render prints a JSON value briefly for messages.
func render(j *jsonvalue.Value) string {
	switch j.Kind {
	case jsonvalue.String:
		return quote(j.Str)
	case jsonvalue.Array:
		var parts []string
		for _, e := range j.Elems {
			parts = append(parts, render(e))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case jsonvalue.Object:
		return "an object"
	case jsonvalue.Null:
		return "null"
	case jsonvalue.Bool:
		return fmt.Sprint(j.Bool)
	case jsonvalue.Number:
		return fmt.Sprint(j.Num)
	}
	return "a dynamic value"
}

// problemReason explains a walk problem.
func (m *Model) problemReason(pr *typewalk.Problem) string {
	switch pr.Kind {
	case typewalk.UnsupportedType:
		return fmt.Sprintf("type %s has no JSON Schema", m.typeName(pr.Type))
	case typewalk.UnsupportedMapKey:
		return fmt.Sprintf("map key type %s is not a string or TextMarshaler", m.typeName(pr.Type))
	case typewalk.TypeCycle:
		return fmt.Sprintf("type %s contains itself", m.typeName(pr.Type))
	case typewalk.EmbeddedOverride:
		return fmt.Sprintf("embedded %s has a string schema that cannot merge into the object", m.typeName(pr.Type))
	case typewalk.EmbeddingCycle:
		return fmt.Sprintf("%s embeds itself", m.typeName(pr.Type))
	}
	return ""
}

func problemAdvice(pr *typewalk.Problem) string {
	switch pr.Kind {
	case typewalk.UnsupportedType:
		return "tag it json:\"-\" or change its type"
	case typewalk.UnsupportedMapKey:
		return "use a string key type"
	case typewalk.TypeCycle:
		return "cut the cycle or hand-build the schema"
	case typewalk.EmbeddedOverride:
		return "give the field a name"
	case typewalk.EmbeddingCycle:
		return "give the embedded field a json name"
	}
	return ""
}

// effect says what a problem does, for the schema's role.
func effect(d *Definition, s *Schema, e typewalk.Effect) string {
	switch e {
	case typewalk.Panics:
		return startup(d)
	case typewalk.SchemaLost:
		if s.Role == "input" {
			return "mark3labs advertises an empty input schema"
		}
		return "mark3labs advertises no output schema"
	case typewalk.FieldDropped:
		return "mark3labs leaves it out of the " + s.Role + " schema"
	case typewalk.Crashes:
		return "building the tool overflows the stack at start-up"
	}
	return ""
}

// forEachWalk visits the inferred schemas of the package's tools.
func forEachWalk(m *Model, fn func(d *Definition, s *Schema)) {
	for _, d := range m.Defs {
		for _, s := range []*Schema{d.Input, d.Output} {
			if s.Inferred() {
				fn(d, s)
			}
		}
	}
}

// forEachProblem calls fn with each problem of one of kinds that the walk of an inferred
// schema found.
func forEachProblem(m *Model, kinds []typewalk.ProblemKind, fn func(d *Definition, s *Schema, pr *typewalk.Problem)) {
	forEachWalk(m, func(d *Definition, s *Schema) {
		for _, pr := range s.Walk.Problems {
			if slices.Contains(kinds, pr.Kind) {
				fn(d, s, pr)
			}
		}
	})
}

// typeProblems are the walk problems of field types that schema inference rejects, which
// schema-serializable reports; tagProblems those of jsonschema tags, which schema-tag-syntax
// reports.
var (
	typeProblems = []typewalk.ProblemKind{typewalk.UnsupportedType, typewalk.UnsupportedMapKey, typewalk.TypeCycle, typewalk.EmbeddedOverride, typewalk.EmbeddingCycle}
	tagProblems  = []typewalk.ProblemKind{typewalk.EmptyTag, typewalk.WordTag}
)

// fieldLabel names a field in messages: field Query (input.query) of tool "search".
func fieldLabel(d *Definition, s *Schema, v *types.Var, path typewalk.Path, atField bool) string {
	where := path.Under(s.Role)
	name := ""
	if v != nil {
		name = "field " + v.Name() + " "
	}
	if atField {
		return fmt.Sprintf("%s(%s)", name, where)
	}
	return fmt.Sprintf("%s(%s of %s)", name, where, d.Label())
}

func (rules) SchemaSerializable() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: defcheck.RuleSchemaSerializable, Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "field type that schema inference rejects",
		Run:   schemaSerializable,
	}, (*kinds).model)
}

func schemaSerializable(p *rule.Pass, m *Model) {
	seen := dedup{}
	forEachProblem(m, typeProblems, func(d *Definition, s *Schema, pr *typewalk.Problem) {
		at, atField := m.fieldAt(pr.Field, d)
		if pr.Field == nil {
			at, atField = d.RegistrationOrDef(), false
		}
		msg := fmt.Sprintf("%s: %s, so %s; %s", fieldLabel(d, s, pr.Field, pr.Path, atField), m.problemReason(pr), effect(d, s, pr.Effect), problemAdvice(pr))
		if seen.first(at, msg) {
			p.Report(at, msg)
		}
	})
	for _, d := range m.Defs {
		if d.Kind != mcpmodel.Prompt {
			continue
		}
		binds, _, _ := mcpmodel.Bindings(d.Definition)
		reportUnbindable(p, m, d, binds, seen, unbindable{params: "arguments", value: "prompt argument", add: "mcptool.AddPrompt"})
	}
}

// unbindable says, for a finding of reportUnbindable, what d's params type holds (params,
// arguments), what value its fields take, and the function that panics.
type unbindable struct{ params, value, add string }

// reportUnbindable reports each field of d's params type whose type mcptool cannot bind a
// value into: the function that registers d panics at start-up.
func reportUnbindable(p *rule.Pass, m *Model, d *Definition, binds []mcpmodel.Binding, seen dedup, u unbindable) {
	for _, b := range binds {
		if !b.Unsupported {
			continue
		}
		at, atField := m.fieldAt(b.Field, d)
		where := ""
		if !atField {
			where = fmt.Sprintf(" of %s (%s of %s)", m.typeName(d.ParamsType), u.params, d.Label())
		}
		msg := fmt.Sprintf("field %s%s has type %s, which cannot hold a %s, so %s panics at start-up", b.Field.Name(), where, m.typeName(b.Field.Type()), u.value, u.add)
		if seen.first(at, msg) {
			p.Report(at, msg)
		}
	}
}
