package mcptool

import (
	"encoding"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/mcplint-go/mcplint/internal/bindkind"
)

// binding maps one string-valued input (a URI template variable, a prompt
// argument) to a struct field.
type binding struct {
	name     string // variable or argument name
	field    string // Go field name, for messages
	index    []int
	typ      reflect.Type
	optional bool // pointer or omitempty
	explicit bool // named by a `uri` tag
	desc     string
	// unsupported is set for a field whose type cannot hold a string; it
	// is reported once by bindings and skipped everywhere else.
	unsupported bool
}

var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()

// bindings lists the settable fields of struct type t. A field's name is
// taken from tagKey (when set), then the json tag, then the field name.
// Unsupported field types are reported, naming the field.
func bindings(t reflect.Type, tagKey string) ([]binding, error) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("%s is not a struct", t)
	}
	var out []binding
	var problems []string
	for _, f := range reflect.VisibleFields(t) {
		if !f.IsExported() || f.Anonymous {
			continue
		}
		b := binding{field: f.Name, index: f.Index, typ: f.Type, name: f.Name, desc: f.Tag.Get("jsonschema")}
		jsonName, jsonOpts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if jsonName == "-" && jsonOpts == "" {
			continue
		}
		if jsonName != "" {
			b.name = jsonName
		}
		if tagKey != "" {
			if v, ok := f.Tag.Lookup(tagKey); ok && v != "" {
				b.name, b.explicit = v, true
			}
		}
		b.optional = f.Type.Kind() == reflect.Pointer || strings.Contains(","+jsonOpts+",", ",omitempty,") || strings.Contains(","+jsonOpts+",", ",omitzero,")
		if !bindable(f.Type) {
			problems = append(problems, fmt.Sprintf("field %s has type %s, which cannot hold a string value", f.Name, f.Type))
			b.unsupported = true
		}
		out = append(out, b)
	}
	if len(problems) > 0 {
		return out, fmt.Errorf("%s", strings.Join(problems, "; "))
	}
	return out, nil
}

func bindable(t reflect.Type) bool {
	if reflect.PointerTo(t).Implements(textUnmarshaler) {
		return true
	}
	switch t.Kind() {
	case reflect.Pointer:
		return t.Elem().Kind() != reflect.Pointer && bindable(t.Elem())
	case reflect.Slice:
		return bindkind.SliceOf(t.Elem().Kind().String())
	}
	return bindkind.Scalar(t.Kind().String())
}

// bindTarget is the struct value the bindings set for the value ptr points to: that value, or,
// when it is a pointer, a new value it is made to point to.
func bindTarget(ptr any) reflect.Value {
	v := reflect.ValueOf(ptr).Elem()
	if v.Kind() == reflect.Pointer {
		v.Set(reflect.New(v.Type().Elem()))
		v = v.Elem()
	}
	return v
}

// set stores vals into the field of the struct v points into.
func (b binding) set(v reflect.Value, vals []string) error {
	fv := v.FieldByIndex(b.index)
	return setValue(fv, vals)
}

func setValue(fv reflect.Value, vals []string) error {
	if fv.CanAddr() && fv.Addr().Type().Implements(textUnmarshaler) {
		return fv.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(strings.Join(vals, ",")))
	}
	switch fv.Kind() {
	case reflect.Pointer:
		p := reflect.New(fv.Type().Elem())
		if err := setValue(p.Elem(), vals); err != nil {
			return err
		}
		fv.Set(p)
		return nil
	case reflect.Slice:
		s := reflect.MakeSlice(fv.Type(), len(vals), len(vals))
		for i, x := range vals {
			s.Index(i).SetString(x)
		}
		fv.Set(s)
		return nil
	}
	s := strings.Join(vals, ",")
	switch fv.Kind() {
	case reflect.String:
		fv.SetString(s)
	case reflect.Bool:
		x, err := strconv.ParseBool(s)
		if err != nil {
			return fmt.Errorf("%q is not a boolean", s)
		}
		fv.SetBool(x)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		x, err := strconv.ParseInt(s, 10, fv.Type().Bits())
		if err != nil {
			return fmt.Errorf("%q is not an integer in range", s)
		}
		fv.SetInt(x)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		x, err := strconv.ParseUint(s, 10, fv.Type().Bits())
		if err != nil {
			return fmt.Errorf("%q is not a non-negative integer in range", s)
		}
		fv.SetUint(x)
	case reflect.Float32, reflect.Float64:
		x, err := strconv.ParseFloat(s, fv.Type().Bits())
		if err != nil {
			return fmt.Errorf("%q is not a number", s)
		}
		fv.SetFloat(x)
	default:
		return fmt.Errorf("unsupported field type %s", fv.Type())
	}
	return nil
}
