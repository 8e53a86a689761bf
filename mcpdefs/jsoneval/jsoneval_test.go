package jsoneval_test

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

// prelude starts every case's package: the imports the cases use, and show, whose second
// argument the test evaluates. show is a function of the package that takes the value; the
// evaluator leaves the call a value is used in out of what may change it.
const prelude = `package p

import (
	"encoding/json"
	"maps"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mark3labs/mcp-go/mcp"
)

var (
	_ = json.Marshal
	_ = maps.Copy[map[string]any, map[string]any]
	_ = strings.ToUpper
	_ = jsonschema.Schema{}
	_ = mcp.NewTool
)

func show(any) {}
`

// render writes a value as compact JSON, with ? for a dynamic value, !invalid for text
// that is not JSON, and … closing an object or array that may hold more than is listed.
func render(v *jsonvalue.Value) string {
	if v == nil {
		return "nil"
	}
	var b strings.Builder
	more := func(n int) {
		if v.Partial {
			if n > 0 {
				b.WriteString(",")
			}
			b.WriteString("…")
		}
	}
	switch v.Kind {
	case jsonvalue.Dynamic:
		if v.Invalid {
			return "!invalid"
		}
		return "?"
	case jsonvalue.Null:
		return "null"
	case jsonvalue.Bool:
		return strconv.FormatBool(v.Bool)
	case jsonvalue.Number:
		return strconv.FormatFloat(v.Num, 'g', -1, 64)
	case jsonvalue.String:
		return strconv.Quote(v.Str)
	case jsonvalue.Array:
		b.WriteString("[")
		for i, el := range v.Elems {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(render(el))
		}
		more(len(v.Elems))
		b.WriteString("]")
	case jsonvalue.Object:
		b.WriteString("{")
		for i, m := range v.Members {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(strconv.Quote(m.Key) + ":" + render(m.Value))
		}
		more(len(v.Members))
		b.WriteString("}")
	}
	return b.String()
}

// evaluate loads each case's source as a package of its own (one load for all) and returns,
// by case name, what recognition's evaluator makes of the argument of its show call, and of
// the input schema of each mark3labs tool it defines (under "name tool").
func evaluate(t *testing.T, srcs map[string]string) (map[string]*jsonvalue.Value, *token.FileSet) {
	t.Helper()
	sources := map[string]string{}
	for name, src := range srcs {
		sources["inline/jsoneval/"+name] = prelude + src
	}
	pkgs, err := fixtures.LoadSources(sources)
	if err != nil {
		t.Fatal(err)
	}
	type values struct{ shown, tool *jsonvalue.Value }
	per := fixtures.PerPackage(t, pkgs, mcpdefs.Analyzer, func(pass *analysis.Pass) (v values) {
		res := pass.ResultOf[mcpdefs.Analyzer].(*mcpdefs.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok && len(call.Args) == 1 {
					if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "show" {
						v.shown = res.JSONOf(call.Args[0])
					}
				}
				return true
			})
		}
		for _, d := range res.Definitions {
			if d.Kind == mcpmodel.Tool && d.Input.JSON != nil {
				v.tool = d.Input.JSON
			}
		}
		return v
	})
	got := map[string]*jsonvalue.Value{}
	for name, v := range per {
		if v.shown != nil {
			got[name] = v.shown
		}
		if v.tool != nil {
			got[name+" tool"] = v.tool
		}
	}
	return got, pkgs[0].Fset
}

type evalCase struct {
	name string
	src  string
	want string
}

func runCases(t *testing.T, cases []evalCase, suffix string) {
	t.Helper()
	srcs := map[string]string{}
	for _, c := range cases {
		srcs[c.name] = c.src
	}
	got, _ := evaluate(t, srcs)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, ok := got[c.name+suffix]
			if !ok {
				t.Fatalf("nothing evaluated")
			}
			assert.Equal(t, c.want, render(v))
		})
	}
}

// nested is levels map literals, each holding the next under "a", around "x".
func nested(levels int) (src, rendered string) {
	src = `"x"`
	rendered = `"x"`
	for range levels {
		src = `map[string]any{"a": ` + src + `}`
		rendered = `{"a":` + rendered + `}`
	}
	return src, rendered
}

