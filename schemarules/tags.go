package schemarules

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/defcheck"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/mcpdefs/typewalk"
)

// tagEdit rewrites one key of a field's struct tag. With remove, the key:"value" pair goes
// (and the whole tag when nothing else is left); otherwise newKey (when not "") replaces the
// key and value replaces the value. It fails on interpreted-string tags and on values a raw
// string cannot hold.
func tagEdit(f *ast.Field, key string, remove bool, newKey, value string) ([]analysis.TextEdit, bool) {
	if f == nil || f.Tag == nil || !strings.HasPrefix(f.Tag.Value, "`") || len(f.Tag.Value) < 2 {
		return nil, false
	}
	content := f.Tag.Value[1 : len(f.Tag.Value)-1]
	keys, _ := typewalk.ParseTag(content)
	var k *typewalk.TagKey
	for i := range keys {
		if keys[i].Key == key {
			k = &keys[i]
			break
		}
	}
	if k == nil {
		return nil, false
	}
	base := f.Tag.Pos() + 1
	pos := func(off int) token.Pos { return base + token.Pos(off) }
	if remove {
		start, end := k.Start, k.End
		// Take one separating space with the pair.
		switch {
		case start > 0 && content[start-1] == ' ':
			start--
		case end < len(content) && content[end] == ' ':
			end++
		}
		if strings.TrimSpace(content[:start]+content[end:]) == "" {
			// Nothing left: drop the tag, and the space before it.
			return []analysis.TextEdit{{Pos: f.Type.End(), End: f.Tag.End(), NewText: nil}}, true
		}
		return []analysis.TextEdit{{Pos: pos(start), End: pos(end), NewText: nil}}, true
	}
	quoted := strconv.Quote(value)
	if strings.Contains(quoted, "`") {
		return nil, false
	}
	var edits []analysis.TextEdit
	if newKey != "" {
		edits = append(edits, analysis.TextEdit{Pos: pos(k.Start), End: pos(k.Start + len(k.Key)), NewText: []byte(newKey)})
	}
	edits = append(edits, analysis.TextEdit{Pos: pos(k.ValueStart), End: pos(k.ValueEnd), NewText: []byte(quoted)})
	return edits, true
}

// invopopOptions splits an invopop-style tag on commas not escaped as "\,".
func invopopOptions(tag string) []string {
	var out []string
	var cur strings.Builder
	for i := 0; i < len(tag); i++ {
		switch {
		case tag[i] == '\\' && i+1 < len(tag) && tag[i+1] == ',':
			cur.WriteByte(',')
			i++
		case tag[i] == ',':
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(tag[i])
		}
	}
	return append(out, strings.TrimSpace(cur.String()))
}

// invopopDescription returns what an invopop-style tag means in the go-sdk form, when that
// has one right answer: its options are only required and description=, and the json tag
// agrees about requiredness. "" means the tag should go.
func invopopDescription(tag string, optional bool) (string, bool) {
	desc, required := "", false
	for _, opt := range invopopOptions(tag) {
		switch {
		case opt == "required":
			required = true
		case strings.HasPrefix(opt, "description="):
			desc = strings.TrimSpace(strings.TrimPrefix(opt, "description="))
		case opt == "":
		default:
			return "", false
		}
	}
	if (required && optional) || typewalk.IsWordTag(desc) {
		return "", false
	}
	return desc, true
}

func (rules) SchemaTagSyntax() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: defcheck.RuleSchemaTagSyntax, Severity: rule.Error, SDKs: rule.PlainSDKs,
		Title: "jsonschema tag that go-sdk rejects",
		Run:   schemaTagSyntax,
	}, (*kinds).model)
}

