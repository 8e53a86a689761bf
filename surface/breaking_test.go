package surface_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/surface"
)

func tools(t *testing.T, defs ...string) *surface.Surface {
	t.Helper()
	s, err := surface.Read([]byte(`{"tools":[` + join(defs) + `]}`))
	require.NoError(t, err)
	return s
}

func join(defs []string) string {
	var b bytes.Buffer
	for i, d := range defs {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(d)
	}
	return b.String()
}

const obj = `"type":"object"`

func tool(name, input string, more ...string) string {
	s := fmt.Sprintf(`{"name":%q,"inputSchema":{%s}`, name, input)
	for _, m := range more {
		s += "," + m
	}
	return s + "}"
}

// TestChanges: each crafted pair yields exactly the listed changes, breaking or not.
func TestChanges(t *testing.T) {
	cases := []struct {
		name     string
		old, new []string
		want     []string // "kind path breaking"
	}{
		{"unchanged", []string{tool("a", obj)}, []string{tool("a", obj)}, nil},
		{"tool removed", []string{tool("a", obj), tool("b", obj+`,"properties":{"x":{"type":"string"}}`)}, []string{tool("a", obj)}, []string{"removed  true"}},
		{"tool added", []string{tool("a", obj)}, []string{tool("a", obj), tool("b", obj)}, []string{"added  false"}},
		{"tool renamed", []string{tool("get", obj+`,"properties":{"id":{"type":"string"}}`)}, []string{tool("fetch", obj+`,"properties":{"id":{"type":"string"}}`)}, []string{"renamed  true"}},
		{"new required input", []string{tool("a", obj+`,"properties":{}`)}, []string{tool("a", obj+`,"properties":{"id":{"type":"string"}},"required":["id"]`)}, []string{"required-added /id true"}},
		{"new optional input", []string{tool("a", obj+`,"properties":{}`)}, []string{tool("a", obj+`,"properties":{"id":{"type":"string"}}`)}, []string{"property-added /id false"}},
		{"optional made required", []string{tool("a", obj+`,"properties":{"id":{"type":"string"}}`)}, []string{tool("a", obj+`,"properties":{"id":{"type":"string"}},"required":["id"]`)}, []string{"required-added /id true"}},
		{"required made optional", []string{tool("a", obj+`,"properties":{"id":{"type":"string"}},"required":["id"]`)}, []string{tool("a", obj+`,"properties":{"id":{"type":"string"}}`)}, nil},
		{"type narrowed", []string{tool("a", obj+`,"properties":{"n":{"type":"number"}}`)}, []string{tool("a", obj+`,"properties":{"n":{"type":"integer"}}`)}, []string{"type-narrowed /n true"}},
		{"null dropped", []string{tool("a", obj+`,"properties":{"tags":{"type":["null","array"],"items":{"type":"string"}}}`)}, []string{tool("a", obj+`,"properties":{"tags":{"type":"array","items":{"type":"string"}}}`)}, []string{"type-narrowed /tags true"}},
		{"type widened", []string{tool("a", obj+`,"properties":{"n":{"type":"integer"}}`)}, []string{tool("a", obj+`,"properties":{"n":{"type":"number"}}`)}, []string{"type-widened /n false"}},
		{"type changed", []string{tool("a", obj+`,"properties":{"n":{"type":"integer"}}`)}, []string{tool("a", obj+`,"properties":{"n":{"type":"string"}}`)}, []string{"type-changed /n true"}},
		{"enum value removed", []string{tool("a", obj+`,"properties":{"o":{"type":"string","enum":["asc","desc"]}}`)}, []string{tool("a", obj+`,"properties":{"o":{"type":"string","enum":["asc"]}}`)}, []string{"enum-removed /o true"}},
		{"enum value added", []string{tool("a", obj+`,"properties":{"o":{"type":"string","enum":["asc"]}}`)}, []string{tool("a", obj+`,"properties":{"o":{"type":"string","enum":["asc","desc"]}}`)}, []string{"enum-added /o false"}},
		{"nested item required", []string{tool("a", obj+`,"properties":{"f":{"type":"array","items":{"type":"object","properties":{}}}}`)}, []string{tool("a", obj+`,"properties":{"f":{"type":"array","items":{"type":"object","properties":{"p":{"type":"string"}},"required":["p"]}}}`)}, []string{"required-added /f/items/p true"}},
		{"input removed, closed", []string{tool("a", obj+`,"properties":{"x":{"type":"string"}},"additionalProperties":false`)}, []string{tool("a", obj+`,"properties":{},"additionalProperties":false`)}, []string{"property-removed /x true"}},
		{"input removed, open", []string{tool("a", obj+`,"properties":{"x":{"type":"string"}}`)}, []string{tool("a", obj+`,"properties":{}`)}, []string{"property-removed /x false"}},
		{"output field removed", []string{tool("a", obj, `"outputSchema":{"type":"object","properties":{"id":{"type":"string"},"n":{"type":"integer"}}}`)}, []string{tool("a", obj, `"outputSchema":{"type":"object","properties":{"id":{"type":"string"}}}`)}, []string{"output-removed /n true"}},
		{"output field retyped", []string{tool("a", obj, `"outputSchema":{"type":"object","properties":{"n":{"type":"integer"}}}`)}, []string{tool("a", obj, `"outputSchema":{"type":"object","properties":{"n":{"type":"string"}}}`)}, []string{"output-retyped /n true"}},
		{"output field nullable", []string{tool("a", obj, `"outputSchema":{"type":"object","properties":{"n":{"type":"integer"}}}`)}, []string{tool("a", obj, `"outputSchema":{"type":"object","properties":{"n":{"type":["null","integer"]}}}`)}, []string{"output-retyped /n true"}},
		{"output field added", []string{tool("a", obj, `"outputSchema":{"type":"object","properties":{}}`)}, []string{tool("a", obj, `"outputSchema":{"type":"object","properties":{"n":{"type":"integer"}}}`)}, []string{"output-added /n false"}},
		{"output schema dropped", []string{tool("a", obj, `"outputSchema":{"type":"object"}`)}, []string{tool("a", obj)}, []string{"output-removed  true"}},
		{"read-only to destructive", []string{tool("a", obj, `"annotations":{"readOnlyHint":true}`)}, []string{tool("a", obj, `"annotations":{"readOnlyHint":false,"destructiveHint":true}`)}, []string{"no-longer-read-only /readOnlyHint true", "now-destructive /destructiveHint true"}},
		{"non-destructive to default", []string{tool("a", obj, `"annotations":{"destructiveHint":false}`)}, []string{tool("a", obj, `"annotations":{}`)}, []string{"now-destructive /destructiveHint true"}},
		{"becomes read-only", []string{tool("a", obj, `"annotations":{"destructiveHint":true}`)}, []string{tool("a", obj, `"annotations":{"readOnlyHint":true}`)}, nil},
		{"unknown input not compared", []string{tool("a", obj+`,"properties":{"x":{"type":"string"}}`)}, []string{`{"name":"a","x-mcplint":{"unknown":[{"field":"inputSchema","reason":"not a constant"}]}}`}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, c := range surface.Changes(tools(t, tc.old...), tools(t, tc.new...)) {
				got = append(got, fmt.Sprintf("%s %s %v", c.Kind, c.Path, c.Breaking))
			}
			assert.ElementsMatch(t, tc.want, got)
		})
	}
}