// TestJSONOf: each way Go code writes a JSON value evaluates to the value encoding/json (or
// the type's MarshalJSON) sends, and whatever cannot be known statically is dynamic.
func TestJSONOf(t *testing.T) {
	deepest, deepestWant := nested(mcpmodel.MaxDepth * 4)
	tooDeep, tooDeepWant := nested(mcpmodel.MaxDepth*4 + 1)
	tooDeepWant = strings.Replace(tooDeepWant, `"x"`, `?`, 1)
	runCases(t, []evalCase{
		{"scalars", `func f() { show(map[string]any{"s": "a", "b": true, "n": 1.5, "i": 2, "z": nil}) }`,
			`{"s":"a","b":true,"n":1.5,"i":2,"z":null}`},
		{"constants", `const k, v = "key", "val"
func f() { show(map[string]string{k: v + "!"}) }`, `{"key":"val!"}`},
		{"mapkeydynamic", `func f(k string) { show(map[string]int{k: 1, "a": 2}) }`, `{"a":2,…}`},
		{"slice", `func f() { show([]any{1, "a", []int{2}}) }`, `[1,"a",[2]]`},
		{"sliceindexed", `func f() { show([]string{1: "b", 0: "a"}) }`, `["b","a",…]`},
		{"array", `func f() { show([2]bool{true, false}) }`, `[true,false]`},
		{"bytesliteral", `func f() { show([]byte{'{', '}'}) }`, `?`},
		{"structtags", "type T struct {\n\tA int `json:\"a\"`\n\tB string `json:\"-\"`\n\tC string `json:\",omitempty\"`\n\td int\n\tE int `json:\"-,\"`\n\tF int\n}\n" +
			`func f() { show(T{A: 1, B: "b", C: "c", d: 2, E: 3, F: 4}) }`, `{"a":1,"C":"c","-":3,"F":4}`},
		{"structpositional", `type T struct{ A, B int }
func f() { show(T{1, 2}) }`, `{…}`},
		{"pointerliteral", `type T struct{ A int }
func f() { show(&T{A: 1}) }`, `{"A":1}`},
		{"schema", `func f() {
	show(&jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"q": {Type: "string", Description: "d"}}, Required: []string{"q"}})
}`, `{"type":"object","properties":{"q":{"type":"string","description":"d"}},"required":["q"]}`},
		{"schemaitems", `func f() { show(&jsonschema.Schema{Types: []string{"array", "null"}, Items: &jsonschema.Schema{Type: "integer"}}) }`,
			`{"type":["array","null"],"items":{"type":"integer"}}`},
		{"schemaextra", `func f() { show(&jsonschema.Schema{Type: "string", Extra: map[string]any{"x-a": 1}, PropertyOrder: []string{"a"}}) }`,
			`{"type":"string","x-a":1}`},
		{"schemaextradynamic", `func f(extra map[string]any) { show(&jsonschema.Schema{Type: "string", Extra: extra}) }`,
			`{"type":"string",…}`},
		{"meta", `func f() { show(mcp.Meta{AdditionalFields: map[string]any{"k": 1}, ProgressToken: 3}) }`, `{"k":1}`},
		{"metaempty", `func f() { show(&mcp.Meta{ProgressToken: 3}) }`, `{}`},
		{"metafrommap", `func f() { show(mcp.NewMetaFromMap(map[string]any{"k": "v"})) }`, `{"k":"v"}`},
		{"rawmessage", "func f() { show(json.RawMessage(`{\"a\": [1, true, null]}`)) }", `{"a":[1,true,null]}`},
		{"rawinvalid", "func f() { show(json.RawMessage(`{\"a\":`)) }", `!invalid`},
		{"rawbytes", `const text = "\"s\""
func f() { show([]byte(text)) }`, `"s"`},
		{"rawdynamic", `func f(s string) { show(json.RawMessage(s)) }`, `?`},
		{"conversion", `type M map[string]any
func f() { show(M(map[string]any{"a": 1})) }`, `{"a":1}`},
		{"nil", `func f() { show(nil) }`, `null`},
		{"variable", `func f() {
	m := map[string]any{"a": 1}
	show(m)
}`, `{"a":1}`},
		{"packagevariable", `var schema = &jsonschema.Schema{Type: "object"}
func f() { show(schema) }`, `{"type":"object"}`},
		{"selector", `type box struct{ m map[string]any }
var b = box{m: map[string]any{"a": 1}}
func f() { show(b.m) }`, `?`},
		{"reassigned", `func f(c bool) {
	m := map[string]any{"a": 1}
	if c {
		m = map[string]any{"b": 2}
	}
	show(m)
}`, `?`},
		{"fieldassigned", `func f() {
	s := &jsonschema.Schema{Type: "object"}
	s.Description = "d"
	show(s)
}`, `?`},
		{"passedtomodule", `func fill(s *jsonschema.Schema) { s.Type = "string" }
func f() {
	s := &jsonschema.Schema{Type: "object"}
	fill(s)
	show(s)
}`, `?`},
		{"passedtofuncvalue", `func f(fill func(*jsonschema.Schema)) {
	s := &jsonschema.Schema{Type: "object"}
	fill(s)
	show(s)
}`, `?`},
		{"passedtoother", `func f() {
	s := &jsonschema.Schema{Type: "object"}
	_, _ = json.Marshal(s)
	show(s)
}`, `{"type":"object"}`},
		{"mapgrown", `func f(extra map[string]any) {
	m := map[string]any{"a": 1}
	maps.Copy(m, extra)
	show(m)
}`, `{"a":1,…}`},
		{"mapcopiedfrom", `func f(into map[string]any) {
	m := map[string]any{"a": 1}
	maps.Copy(into, m)
	show(m)
}`, `{"a":1}`},
		{"mapdeleted", `func f() {
	m := map[string]any{"a": 1}
	delete(m, "a")
	show(m)
}`, `?`},
		{"mapcleared", `func f() {
	m := map[string]any{"a": 1}
	clear(m)
	show(m)
}`, `?`},
		{"mapdeletefunc", `func f() {
	m := map[string]any{"a": 1}
	maps.DeleteFunc(m, func(string, any) bool { return true })
	show(m)
}`, `?`},
		{"mapmodulefunc", `func add(m map[string]any) { m["b"] = 2 }
func f() {
	m := map[string]any{"a": 1}
	add(m)
	show(m)
}`, `?`},
		{"mapfuncvalue", `func f(add func(map[string]any)) {
	m := map[string]any{"a": 1}
	add(m)
	show(m)
}`, `?`},
		{"returnedliteral", `func prop(desc string, enum []string) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "string", Description: desc, Enum: []any{enum}}
}
func f() { show(prop("hello", nil)) }`, `{"type":"string","description":"hello","enum":[null]}`},
		{"returnedliteralnested", `func inner(d string) map[string]any { return map[string]any{"d": d} }
func outer(d string) map[string]any { return map[string]any{"in": inner(d), "d": d + "!"} }
func f() { show(outer("x")) }`, `{"in":{"d":"x"},"d":?}`},
		{"returnedliteralvariadic", `func prop(desc string, more ...string) map[string]any {
	return map[string]any{"d": desc, "m": more}
}
func f() { show(prop("a", "b")) }`, `{"d":"a","m":?}`},
		{"returnedtwoliterals", `func prop(c bool) map[string]any {
	if c {
		return map[string]any{"a": 1}
	}
	return map[string]any{"b": 2}
}
func f() { show(prop(true)) }`, `?`},
		{"funclit", `func f() { show(func() *jsonschema.Schema { return &jsonschema.Schema{Type: "string"} }()) }`,
			`{"type":"string"}`},
		{"funclittworeturns", `func f(c bool) {
	show(func() map[string]any {
		if c {
			return map[string]any{"a": 1}
		}
		return nil
	}())
}`, `?`},
		{"pointerhelper", `func ptr[T any](v T) *T { return &v }
func f() { show(map[string]any{"max": ptr(3.5)}) }`, `{"max":3.5}`},
		{"foldcall", `func f() { show(strings.ToUpper("a") + "b") }`, `?`},
		{"foldcallalone", `func f() { show(strings.ToUpper("ab")) }`, `"AB"`},
		{"depthlimit", `func f() { show(` + deepest + `) }`, deepestWant},
		{"beyonddepthlimit", `func f() { show(` + tooDeep + `) }`, tooDeepWant},
		{"recursive", `func rec() *jsonschema.Schema { return &jsonschema.Schema{Type: "array", Items: rec()} }
func f() { show(rec()) }`, strings.Repeat(`{"type":"array","items":`, 12) + `?` + strings.Repeat(`}`, 12)},
	}, "")
}

