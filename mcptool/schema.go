package mcptool

import (
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/mcplint-go/mcplint/internal/defcheck"
	"github.com/mcplint-go/mcplint/internal/ojson"
	"github.com/mcplint-go/mcplint/mcptool/envelope"
)

// Enum is implemented by a named type whose values form a closed set, such
// as a string type with constants. Add puts the values in the inferred JSON
// Schema ("enum"), so clients and models see the choices and input outside
// the set is rejected before the handler runs; mcptooltest renders every
// value when it checks format parity.
//
// Implement it on the value receiver:
//
//	type Status string
//	func (Status) EnumValues() []any { return []any{StatusOpen, StatusClosed} }
type Enum interface {
	EnumValues() []any
}

var enumType = reflect.TypeFor[Enum]()

// EnumValuesOf returns the values of t if t (or *t) implements Enum, and
// whether it does. Pointer types report false: *T is T's schema plus null.
func EnumValuesOf(t reflect.Type) ([]any, bool) {
	var v reflect.Value
	switch {
	case t.Kind() == reflect.Pointer:
		return nil, false
	case t.Implements(enumType):
		v = reflect.New(t).Elem()
	case reflect.PointerTo(t).Implements(enumType):
		v = reflect.New(t)
	default:
		return nil, false
	}
	vals, ok := callEnum(v)
	return vals, ok
}

func callEnum(v reflect.Value) (vals []any, ok bool) {
	defer func() {
		if recover() != nil {
			vals, ok = nil, false
		}
	}()
	return v.Interface().(Enum).EnumValues(), true
}

// enumSchemas finds every Enum type reachable from t and returns the
// schemas jsonschema-go should use for them.
func enumSchemas(t reflect.Type) map[reflect.Type]*jsonschema.Schema {
	out := map[reflect.Type]*jsonschema.Schema{}
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		if vals, ok := EnumValuesOf(t); ok && len(vals) > 0 {
			if typ := jsonKind(t); typ != "" {
				enum := make([]any, 0, len(vals))
				for _, v := range vals {
					enum = append(enum, jsonValue(v))
				}
				out[t] = &jsonschema.Schema{Type: typ, Enum: enum}
				return
			}
		}
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(t.Elem())
		case reflect.Map:
			walk(t.Key())
			walk(t.Elem())
		case reflect.Struct:
			for i := 0; i < t.NumField(); i++ {
				walk(t.Field(i).Type)
			}
		}
	}
	walk(t)
	return out
}

func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	}
	return ""
}

// jsonValue converts an enum value to the plain JSON value the schema holds
// (a named string type becomes a string).
func jsonValue(v any) any {
	if out, err := ojson.Plain(v); err == nil {
		return out
	}
	return v
}

// allowNullInEnums adds null to the enum of every nullable schema: a *Status
// field is [null, string] with an enum, and null must stay valid.
func allowNullInEnums(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	if len(s.Enum) > 0 && slices.Contains(s.Types, "null") && !slices.Contains(s.Enum, any(nil)) {
		s.Enum = append(s.Enum, nil)
	}
	for _, c := range s.Properties {
		allowNullInEnums(c)
	}
	allowNullInEnums(s.Items)
	allowNullInEnums(s.AdditionalProperties)
	for _, c := range s.AnyOf {
		allowNullInEnums(c)
	}
}

// inferSchema infers the schema of t the way go-sdk's mcp.AddTool does
// (jsonschema-go, pointers followed), plus Enum values.
func inferSchema(t reflect.Type) (*jsonschema.Schema, error) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	s, err := jsonschema.ForType(t, &jsonschema.ForOptions{TypeSchemas: enumSchemas(t)})
	if err != nil {
		return nil, err
	}
	allowNullInEnums(s)
	return s, nil
}

// inferenceRule tells a tag problem from an unsupported type.
func inferenceRule(err error) string {
	msg := err.Error()
	if strings.Contains(msg, "tag must not begin with") || strings.Contains(msg, "empty jsonschema tag") {
		return defcheck.RuleSchemaTagSyntax
	}
	return defcheck.RuleSchemaSerializable
}

// ErrorEnvelopeSchema is the schema of structuredContent on an error result
// (see [envelope.Schema]).
func ErrorEnvelopeSchema(contract []ErrorContract) *jsonschema.Schema {
	return envelope.Schema(contract)
}

// advertisedOutputSchema admits both the tool's output and the error
// envelope, so a client that validates structuredContent against
// outputSchema (the TypeScript SDK does, even on isError results, and
// rejects a mismatch with -32602) accepts error results. The root keeps
// "type": "object" as the MCP specification requires, and each branch has a
// type of its own for clients that need one per branch.
func advertisedOutputSchema(out *jsonschema.Schema, contract []ErrorContract) *jsonschema.Schema {
	return &jsonschema.Schema{
		Type:        "object",
		Description: AdvertisedOutputDescription,
		AnyOf:       []*jsonschema.Schema{out, ErrorEnvelopeSchema(contract)},
	}
}

// AdvertisedOutputDescription describes the output schema Add advertises
// (see [envelope.AdvertisedOutputDescription]).
const AdvertisedOutputDescription = envelope.AdvertisedOutputDescription

// sortedReasons lists the contract's reasons for messages.
func sortedReasons(contract []ErrorContract) []string {
	var rs []string
	for _, c := range contract {
		if c.Reason != "" {
			rs = append(rs, c.Reason)
		}
	}
	sort.Strings(rs)
	return slices.Compact(rs)
}