func schemaTagSyntax(p *rule.Pass, m *Model) {
	seen := dedup{}
	forEachProblem(m, tagProblems, func(d *Definition, s *Schema, pr *typewalk.Problem) {
		decl := m.Field(pr.Field)
		at, atField := m.fieldAt(pr.Field, d)
		label := fieldLabel(d, s, pr.Field, pr.Path, atField)
		var msg string
		var fixes []analysis.SuggestedFix
		switch {
		case pr.Kind == typewalk.EmptyTag:
			msg = fmt.Sprintf(`%s: empty jsonschema tag, so %s; remove it or write a description`, label, effect(d, s, pr.Effect))
			if edits, ok := tagEdit(decl, "jsonschema", true, "", ""); ok {
				fixes = append(fixes, analysis.SuggestedFix{Message: "Remove the empty jsonschema tag", TextEdits: edits})
			}
		case pr.Effect == typewalk.SchemaLost:
			msg = fmt.Sprintf(`%s: jsonschema tag %q uses invopop's key=value options, which mark3labs v1 does not read, so %s; write the description alone`, label, pr.Tag, effect(d, s, pr.Effect))
		default:
			msg = fmt.Sprintf(`%s: jsonschema tag %q begins with a key=value option, so %s; write the description alone`, label, pr.Tag, effect(d, s, pr.Effect))
		}
		if pr.Kind == typewalk.WordTag {
			optional := false
			for _, f := range s.Walk.Fields {
				if f.Var == pr.Field {
					optional = !f.Required
				}
			}
			if desc, ok := invopopDescription(pr.Tag, optional); ok {
				remove := desc == ""
				if edits, ok := tagEdit(decl, "jsonschema", remove, "", desc); ok {
					text := fmt.Sprintf("Rewrite the tag as jsonschema:%q", desc)
					if remove {
						text = "Remove the jsonschema tag"
					}
					fixes = append(fixes, analysis.SuggestedFix{Message: text, TextEdits: edits})
				}
			}
		}
		if seen.first(at, msg) {
			p.Report(at, msg, fixes...)
		}
	})
}

// requiredWord reports whether a jsonschema tag lists "required" as one of its comma parts.
func requiredWord(tag string) bool {
	for _, part := range strings.Split(tag, ",") {
		if strings.EqualFold(strings.TrimSpace(part), "required") {
			return true
		}
	}
	return false
}

func (rules) SchemaTagRequiredIgnored() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "schema-tag-required-ignored", Severity: rule.Warning, SDKs: rule.PlainSDKs,
		Title: "jsonschema tag says required on a field the json tag makes optional",
		Run:   schemaTagRequiredIgnored,
	}, (*kinds).model)
}

func schemaTagRequiredIgnored(p *rule.Pass, m *Model) {
	seen := dedup{}
	forEachWalk(m, func(d *Definition, s *Schema) {
		bad := map[*typewalk.Field]bool{}
		for _, pr := range s.Walk.Problems {
			for _, f := range s.Walk.Fields {
				if f.Var == pr.Field && slices.Contains(tagProblems, pr.Kind) {
					bad[f] = true
				}
			}
		}
		for _, f := range s.Walk.Fields {
			// invopop (mcp-go v0.36 to v0.45) reads the word: there it does what it says.
			if !f.HasJSONSchemaTag || bad[f] || !requiredWord(f.JSONSchemaTag) || s.Walk.Library == typewalk.Invopop {
				continue
			}
			// A field that is already required gets what the word says; the word only reads
			// "required" in its description, which is true. Only a field the json tag makes
			// optional is not what its author believes.
			if f.Omit == "" {
				continue
			}
			at, atField := m.fieldAt(f.Var, d)
			// No fix: requiring the field (dropping the option) makes clients that omit it fail,
			// and keeping it optional (dropping the word) changes the description; either
			// changes what tools/list says, and only the author knows which was meant.
			msg := fmt.Sprintf(`%s: %s makes it optional and jsonschema "required" is ignored; drop whichever is wrong`, fieldLabel(d, s, f.Var, f.Path, atField), f.Omit)
			if seen.first(at, msg) {
				p.Report(at, msg)
			}
		}
	})
}

func (rules) DescribeOnFields() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "describe-on-fields", Severity: rule.Warning, SDKs: rule.AllSDKs,
		Title: "input field has no description",
		Run:   describeOnFields,
	}, (*kinds).model)
}

