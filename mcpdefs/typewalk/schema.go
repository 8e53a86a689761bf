package typewalk

import (
	"go/types"
	"math"
	"slices"
	"strings"

	"github.com/mcplint-go/mcplint/internal/ojson"
)

// Schema builds the JSON Schema the SDK's inference sends for t, as jsonschema-go marshals
// it: keys in its order (type, properties, items, then the rest), properties in field order,
// an empty schema as true and additionalProperties false for structs. ok is false when the
// SDK produces no schema from t (go-sdk panics; mark3labs keeps its empty default), and when
// mark3labs would build it with its own fallback tag parser (WORD= tags), which is not
// mirrored: the schema is then unknown rather than guessed.
func Schema(t types.Type, library Library) (any, bool) {
	if w := Walk(t, library); w.Fatal() || (library == MarkLabs && hasWordTag(w)) {
		return nil, false
	}
	b := &builder{library: library}
	s, st := b.build(t)
	if st != ok || s == nil {
		return nil, false
	}
	return marshalable(s), true
}

// hasWordTag reports whether some field's jsonschema tag begins WORD=, which sends mark3labs
// to its fallback parser.
func hasWordTag(w *Result) bool {
	for _, f := range w.Fields {
		if f.HasJSONSchemaTag && IsWordTag(f.JSONSchemaTag) {
			return true
		}
	}
	return false
}

// node is a schema under construction, with jsonschema-go's fields.
type node struct {
	typ         string
	types       []string
	description string
	enum        []any
	min, max    *float64
	items       *node
	minItems    *int
	maxItems    *int
	required    []string
	props       map[string]*node
	order       []string
	hasProps    bool
	addl        *node
	addlFalse   bool
}

type builder struct {
	library Library
	stack   typeStack
}

func f64(f float64) *float64 { return &f }

// build mirrors jsonschema-go's forType; a nil node with status ok is a type
// IgnoreInvalidTypes drops.
func (b *builder) build(t types.Type) (*node, status) {
	t, allowNull := derefPointers(t)
	leave, cycle := b.stack.enter(t)
	if cycle {
		return nil, failed
	}
	defer leave()
	if isStringOverride(t) {
		s := &node{typ: "string"}
		if allowNull {
			s.types, s.typ = []string{"null", "string"}, ""
		}
		return s, ok
	}
	s := &node{}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch u.Kind() {
		case types.Bool, types.UntypedBool:
			s.typ = "boolean"
		case types.Int, types.Int64:
			s.typ = "integer"
		case types.Uint, types.Uint64, types.Uintptr:
			s.typ, s.min = "integer", f64(0)
		case types.Int8:
			s.typ, s.min, s.max = "integer", f64(math.MinInt8), f64(math.MaxInt8)
		case types.Uint8:
			s.typ, s.min, s.max = "integer", f64(0), f64(math.MaxUint8)
		case types.Int16:
			s.typ, s.min, s.max = "integer", f64(math.MinInt16), f64(math.MaxInt16)
		case types.Uint16:
			s.typ, s.min, s.max = "integer", f64(0), f64(math.MaxUint16)
		case types.Int32:
			s.typ, s.min, s.max = "integer", f64(math.MinInt32), f64(math.MaxInt32)
		case types.Uint32:
			s.typ, s.min, s.max = "integer", f64(0), f64(math.MaxUint32)
		case types.Float32, types.Float64:
			s.typ = "number"
		case types.String:
			s.typ = "string"
		default:
			return b.invalid()
		}
	case *types.Interface:
		// Unrestricted.
	case *types.Map:
		if !isStringKind(u.Key()) && !isTextMarshaler(u.Key()) {
			return b.invalid()
		}
		s.typ = "object"
		e, st := b.build(u.Elem())
		if st != ok || e == nil {
			return nil, st
		}
		s.addl = e
	case *types.Slice, *types.Array:
		var elem types.Type
		if sl, isSlice := u.(*types.Slice); isSlice {
			s.types, elem = []string{"null", "array"}, sl.Elem()
		} else {
			arr := u.(*types.Array)
			s.typ, elem = "array", arr.Elem()
			n := int(arr.Len())
			s.minItems, s.maxItems = &n, &n
		}
		e, st := b.build(elem)
		if st != ok || e == nil {
			return nil, st
		}
		s.items = e
	case *types.Struct:
		s.typ, s.addlFalse = "object", true
		if st := b.object(t, s); st != ok {
			return nil, st
		}
	default:
		return b.invalid()
	}
	if allowNull && s.typ != "" {
		s.types, s.typ = []string{"null", s.typ}, ""
	}
	return s, ok
}

