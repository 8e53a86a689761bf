package typewalk

import (
	"fmt"
	"go/types"
	"sort"

	"github.com/mcplint-go/mcplint/internal/ojson"
)

// MCPGoInvopop is the schema mcp-go v0.36 to v0.45's WithInputSchema[T] / WithOutputSchema[T]
// send: invopop/jsonschema's Reflector{DoNotReference, Anonymous, AllowAdditionalProperties}
// on a zero T, without $schema. The input is sent as that JSON; the output goes through
// mcp-go's ToolOutputSchema (type forced to object, only $defs, type, properties, required
// and additionalProperties kept, written as maps: keys sorted, required [] when empty).
func MCPGoInvopop(t types.Type, version string, output bool) (any, error) {
	if types.IsInterface(t) {
		return nil, fmt.Errorf("a zero %s has no type to reflect: the library panics", t)
	}
	if version == "" {
		version = "v0.13.0" // what mcp-go v0.36 to v0.45 require
	}
	v, err := InvopopSchema(t, InvopopOptions{Version: version, DoNotReference: true, Anonymous: true, AllowAdditionalProperties: true})
	if err != nil {
		return nil, err
	}
	root, ok := v.(*ojson.Object)
	if !ok {
		return nil, fmt.Errorf("%s reflects to a boolean schema", t)
	}
	root.Delete("$schema")
	if !output {
		return root, nil
	}
	out := ojson.New()
	get := func(k string) any { x, _ := root.Get(k); return x }
	if d, ok := root.Get("$defs"); ok {
		out.Set("$defs", mapOrder(d))
	}
	if a, ok := root.Get("additionalProperties"); ok {
		out.Set("additionalProperties", mapOrder(a))
	}
	props := get("properties")
	if props == nil {
		props = ojson.New()
	}
	out.Set("properties", mapOrder(props))
	req := get("required")
	if req == nil {
		req = []any{}
	}
	out.Set("required", req)
	out.Set("type", "object")
	return out, nil
}

// mapOrder is v as encoding/json writes it after decoding into map[string]any.
func mapOrder(v any) any {
	switch x := v.(type) {
	case *ojson.Object:
		keys := append([]string(nil), x.Keys()...)
		sort.Strings(keys)
		o := ojson.New()
		for _, k := range keys {
			val, _ := x.Get(k)
			o.Set(k, mapOrder(val))
		}
		return o
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = mapOrder(e)
		}
		return out
	}
	return v
}
