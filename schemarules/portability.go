package schemarules

import (
	"fmt"
	"go/token"

	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// forEachStatic visits every subschema of the package's written-out schemas.
func forEachStatic(m *Model, fn func(d *Definition, s *Schema, n *schemaNode)) {
	for _, d := range m.Defs {
		for _, s := range staticSchemas(d) {
			walkSchema(s.JSON, nil, func(n *schemaNode) { fn(d, s, n) })
		}
	}
}

// unsatisfiableEffect says what a schema no value satisfies does, by role: go-sdk rejects
// every call of a typed tool, whose arguments it validates; it does not validate a low-level
// tool's arguments or any tool's structured output (measured, docs/versions.md), so there the
// effect is only that no value can be valid.
func unsatisfiableEffect(m *Model, d *Definition, s *Schema) string {
	if s.Role == "output" {
		return "no result can be valid"
	}
	typed := d.Handler != nil && d.Handler.Flavour == mcpmodel.GoSDKTypedTool
	if d.SDK == sdkapi.GoSDK && typed && m.Result.Versions.ValidatesArguments(true) {
		return "go-sdk rejects every call"
	}
	return "no arguments can be valid"
}

func (rules) SchemaUnsatisfiable() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "schema-unsatisfiable", Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "hand-built schema that no value satisfies",
		Run:   schemaUnsatisfiable,
	}, (*kinds).model)
}

func schemaUnsatisfiable(p *rule.Pass, m *Model) {
	forEachStatic(m, func(d *Definition, s *Schema, n *schemaNode) {
		j := n.node
		where := jsonPathUnder(s.Role, n.path)
		for _, kw := range []string{"enum", "anyOf", "oneOf", "type"} {
			mem := j.Member(kw)
			if mem == nil || mem.Value.Partial {
				continue
			}
			v := mem.Value
			empty := v.Kind == jsonvalue.Array && len(v.Elems) == 0
			null := v.Kind == jsonvalue.Null && kw == "enum"
			if !empty && !null {
				continue
			}
			what := fmt.Sprintf("%s is an empty list", kw)
			if null {
				what = "enum is null (mcp.Enum() with no values)"
			}
			p.Reportf(memberAt(j, mem), "%s of %s: %s, so no value satisfies the schema: %s; list the allowed values or drop it", where, d.Label(), what, unsatisfiableEffect(m, d, s))
		}
		// {"not": {}} is the false schema. As additionalProperties or an optional property it
		// is the usual way to forbid something; as the schema itself, a required property or
		// the items of an array, nothing can satisfy it.
		if not := j.Member("not"); not != nil && not.Value.Kind == jsonvalue.Object && len(not.Value.Members) == 0 && !not.Value.Partial {
			if n.parent == nil || n.required || n.parentKey == "items" || n.parentKey == "allOf" {
				p.Reportf(memberAt(j, not), "%s of %s: \"not\": {} rejects every value: %s; remove it", where, d.Label(), unsatisfiableEffect(m, d, s))
			}
		}
	})
}

func (rules) SchemaFormatPortability() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "schema-format-portability", Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "format outside the portable allowlist",
		Run:   formatPortability,
	}, (*kinds).model)
}

func formatPortability(p *rule.Pass, m *Model) {
	allowed := map[string]bool{}
	list := p.Options.(Config).FormatAllowlist
	if len(list) == 0 {
		list = rule.DefaultFormatAllowlist()
	}
	for _, f := range list {
		allowed[f] = true
	}
	forEachStatic(m, func(d *Definition, s *Schema, n *schemaNode) {
		mem := n.node.Member("format")
		if mem == nil || mem.Value.Kind != jsonvalue.String || mem.Value.Str == "" || allowed[mem.Value.Str] {
			return
		}
		p.Reportf(memberAt(n.node, mem), "%s of %s has format %q, not in the portable set; OpenAI drops the tool. Remove it", jsonPathUnder(s.Role, n.path), d.Label(), mem.Value.Str)
	})
}

func (rules) SchemaAnyofNeedsType() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "schema-anyof-needs-type", Severity: rule.Warning, SDKs: rule.AllSDKs,
		Title: "anyOf/oneOf branch without a type",
		Run:   anyOfNeedsType,
	}, (*kinds).model)
}