func (b *builder) invalid() (*node, status) {
	if b.library == MarkLabs {
		return nil, ok
	}
	return nil, failed
}

func (b *builder) object(t types.Type, s *node) status {
	for _, vf := range visibleFields(t) {
		f, tag := vf.v, vf.tag
		if !s.hasProps {
			s.hasProps, s.props = true, map[string]*node{}
		}
		if f.Anonymous() {
			if isStringOverride(types.Unalias(f.Type())) {
				return failed
			}
			continue
		}
		info := fieldJSONInfo(f.Name(), f.Exported(), tag)
		if info.omit {
			continue
		}
		fs, st := b.build(f.Type())
		if st != ok {
			return st
		}
		if fs == nil {
			continue
		}
		js, has := Lookup(tag, "jsonschema")
		switch b.library {
		case GoSDK:
			if has {
				if js == "" || IsWordTag(js) {
					return failed
				}
				fs.description = js
			}
		case MarkLabs:
			if has && js != "" {
				fs.description = js
			}
			if d := markLabsDescription(tag); d != "" {
				fs.description = d
			}
			for _, opt := range TagOptions(js) {
				if v, isEnum := strings.CutPrefix(opt, "enum="); isEnum {
					fs.enum = append(fs.enum, v)
				}
			}
		}
		s.props[info.name] = fs
		s.order = append(s.order, info.name)
		if !info.settings["omitempty"] && !info.settings["omitzero"] {
			s.required = append(s.required, info.name)
		}
	}
	// A repeated name keeps its last place, as jsonschema-go's PropertyOrder does.
	if len(s.order) > 1 {
		seen := map[string]bool{}
		var cleaned []string
		for i := len(s.order) - 1; i >= 0; i-- {
			if !seen[s.order[i]] {
				seen[s.order[i]] = true
				cleaned = append(cleaned, s.order[i])
			}
		}
		slices.Reverse(cleaned)
		s.order = cleaned
	}
	return ok
}

// marshalable renders a node as jsonschema-go's MarshalJSON does.
func marshalable(s *node) any {
	o := ojson.New()
	switch {
	case len(s.types) > 0:
		types := make([]any, len(s.types))
		for i, t := range s.types {
			types[i] = t
		}
		o.Set("type", types)
	case s.typ != "":
		o.Set("type", s.typ)
	}
	if s.hasProps {
		props := ojson.New()
		for _, name := range s.order {
			props.Set(name, marshalable(s.props[name]))
		}
		o.Set("properties", props)
	}
	if s.items != nil {
		o.Set("items", marshalable(s.items))
	}
	if s.description != "" {
		o.Set("description", s.description)
	}
	if len(s.enum) > 0 {
		o.Set("enum", s.enum)
	}
	if s.min != nil {
		o.Set("minimum", *s.min)
	}
	if s.max != nil {
		o.Set("maximum", *s.max)
	}
	if s.minItems != nil {
		o.Set("minItems", float64(*s.minItems))
	}
	if s.maxItems != nil {
		o.Set("maxItems", float64(*s.maxItems))
	}
	if len(s.required) > 0 {
		req := make([]any, len(s.required))
		for i, r := range s.required {
			req[i] = r
		}
		o.Set("required", req)
	}
	switch {
	case s.addlFalse:
		o.Set("additionalProperties", false)
	case s.addl != nil:
		o.Set("additionalProperties", marshalable(s.addl))
	}
	if o.Len() == 0 {
		return true
	}
	return o
}