func (rules) DescribeOnOutputFields() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "describe-on-output-fields", Severity: rule.Info, SDKs: rule.AllSDKs,
		Title: "output field has no description",
		Run:   describeOnOutputFields,
	}, (*kinds).model)
}

// fieldGap is one Go field without a description, with every schema path that reaches it:
// it is reported once, at its declaration, however many tools and paths use it.
type fieldGap struct {
	v     *types.Var
	decl  *ast.Field
	input bool // some input schema reaches it
	// first is the first path of the role reported (input when any) and its walk.
	first typewalk.Path
	role  string
	rules typewalk.Library
	tag   string
	hasJS bool
	paths map[string]bool
}

// undescribedFields gathers the module's fields without a description, in the order they are
// first met, and the fields of other packages per definition and role.
func undescribedFields(m *Model) (gaps []*fieldGap, elsewhere func(func(d *Definition, role string, paths []string))) {
	byVar := map[*types.Var]*fieldGap{}
	type away struct {
		d     *Definition
		role  string
		paths []string
	}
	var aways []away
	forEachWalk(m, func(d *Definition, s *Schema) {
		if s.Walk.Fatal() {
			// The schema never gets built: the failing rule says so.
			return
		}
		var other []string
		for _, f := range s.Walk.Fields {
			if f.Described() || f.Var == nil || !m.InModule(f.Var.Pkg()) {
				continue
			}
			decl := m.Field(f.Var)
			if decl == nil {
				other = append(other, f.Path.Under(s.Role))
				continue
			}
			g := byVar[f.Var]
			if g == nil {
				g = &fieldGap{v: f.Var, decl: decl, paths: map[string]bool{}}
				byVar[f.Var] = g
				gaps = append(gaps, g)
			}
			g.paths[f.Path.Under(s.Role)] = true
			if g.role == "" || (s.Role == "input" && !g.input) {
				g.first, g.role, g.rules, g.tag, g.hasJS = f.Path, s.Role, s.Walk.Library, f.Tag, f.HasJSONSchemaTag
			}
			g.input = g.input || s.Role == "input"
		}
		if len(other) > 0 {
			aways = append(aways, away{d, s.Role, other})
		}
	})
	return gaps, func(yield func(d *Definition, role string, paths []string)) {
		for _, a := range aways {
			yield(a.d, a.role, a.paths)
		}
	}
}