func anyOfNeedsType(p *rule.Pass, m *Model) {
	forEachStatic(m, func(d *Definition, s *Schema, n *schemaNode) {
		if n.parentKey != "anyOf" && n.parentKey != "oneOf" {
			return
		}
		j := n.node
		if j.Partial || j.Get("type") != nil {
			return
		}
		p.Reportf(jsonAt(j), "%s of %s: this %s branch has no \"type\", which Gemini rejects; give every branch a type", jsonPathUnder(s.Role, n.path), d.Label(), n.parentKey)
	})
}

func (rules) SchemaNoDiscriminatorKeyword() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "schema-no-discriminator-keyword", Severity: rule.Warning, SDKs: rule.AllSDKs,
		Title: "OpenAPI discriminator keyword in a schema",
		Run:   noDiscriminator,
	}, (*kinds).model)
}

func noDiscriminator(p *rule.Pass, m *Model) {
	forEachStatic(m, func(d *Definition, s *Schema, n *schemaNode) {
		if mem := n.node.Member("discriminator"); mem != nil {
			p.Reportf(memberAt(n.node, mem), "%s of %s uses the OpenAPI discriminator keyword, which Gemini rejects; use a const per branch", jsonPathUnder(s.Role, n.path), d.Label())
		}
	})
}

func (rules) SchemaNoDefs() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "schema-no-defs", Severity: rule.Warning, SDKs: rule.AllSDKs, Strict: true,
		Title: "$defs or $ref in a schema (strict portability)",
		Run:   noDefs,
	}, (*kinds).model)
}

func noDefs(p *rule.Pass, m *Model) {
	forEachStatic(m, func(d *Definition, s *Schema, n *schemaNode) {
		for _, kw := range []string{"$defs", "definitions", "$ref"} {
			if mem := n.node.Member(kw); mem != nil {
				p.Reportf(memberAt(n.node, mem), "%s of %s uses %s, which Gemini does not resolve; inline the referenced schema", jsonPathUnder(s.Role, n.path), d.Label(), kw)
			}
		}
	})
}

func (rules) SchemaRootOneofPortability() rule.Entry[*kinds] {
	return rule.Declare(definitionCheck{
		ID: "schema-root-oneof-portability", Severity: rule.Warning, SDKs: rule.AllSDKs, Strict: true,
		Title: "oneOf/anyOf at the schema root (strict portability)",
		Run:   rootOneOf,
	}, (*kinds).definition)
}

func rootOneOf(p *rule.Pass, m *Model, d *Definition) {
	for _, s := range staticSchemas(d) {
		for _, kw := range []string{"oneOf", "anyOf", "allOf"} {
			if mem := s.JSON.Member(kw); mem != nil {
				p.Reportf(memberAt(s.JSON, mem), "the %s schema of %s has %s at its root, which OpenAI rejects; use one object", s.Role, d.Label(), kw)
			}
		}
	}
}

func (rules) SchemaDialectTag() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "schema-dialect-tag", Severity: rule.Warning, SDKs: rule.AllSDKs, Strict: true,
		Title: "schema without $schema (strict portability)",
		Run:   dialectTag,
	}, (*kinds).model)
}

func dialectTag(p *rule.Pass, m *Model) {
	// A schema shared by several tools (one variable), or several schemas written on one
	// line, are one finding.
	type finding struct {
		at    rule.Positioner
		first string
		more  int
	}
	var order []*finding
	byLine := map[token.Position]*finding{}
	for _, d := range m.Defs {
		for _, s := range staticSchemas(d) {
			j := s.JSON
			if s.Source.Origin != mcpmodel.SchemaHandBuilt || j.Kind != jsonvalue.Object || j.Partial || j.Get("$schema") != nil {
				continue
			}
			at := jsonAt(j)
			line := p.Fset.Position(at.Pos())
			line.Column, line.Offset = 0, 0
			if f := byLine[line]; f != nil {
				f.more++
				continue
			}
			f := &finding{at: at, first: fmt.Sprintf("the hand-built %s schema of %s", s.Role, d.Label())}
			byLine[line] = f
			order = append(order, f)
		}
	}
	for _, f := range order {
		what := f.first
		if f.more > 0 {
			what += fmt.Sprintf(" (and %d more here)", f.more)
		}
		p.Reportf(f.at, "%s has no $schema; add \"$schema\": \"https://json-schema.org/draft/2020-12/schema\"", what)
	}
}
