package schemarules

import (
	"strconv"

	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

// schemaNode is one subschema of a static JSON Schema, with how it was reached.
type schemaNode struct {
	node *jsonvalue.Value
	// parent is the schema holding the keyword that leads here (nil at the root); member is
	// the member naming this node: the property for properties and $defs, the keyword for
	// items, not, anyOf and the like.
	parent *jsonvalue.Value
	member *jsonvalue.Member
	// parentKey is the keyword leading here ("" at the root).
	parentKey string
	path      []string
	// required is true for a property its parent lists in required.
	required bool
}

var (
	schemaMaps   = []string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}
	schemaOne    = []string{"additionalProperties", "items", "contains", "not", "if", "then", "else", "propertyNames", "unevaluatedProperties", "unevaluatedItems", "contentSchema", "additionalItems"}
	schemaArrays = []string{"allOf", "anyOf", "oneOf", "prefixItems", "items"}
)

// walkSchema calls fn on every object subschema of root, root first, following only the
// keywords whose values are schemas (never into enum, const, default or examples data).
func walkSchema(root *jsonvalue.Value, path []string, fn func(*schemaNode)) {
	walkNode(&schemaNode{node: root, path: path}, fn, 0)
}

func walkNode(n *schemaNode, fn func(*schemaNode), depth int) {
	if n.node == nil || n.node.Kind != jsonvalue.Object || depth > 64 {
		return
	}
	fn(n)
	j := n.node
	required := map[string]bool{}
	if req := j.Get("required"); req != nil {
		for _, e := range req.Elems {
			if e.Kind == jsonvalue.String {
				required[e.Str] = true
			}
		}
	}
	with := func(keys ...string) []string {
		return append(append([]string(nil), n.path...), keys...)
	}
	for _, m := range j.Members {
		key := m.Key
		switch {
		case contains(schemaMaps, key) && m.Value.Kind == jsonvalue.Object:
			for _, pm := range m.Value.Members {
				walkNode(&schemaNode{node: pm.Value, parent: j, member: pm, parentKey: key, path: with(key, pm.Key), required: key == "properties" && required[pm.Key]}, fn, depth+1)
			}
		case contains(schemaArrays, key) && m.Value.Kind == jsonvalue.Array:
			for i, e := range m.Value.Elems {
				walkNode(&schemaNode{node: e, parent: j, member: m, parentKey: key, path: with(key, strconv.Itoa(i))}, fn, depth+1)
			}
		case contains(schemaOne, key) && m.Value.Kind == jsonvalue.Object:
			walkNode(&schemaNode{node: m.Value, parent: j, member: m, parentKey: key, path: with(key)}, fn, depth+1)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// jsonPathUnder renders a schema path under the schema's role: input.properties.q.format.
func jsonPathUnder(role string, path []string) string {
	if len(path) == 0 {
		return role
	}
	return role + "." + jsonvalue.Path(path...)
}

// staticSchemas lists a definition's schemas that are written out (hand-built or built from
// mark3labs property options): the ones portability rules can read.
func staticSchemas(d *Definition) []*Schema {
	var out []*Schema
	for _, s := range []*Schema{d.Input, d.Output} {
		if s == nil || s.JSON == nil || s.JSON.Invalid {
			continue
		}
		if s.Source.Origin == mcpmodel.SchemaHandBuilt || s.Source.Origin == mcpmodel.SchemaProperties {
			out = append(out, s)
		}
	}
	return out
}
