// Package probe sends a running MCP server tool calls that must fail validation, records
// what comes back, and ties each answer to the handler and the static findings that
// predicted it (or did not). It links an MCP client, so it stays apart from the analyzers.
package probe

import (
	"fmt"
	"slices"
	"sort"

	"github.com/mcplint-go/mcplint/internal/ojson"
	"github.com/mcplint-go/mcplint/surface"
)

// Call kinds: each must fail validation against the tool's input schema.
const (
	MissingRequired = "missing-required" // {} where the schema requires a property
	WrongType       = "wrong-type"       // one property given a JSON type its schema excludes
	UnknownProperty = "unknown-property" // a property a closed schema does not allow
	UnknownTool     = "unknown-tool"     // a tool name the server does not list
)

// UnknownToolName is the name the unknown-tool call uses (unless the server lists it).
const UnknownToolName = "mcplint_probe_no_such_tool"

// unknownPropertyName is the property an unknown-property call sends.
const unknownPropertyName = "mcplint_probe_unknown"

// Call is one tools/call the probe sends.
type Call struct {
	Tool string `json:"tool"`
	Kind string `json:"kind"`
	// Property is the property given the wrong type.
	Property  string         `json:"property,omitempty"`
	Arguments map[string]any `json:"arguments"`
}

// Describe says in a few words what is wrong with the call's arguments.
func (c Call) Describe() string {
	switch c.Kind {
	case MissingRequired:
		return "a call without its required arguments"
	case WrongType:
		return fmt.Sprintf("a call giving %q a value of the wrong JSON type", c.Property)
	case UnknownProperty:
		return "a call with a property its closed schema does not allow"
	}
	return "a call to a tool it does not list"
}

// Plan returns the calls for a tool, or why there are none. It sends only calls that no
// validator following the schema could accept: a required property without a default left
// out (an SDK may fill defaults in before it validates), a property whose schema names its
// JSON types given another type, an unknown property where additionalProperties is false.
func Plan(tool *surface.Entry) ([]Call, string) {
	schema, _ := plain(tool.InputSchema).(map[string]any)
	if schema == nil {
		return nil, "its input schema is not an object"
	}
	props, _ := schema["properties"].(map[string]any)
	var calls []Call
	if len(requiredWithoutDefault(schema, props)) > 0 {
		calls = append(calls, Call{Tool: tool.Name, Kind: MissingRequired, Arguments: map[string]any{}})
	}
	names := make([]string, 0, len(props))
	for name := range props {
		names = append(names, name)
	}
	sort.Strings(names)
	required, _ := schema["required"].([]any)
	for _, name := range names {
		p, _ := props[name].(map[string]any)
		v, ok := wrongValue(p)
		if !ok {
			continue
		}
		args := map[string]any{name: v}
		// The other required properties get placeholders, so that the handler gets past its
		// checks of them to the property with the wrong type.
		for _, r := range required {
			other, _ := r.(string)
			if other == "" || other == name {
				continue
			}
			if pv, ok := placeholder(props[other]); ok {
				args[other] = pv
			}
		}
		calls = append(calls, Call{Tool: tool.Name, Kind: WrongType, Property: name, Arguments: args})
	}
	if closed(schema) && props[unknownPropertyName] == nil {
		calls = append(calls, Call{Tool: tool.Name, Kind: UnknownProperty, Arguments: map[string]any{unknownPropertyName: true}})
	}
	if len(calls) == 0 {
		return nil, "no call can fail its input schema (nothing required, no typed property, not closed)"
	}
	return calls, ""
}

// requiredWithoutDefault lists the required properties that have no default.
func requiredWithoutDefault(schema, props map[string]any) []string {
	req, _ := schema["required"].([]any)
	var out []string
	for _, r := range req {
		name, ok := r.(string)
		if !ok {
			continue
		}
		if p, ok := props[name].(map[string]any); ok {
			if _, has := p["default"]; has {
				continue
			}
		}
		out = append(out, name)
	}
	return out
}

// closed reports whether the schema allows no property beyond those it names.
func closed(schema map[string]any) bool {
	if schema["additionalProperties"] != false {
		return false
	}
	_, patterns := schema["patternProperties"]
	return !patterns
}

// wrongValue returns a value of a JSON type the property's "type" excludes. Values a handler
// could coerce into a meaningful argument (numbers, "true", "1") are avoided.
func wrongValue(p map[string]any) (any, bool) {
	if p == nil {
		return nil, false
	}
	var types []string
	switch t := p["type"].(type) {
	case string:
		types = []string{t}
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok {
				types = append(types, s)
			}
		}
	}
	if len(types) == 0 {
		return nil, false
	}
	candidates := []struct {
		types []string // the JSON Schema types the value belongs to
		value any
	}{
		{[]string{"boolean"}, true},
		{[]string{"string"}, "mcplint-probe"},
		{[]string{"array"}, []any{"mcplint-probe"}},
		{[]string{"object"}, map[string]any{"mcplint-probe": true}},
	}
	for _, c := range candidates {
		if !slices.ContainsFunc(c.types, func(t string) bool { return slices.Contains(types, t) }) {
			return c.value, true
		}
	}
	return nil, false
}

// placeholder returns a plain value of a property's type: its first enum value, its const,
// or "mcplint-probe", 1 (its minimum when that is larger), false, [] or {}. It need not pass
// every keyword: the call it goes into fails on another property anyway.
func placeholder(schema any) (any, bool) {
	p, _ := schema.(map[string]any)
	if p == nil {
		return nil, false
	}
	if c, ok := p["const"]; ok {
		return c, true
	}
	if e, _ := p["enum"].([]any); len(e) > 0 {
		return e[0], true
	}
	var t string
	switch v := p["type"].(type) {
	case string:
		t = v
	case []any:
		for _, x := range v {
			if s, _ := x.(string); s != "" && s != "null" {
				t = s
				break
			}
		}
	}
	switch t {
	case "string":
		return "mcplint-probe", true
	case "integer", "number":
		if m, ok := p["minimum"].(float64); ok && m > 1 {
			return m, true
		}
		return 1, true
	case "boolean":
		return false, true
	case "array":
		return []any{}, true
	case "object":
		return map[string]any{}, true
	}
	return nil, false
}

// MayCall says whether the tool may be called without -all: only tools annotated read-only
// and not destructive. reason says why not.
func MayCall(tool *surface.Entry) (ok bool, reason string) {
	ann, _ := plain(tool.Annotations).(map[string]any)
	switch {
	case ann["destructiveHint"] == true:
		return false, "annotated destructive"
	case ann["readOnlyHint"] != true:
		return false, "not annotated read-only"
	}
	return true, ""
}

// arguments encodes a call's arguments for the request.
func (c Call) params() map[string]any {
	return map[string]any{"name": c.Tool, "arguments": c.Arguments}
}

// plain turns a JSON value as the surface holds it (ordered objects) into plain Go values.
func plain(v any) any {
	out, _ := ojson.Plain(v)
	return out
}