func TestPromptArguments(t *testing.T) {
	read := func(s string) *surface.Surface {
		x, err := surface.Read([]byte(s))
		require.NoError(t, err)
		return x
	}
	old := read(`{"prompts":[{"name":"p","arguments":[{"name":"a"},{"name":"b"}]}]}`)
	new := read(`{"prompts":[{"name":"p","arguments":[{"name":"a","required":true},{"name":"c","required":true}]}]}`)
	var got []string
	for _, c := range surface.Changes(old, new) {
		got = append(got, fmt.Sprintf("%s %s %v", c.Kind, c.Path, c.Breaking))
	}
	assert.ElementsMatch(t, []string{"argument-required /a true", "argument-added /c true", "argument-removed /b true"}, got)
}

func TestChangesOutput(t *testing.T) {
	changes := surface.Changes(tools(t, tool("a", obj), tool("b", obj+`,"properties":{"q":{"type":"string"}}`)), tools(t, tool("a", obj), tool("c", obj)))
	var text, md bytes.Buffer
	require.NoError(t, surface.WriteChangesText(&text, changes))
	require.NoError(t, surface.WriteChangesMarkdown(&md, changes))
	assert.Equal(t, "BREAKING   tool b: removed: clients using it get an error\ncompatible tool c: added\n2 changes, 1 breaking\n", text.String())
	assert.Contains(t, md.String(), "| ❌ breaking | tool | `b` | removed: clients using it get an error |")
}

// Counts of one take the singular: "1 change", "1 tool", "1 incompatibility".
func TestCountsOfOneAreSingular(t *testing.T) {
	var text bytes.Buffer
	require.NoError(t, surface.WriteChangesText(&text, surface.Changes(tools(t, tool("a", obj)), tools(t, tool("a", obj), tool("c", obj)))))
	assert.Contains(t, text.String(), "\n1 change, 0 breaking\n")

	var list bytes.Buffer
	require.NoError(t, surface.WriteText(&list, tools(t, tool("a", obj))))
	assert.Contains(t, list.String(), "1 tool, 0 resources, 0 resource templates, 0 prompts;")
	assert.NotContains(t, list.String(), "1 tools")
}