// TestSchemaVariable: properties set on a *jsonschema.Schema variable after its literal, by
// the function that declares it or by a builder of the package, are in the schema sent; any
// other change, or one the SDK would panic on, makes the schema unknown.
func TestSchemaVariable(t *testing.T) {
	const base = `s := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"a": {Type: "string"}}}
`
	const builder = `func withPage(s *jsonschema.Schema) *jsonschema.Schema {
	s.Properties["page"] = &jsonschema.Schema{Type: "integer"}
	return s
}
`
	runCases(t, []evalCase{
		{"propertyset", `func f() {
	` + base + `	s.Properties["b"] = &jsonschema.Schema{Type: "number"}
	show(s)
}`, `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"number"}}}`},
		{"propertyreplaced", `func f() {
	` + base + `	s.Properties["a"] = &jsonschema.Schema{Type: "number"}
	show(s)
}`, `{"type":"object","properties":{"a":{"type":"number"}}}`},
		{"keywordset", `func f() {
	` + base + `	s.Properties["a"].Description = "d"
	show(s)
}`, `{"type":"object","properties":{"a":{"type":"string","description":"d"}}}`},
		{"keywordonmissing", `func f() {
	` + base + `	s.Properties["b"].Description = "d"
	show(s)
}`, `?`},
		{"specialfield", `func f() {
	` + base + `	s.Properties["a"].Type = "number"
	show(s)
}`, `?`},
		{"extrakey", `func f() {
	` + base + `	s.Properties["a"].Extra["x-mcp-header"] = "A"
	show(s)
}`, `{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"A"}}}`},
		{"extrawhole", `func f() {
	` + base + `	s.Properties["a"].Extra = map[string]any{"x-b": true}
	show(s)
}`, `{"type":"object","properties":{"a":{"type":"string","x-b":true}}}`},
		{"extranil", `func f() {
	` + base + `	s.Properties["a"].Extra = nil
	show(s)
}`, `?`},
		{"noproperties", `func f() {
	s := &jsonschema.Schema{Type: "object"}
	s.Properties["b"] = &jsonschema.Schema{Type: "number"}
	show(s)
}`, `?`},
		{"dynamickey", `func f(k string) {
	` + base + `	s.Properties[k] = &jsonschema.Schema{Type: "number"}
	show(s)
}`, `?`},
		{"changedafteruse", `func f() {
	` + base + `	s.Properties["b"] = &jsonschema.Schema{Type: "number"}
	show(s)
	s.Properties["c"] = &jsonschema.Schema{Type: "number"}
}`, `?`},
		{"builder", builder + `func f() {
	` + base + `	withPage(s)
	show(s)
}`, `{"type":"object","properties":{"a":{"type":"string"},"page":{"type":"integer"}}}`},
		{"builderblank", builder + `func f() {
	` + base + `	_ = withPage(s)
	show(s)
}`, `{"type":"object","properties":{"a":{"type":"string"},"page":{"type":"integer"}}}`},
		// s = withPage(s) is a second assignment of s, so s is not followed at all: the
		// v = F(v) form builderCallStmt accepts is never reached. Unknown, not wrong.
		{"builderreassigned", builder + `func f() {
	` + base + `	s = withPage(s)
	show(s)
}`, `?`},
		{"buildercall", builder + `func f() {
	show(withPage(&jsonschema.Schema{Properties: map[string]*jsonschema.Schema{}}))
}`, `{"properties":{"page":{"type":"integer"}}}`},
		{"setsthenbuilder", builder + `func f() {
	` + base + `	s.Properties["b"] = &jsonschema.Schema{Type: "number"}
	withPage(s)
	show(s)
}`, `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"number"},"page":{"type":"integer"}}}`},
		{"buildermentionsparam", `func withSelf(s *jsonschema.Schema) *jsonschema.Schema {
	s.Properties["self"] = s
	return s
}
func f() {
	` + base + `	withSelf(s)
	show(s)
}`, `?`},
		{"buildertwoschemas", `func both(s, t *jsonschema.Schema) {
	t.Properties["b"] = &jsonschema.Schema{}
}
func f() {
	` + base + `	both(nil, s)
	show(s)
}`, `?`},
		{"builderdoesmore", `func more(s *jsonschema.Schema) {
	s.Properties["b"] = &jsonschema.Schema{}
	s.Description = "d"
}
func f() {
	` + base + `	more(s)
	show(s)
}`, `?`},
		{"builderrecursive", `func rec(s *jsonschema.Schema) *jsonschema.Schema {
	s.Properties["b"] = &jsonschema.Schema{}
	return rec(s)
}
func f() {
	` + base + `	rec(s)
	show(s)
}`, `?`},
		{"buildernoproperties", builder + `func f() {
	s := &jsonschema.Schema{Type: "object"}
	withPage(s)
	show(s)
}`, `?`},
	}, "")
}