// reportFieldGap reports one undescribed field at its declaration.
func reportFieldGap(p *rule.Pass, g *fieldGap) {
	reader := "the model must guess what to send"
	if !g.input {
		reader = "clients cannot explain it"
	}
	label := fmt.Sprintf("field %s (%s", g.v.Name(), g.first.Under(g.role))
	if n := len(g.paths) - 1; n > 0 {
		label += fmt.Sprintf(", and %d more schema path%s", n, plural(n))
	}
	label += ")"
	at := rule.NodeSpan(g.decl)
	var fixes []analysis.SuggestedFix
	var msg string
	if g.rules != typewalk.GoSDK {
		msg = fmt.Sprintf(`%s has no description, so %s; add jsonschema_description:"..."`, label, reader)
	} else {
		desc, hasM3 := typewalk.Lookup(g.tag, "jsonschema_description")
		switch {
		case hasM3 && !g.hasJS && strings.TrimSpace(desc) != "" && !typewalk.IsWordTag(desc):
			msg = fmt.Sprintf(`%s has no description: go-sdk reads only jsonschema:"...", so %s; rename the key`, label, reader)
			if edits, ok := tagEdit(g.decl, "jsonschema_description", false, "jsonschema", desc); ok {
				fixes = append(fixes, analysis.SuggestedFix{Message: "Rename jsonschema_description to jsonschema", TextEdits: edits})
			}
		default:
			msg = fmt.Sprintf(`%s has no description, so %s; add jsonschema:"..."`, label, reader)
		}
	}
	p.Report(at, msg, fixes...)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// describeOnOutputFields reports output fields (reached by no input schema) and hand-built
// output properties without a description. It is info by default: a missing output
// description costs less than a missing input one.
func describeOnOutputFields(p *rule.Pass, m *Model) {
	reportUndescribed(p, m, "output")
}

// reportUndescribed reports the fields and the hand-built properties of one role ("input"
// or "output") that have no description; what it reported is in the dedup it returns.
func reportUndescribed(p *rule.Pass, m *Model, role string) dedup {
	gaps, elsewhere := undescribedFields(m)
	for _, g := range gaps {
		if g.input == (role == "input") {
			reportFieldGap(p, g)
		}
	}
	seen := dedup{}
	elsewhere(func(d *Definition, r string, paths []string) {
		if r == role {
			reportElsewhere(p, seen, d, role, paths)
		}
	})
	handBuiltProperties(p, m, seen, role)
	return seen
}

func reportElsewhere(p *rule.Pass, seen dedup, d *Definition, role string, paths []string) {
	reader := "the model must guess what to send"
	if role == "output" {
		reader = "clients cannot explain it"
	}
	list, more := paths, ""
	if len(list) > 3 {
		list, more = list[:3], fmt.Sprintf(" and %d more", len(paths)-3)
	}
	at := d.RegistrationOrDef()
	msg := fmt.Sprintf("%s: %d %s fields declared in other packages have no description (%s%s), so %s", d.Label(), len(paths), role, strings.Join(list, ", "), more, reader)
	if seen.first(at, msg) {
		p.Report(at, msg)
	}
}

// handBuiltProperties reports the properties of hand-built schemas of one role that have no
// description, once per property whatever the number of tools sharing the schema.
func handBuiltProperties(p *rule.Pass, m *Model, seen dedup, role string) {
	for _, d := range m.Defs {
		s := d.Input
		if role == "output" {
			s = d.Output
		}
		if s == nil || s.Inferred() || s.JSON == nil || (s.Source.Origin != mcpmodel.SchemaHandBuilt && s.Source.Origin != mcpmodel.SchemaProperties) {
			continue
		}
		walkSchema(s.JSON, nil, func(n *schemaNode) {
			if n.parentKey != "properties" || n.node.Kind != jsonvalue.Object || n.node.Partial {
				return
			}
			if n.node.Get("description") != nil || n.node.Get("$ref") != nil {
				return
			}
			at := memberAt(n.parent, n.member)
			if seen.first(at, "property") {
				p.Reportf(at, "property %q (%s of %s) has no description; add one", n.member.Key, jsonPathUnder(s.Role, n.path), d.Label())
			}
		})
	}
}

// describeOnFields reports input fields, hand-built input properties and prompt arguments
// without a description.
func describeOnFields(p *rule.Pass, m *Model) {
	seen := reportUndescribed(p, m, "input")
	for _, d := range m.Defs {
		if d.Kind == mcpmodel.Prompt && d.SDK == sdkapi.MCPTool {
			// mcptool's arguments are the fields of A, described by their jsonschema tags.
			binds, _, _ := mcpmodel.Bindings(d.Definition)
			for _, b := range binds {
				if b.Unsupported || strings.TrimSpace(b.Description) != "" || !m.InModule(b.Field.Pkg()) {
					continue
				}
				at, atField := m.fieldAt(b.Field, d)
				where := ""
				if !atField {
					where = " of " + m.typeName(d.ParamsType)
				}
				msg := fmt.Sprintf("prompt argument %q (field %s%s) of %s has no description; add jsonschema:\"...\"", b.Name, b.Field.Name(), where, d.Label())
				if seen.first(at, msg) {
					p.Report(at, msg)
				}
			}
		}
		if d.Kind == mcpmodel.Prompt {
			for _, a := range d.PromptArgs {
				if a.Partial || !a.Name.Static || (a.Description.Set && (!a.Description.Static || strings.TrimSpace(a.Description.Str) != "")) {
					continue
				}
				p.Reportf(rule.NodeSpan(a.Node), "prompt argument %q of %s has no description; add one", a.Name.Str, d.Label())
			}
		}
	}
}
