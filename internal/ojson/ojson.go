// Package ojson holds JSON values whose object keys keep the order they were written in, so
// that a schema mcplint computes prints the way the SDK prints it (jsonschema-go lists
// properties in field order), and the helpers that compare such values.
package ojson

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
)

// Object is a JSON object with ordered keys. Values are nil (null), bool, float64, string,
// []any, *Object, or json.RawMessage.
type Object struct {
	keys []string
	vals map[string]any
}

// New returns an empty object.
func New() *Object { return &Object{vals: map[string]any{}} }

// Set adds key, or replaces its value keeping its place.
func (o *Object) Set(key string, v any) *Object {
	if _, ok := o.vals[key]; !ok {
		o.keys = append(o.keys, key)
	}
	o.vals[key] = v
	return o
}

// Get returns key's value.
func (o *Object) Get(key string) (any, bool) {
	if o == nil {
		return nil, false
	}
	v, ok := o.vals[key]
	return v, ok
}

// Delete removes key.
func (o *Object) Delete(key string) {
	if _, ok := o.vals[key]; !ok {
		return
	}
	delete(o.vals, key)
	for i, k := range o.keys {
		if k == key {
			o.keys = append(o.keys[:i], o.keys[i+1:]...)
			break
		}
	}
}

// Keys returns the keys in order.
func (o *Object) Keys() []string {
	if o == nil {
		return nil
	}
	return o.keys
}

// Len is the number of keys.
func (o *Object) Len() int {
	if o == nil {
		return 0
	}
	return len(o.keys)
}

// MarshalJSON writes the keys in order.
func (o *Object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.Keys() {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		b.Write(kb)
		b.WriteByte(':')
		vb, err := json.Marshal(o.vals[k])
		if err != nil {
			return nil, err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads an object keeping its key order; nested objects become *Object.
func (o *Object) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decode(dec)
	if err != nil {
		return err
	}
	obj, ok := v.(*Object)
	if !ok {
		return &json.UnmarshalTypeError{Value: "non-object", Type: nil}
	}
	*o = *obj
	return nil
}

// Parse decodes any JSON value, objects as *Object and numbers as float64.
func Parse(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return decode(dec)
}

func decode(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := New()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := decode(dec)
				if err != nil {
					return nil, err
				}
				o.Set(kt.(string), v)
			}
			_, err := dec.Token()
			return o, err
		case '[':
			arr := []any{}
			for dec.More() {
				v, err := decode(dec)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := dec.Token()
			return arr, err
		}
	case json.Number:
		return t.Float64()
	}
	return tok, nil
}

// Normalize returns v as plain Go values (map[string]any for objects) that reflect.DeepEqual
// compares the way JSON compares them: key order ignored, numbers as float64, and
// json.RawMessage decoded.
func Normalize(v any) any {
	switch x := v.(type) {
	case *Object:
		if x == nil {
			return nil
		}
		m := make(map[string]any, len(x.keys))
		for _, k := range x.keys {
			m[k] = Normalize(x.vals[k])
		}
		return m
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = Normalize(e)
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = Normalize(e)
		}
		return out
	case []string:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = e
		}
		return out
	case json.RawMessage:
		p, err := Parse(x)
		if err != nil {
			return string(x)
		}
		return Normalize(p)
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case json.Number:
		f, _ := x.Float64()
		return f
	}
	return v
}

// Plain returns v as encoding/json decodes its encoding into an any: plain Go values
// (map[string]any, []any, float64, string, bool, nil), so that a named string type becomes a
// string and an *Object a map. The error is the encoding's.
func Plain(v any) (any, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// SortedKeys returns a normalised object's keys in order.
func SortedKeys(m map[string]any) []string { return slices.Sorted(maps.Keys(m)) }