// TestMarkLabsProperties: a mark3labs NewTool's property options build the input schema the
// tool advertises; options recognition cannot read make the object they touch partial.
func TestMarkLabsProperties(t *testing.T) {
	tool := func(opts string) string { return `var tool = mcp.NewTool("t", ` + opts + `)` }
	runCases(t, []evalCase{
		{"none", tool(`mcp.WithDescription("d")`), `{"type":"object","properties":{}}`},
		{"string", tool(`mcp.WithString("q", mcp.Required(), mcp.Description("d"), mcp.MinLength(1), mcp.Enum("a", "b"))`),
			`{"type":"object","properties":{"q":{"type":"string","description":"d","minLength":1,"enum":["a","b"]}},"required":["q"]}`},
		{"kinds", tool(`mcp.WithNumber("n", mcp.Min(1)), mcp.WithInteger("i"), mcp.WithBoolean("b", mcp.DefaultBool(true)), mcp.WithAny("x")`),
			`{"type":"object","properties":{"n":{"type":"number","minimum":1},"i":{"type":"integer"},"b":{"type":"boolean","default":true},"x":{}}}`},
		{"object", tool(`mcp.WithObject("o", mcp.Properties(map[string]any{"k": map[string]any{"type": "string"}}))`),
			`{"type":"object","properties":{"o":{"type":"object","properties":{"k":{"type":"string"}}}}}`},
		{"objectempty", tool(`mcp.WithObject("o")`), `{"type":"object","properties":{"o":{"type":"object","properties":{}}}}`},
		{"optionrepeated", tool(`mcp.WithString("q", mcp.Description("a"), mcp.Description("b"))`),
			`{"type":"object","properties":{"q":{"type":"string","description":"b"}}}`},
		{"items", tool(`mcp.WithArray("xs", mcp.WithStringItems(mcp.MinLength(1), mcp.Required()))`),
			`{"type":"object","properties":{"xs":{"type":"array","items":{"type":"string","minLength":1}}}}`},
		{"enumitems", tool(`mcp.WithArray("xs", mcp.WithStringEnumItems([]string{"a"}))`),
			`{"type":"object","properties":{"xs":{"type":"array","items":{"type":"string","enum":["a"]}}}}`},
		{"enumempty", tool(`mcp.WithString("q", mcp.Enum())`),
			`{"type":"object","properties":{"q":{"type":"string","enum":null}}}`},
		{"enumspread", `var values = []string{"a"}
` + tool(`mcp.WithString("q", mcp.Enum(values...))`),
			`{"type":"object","properties":{"q":{"type":"string","enum":?}}}`},
		{"additional", tool(`mcp.WithSchemaAdditionalProperties(false)`),
			`{"type":"object","properties":{},"additionalProperties":false}`},
		{"propertynamedynamic", `var name = strings.TrimSpace(" q ")
` + tool(`mcp.WithString(name)`), `{"type":"object","properties":{…}}`},
		{"owntooloption", `func own() mcp.ToolOption { return func(*mcp.Tool) {} }
` + tool(`own(), mcp.WithString("q")`), `{"type":"object","properties":{"q":{"type":"string"},…},…}`},
		{"optionvariable", `var req = mcp.Required()
` + tool(`mcp.WithString("q", req)`), `{"type":"object","properties":{"q":{"type":"string",…}}}`},
		{"optionsspread", `var opts = []mcp.PropertyOption{mcp.Required()}
` + tool(`mcp.WithString("q", opts...)`), `{"type":"object","properties":{"q":{"type":"string",…}}}`},
		{"ownpropertyoption", tool(`mcp.WithString("q", func(s map[string]any) { s["x-mcp-header"] = "Q" })`),
			`{"type":"object","properties":{"q":{"type":"string","x-mcp-header":"Q"}}}`},
		{"ownpropertyfactory", `func header(name string) mcp.PropertyOption {
	return func(s map[string]any) { s["x-mcp-header"] = name }
}
` + tool(`mcp.WithString("q", header("Q"))`),
			`{"type":"object","properties":{"q":{"type":"string","x-mcp-header":"Q"}}}`},
		{"ownpropertyoptiondoesmore", tool(`mcp.WithString("q", func(s map[string]any) { delete(s, "type") })`),
			`{"type":"object","properties":{"q":{"type":"string",…}}}`},
		{"ownpropertyoptionreassigns", tool(`mcp.WithString("q", func(s map[string]any) { s = map[string]any{} })`),
			`{"type":"object","properties":{"q":{"type":"string",…}}}`},
		{"ownpropertyoptionreadsmap", tool(`mcp.WithString("q", func(s map[string]any) { s["title"] = s["type"] })`),
			`{"type":"object","properties":{"q":{"type":"string",…}}}`},
		{"ownpropertyoptiondynamickey", `var key = strings.TrimSpace(" k ")
` + tool(`mcp.WithString("q", func(s map[string]any) { s[key] = 1 })`),
			`{"type":"object","properties":{"q":{"type":"string",…}}}`},
	}, " tool")
}

