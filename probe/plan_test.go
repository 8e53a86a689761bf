package probe

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/surface"
)

func entry(t *testing.T, name, schema, annotations string) *surface.Entry {
	t.Helper()
	var e surface.Entry
	require.NoError(t, json.Unmarshal([]byte(`{"name":"`+name+`","inputSchema":`+schema+`,"annotations":`+annotations+`}`), &e))
	return &e
}

func TestPlanSendsOnlyCallsThatFailValidation(t *testing.T) {
	e := entry(t, "t", `{"type":"object","properties":{
		"q":{"type":"string"},"n":{"type":"integer"},"flag":{"type":"boolean"},
		"any":{},"either":{"type":["string","boolean","array","object"]},"opt":{"type":["string","null"]}},
		"required":["q"],"additionalProperties":false}`, `{}`)
	calls, why := Plan(e)
	require.Empty(t, why)
	var got []string
	for _, c := range calls {
		b, _ := json.Marshal(c.Arguments)
		got = append(got, c.Kind+" "+string(b))
	}
	assert.Equal(t, []string{
		`missing-required {}`,
		`wrong-type {"flag":"mcplint-probe","q":"mcplint-probe"}`,
		`wrong-type {"n":true,"q":"mcplint-probe"}`,
		`wrong-type {"opt":true,"q":"mcplint-probe"}`,
		`wrong-type {"q":true}`,
		`unknown-property {"mcplint_probe_unknown":true}`,
	}, got)
}

// The other required properties get placeholders of their type.
func TestPlanPlaceholders(t *testing.T) {
	calls, _ := Plan(entry(t, "t", `{"type":"object","properties":{
		"a":{"type":"string","enum":["x","y"]},"b":{"type":"integer","minimum":5},"c":{"type":["null","boolean"]},
		"d":{"type":"array"},"e":{"const":7},"f":{"anyOf":[{"type":"string"}]},"w":{"type":"string"}},
		"required":["a","b","c","d","e","f","w"]}`, `{}`))
	require.Len(t, calls, 6)
	b, _ := json.Marshal(calls[5].Arguments)
	assert.Equal(t, `{"a":"x","b":5,"c":false,"d":[],"e":7,"w":true}`, string(b))
}

// A required property with a default is filled in by go-sdk before it validates, so leaving
// it out could pass: no missing-required call then.
func TestPlanSkipsRequiredWithDefault(t *testing.T) {
	calls, why := Plan(entry(t, "t", `{"type":"object","properties":{"n":{"default":3}},"required":["n"]}`, `{}`))
	assert.Nil(t, calls)
	assert.Equal(t, "no call can fail its input schema (nothing required, no typed property, not closed)", why)
}

// patternProperties may allow the unknown property.
func TestPlanPatternPropertiesAreNotClosed(t *testing.T) {
	calls, _ := Plan(entry(t, "t", `{"type":"object","patternProperties":{".*":{}},"additionalProperties":false}`, `{}`))
	assert.Nil(t, calls)
}

func TestMayCall(t *testing.T) {
	for ann, want := range map[string]string{
		`{"readOnlyHint":true}`:                         "",
		`{"readOnlyHint":true,"destructiveHint":false}`: "",
		`{"readOnlyHint":true,"destructiveHint":true}`:  "annotated destructive",
		`{"readOnlyHint":false}`:                        "not annotated read-only",
		`{}`:                                            "not annotated read-only",
		`{"destructiveHint":true,"readOnlyHint":false}`: "annotated destructive",
	} {
		ok, why := MayCall(entry(t, "t", `{"type":"object"}`, ann))
		assert.Equal(t, want == "", ok, ann)
		assert.Equal(t, want, why, ann)
	}
}

func TestSecretsFrom(t *testing.T) {
	s := SecretsFrom([]string{"GITHUB_TOKEN=ghp_dummy1234", "HOME=/root/long/path", "API_KEY=short", "DB_PASSWORD=hunter2hunter2"},
		map[string][]string{"Authorization": {"Bearer abcdefgh12345"}})
	assert.ElementsMatch(t, []Secret{{"$GITHUB_TOKEN", "ghp_dummy1234"}, {"$DB_PASSWORD", "hunter2hunter2"}, {"header Authorization", "abcdefgh12345"}}, s)
	assert.Equal(t, []string{"header Authorization"}, leaks(`{"text":"token abcdefgh12345 refused"}`, s))
	assert.Equal(t, []string{"an AWS access key ID"}, leaks(`key AKIAABCDEFGHIJKLMNOP`, nil))
	assert.Empty(t, leaks(`nothing here`, s))
}

func TestOutputSchemaCheck(t *testing.T) {
	schema := map[string]any{"type": "object", "properties": map[string]any{"n": map[string]any{"type": "integer"}}, "required": []any{"n"}}
	assert.Empty(t, checkOutput(schema, json.RawMessage(`{"n":1}`), false))
	assert.Equal(t, []string{"/n: got string, want integer"}, checkOutput(schema, json.RawMessage(`{"n":"1"}`), false))
	assert.Equal(t, []string{"no structuredContent, though the tool declares an outputSchema"}, checkOutput(schema, nil, false))
	assert.Empty(t, checkOutput(schema, nil, true), "an isError result need not carry structured content")
	// A remote $ref is never fetched.
	ref := map[string]any{"$ref": "https://example.com/s.json"}
	assert.Len(t, checkOutput(ref, json.RawMessage(`{}`), false), 1)
}

func TestWriteMarkdown(t *testing.T) {
	code := int64(-32603)
	rep := &Report{Tools: []*Tool{{Name: "get", HandlerPosition: "main.go:10:1", Results: []Result{{
		Call: Call{Tool: "get", Kind: MissingRequired, Arguments: map[string]any{}}, Outcome: ProtocolError, Code: &code, Message: "a | b",
		Request: json.RawMessage(`{"id":1}`), Response: json.RawMessage(`{"id":1,"error":{}}`),
	}}}}}
	rep.CrossReference = &CrossReference{Rules: []RuleCounts{{Rule: ArgumentRule, Missed: 1}},
		Matches: []Match{{Class: Missed, Rule: ArgumentRule, Tool: "get", Handler: "main.go:10:1"}}}
	var b bytes.Buffer
	require.NoError(t, rep.WriteMarkdown(&b, rep.Problems(0), func(Problem) string { return "warning" }))
	assert.Equal(t, "### mcplint probe\n\nProbed 1 of 1 tool with 1 call that must fail validation: 1 problem.\n\n"+
		"| severity | tool | problem | handler |\n| --- | --- | --- | --- |\n"+
		"| warning | `get` | tool \"get\" answers a call without its required arguments with JSON-RPC error -32603 \"a \\| b\", which the model never reads; answer with an isError result | `main.go:10:1` |\n\n"+
		"<details><summary><code>get</code>: protocol-error</summary>\n\n```json\n{\"id\":1}\n{\"id\":1,\"error\":{}}\n```\n\n</details>\n\n"+
		"| rule | confirmed | contradicted | missed | not exercised | untied |\n| --- | --- | --- | --- | --- | --- |\n| `tool-error-as-protocol-error` | 0 | 0 | 1 | 0 | 0 |\n\n"+
		"| class | rule | tool | handler | static finding |\n| --- | --- | --- | --- | --- |\n| missed | `tool-error-as-protocol-error` | `get` | `main.go:10:1` |  |\n", b.String())
}