// TestJSONTextPositions: a value parsed from a raw string literal points at its own bytes,
// so a finding lands on the key; one parsed from an interpreted literal (whose bytes are not
// the text's) points at the expression; both know the expression that holds the text.
func TestJSONTextPositions(t *testing.T) {
	cases := []struct{ name, src, keyAt string }{
		{"raw", "func f() { show(json.RawMessage(`{\"key\": 1}`)) }", `"key"`},
		{"rawconst", "const text = `{\"key\": 1}`\nfunc f() { show(json.RawMessage(text)) }", `"key"`},
		{"interpreted", "func f() { show(json.RawMessage(\"{\\\"key\\\": 1}\")) }", `json.RawMessage(`},
	}
	srcs := map[string]string{}
	for _, c := range cases {
		srcs[c.name] = c.src
	}
	got, fset := evaluate(t, srcs)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := got[c.name]
			if !assert.NotNil(t, v) || !assert.Equal(t, jsonvalue.Object, v.Kind) || !assert.Len(t, v.Members, 1) {
				return
			}
			full := prelude + c.src
			assert.Equal(t, strings.Index(full, c.keyAt), fset.Position(v.Members[0].KeyPos).Offset, "the key")
			assert.Equal(t, strings.Index(full, "json.RawMessage("), fset.Position(v.TextPos).Offset, "the expression holding the text")
			assert.Equal(t, v.TextPos, v.Members[0].Value.TextPos, "every node knows it")
		})
	}
}
