package jsonvalue_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
)

// value converts a parsed tree back to the Go value encoding/json would decode.
func value(j *jsonvalue.Value) any {
	switch j.Kind {
	case jsonvalue.Object:
		m := map[string]any{}
		for _, mem := range j.Members {
			m[mem.Key] = value(mem.Value)
		}
		return m
	case jsonvalue.Array:
		a := []any{}
		for _, e := range j.Elems {
			a = append(a, value(e))
		}
		return a
	case jsonvalue.String:
		return j.Str
	case jsonvalue.Number:
		return j.Num
	case jsonvalue.Bool:
		return j.Bool
	}
	return nil
}

func TestParseOffsets(t *testing.T) {
	src := `{"type": "object", "properties": {"q": {"format": "uri"}}, "enum": [1, "a", null]}`
	j, err := jsonvalue.Parse(src)
	require.NoError(t, err)
	q := j.Get("properties").Get("q")
	require.NotNil(t, q)
	m := q.Member("format")
	assert.Equal(t, `"format"`, src[m.KeyOffset:m.KeyOffset+8])
	assert.Equal(t, `"uri"`, src[m.Value.Offset:m.Value.EndOffset])
	enum := j.Get("enum")
	require.Len(t, enum.Elems, 3)
	assert.Equal(t, "null", src[enum.Elems[2].Offset:enum.Elems[2].EndOffset])
	_, err = jsonvalue.Parse(`{"a": }`)
	assert.ErrorContains(t, err, "offset 6")
}

// FuzzParse checks that the parser accepts exactly what encoding/json accepts and
// decodes the same value, with offsets that stay inside the text.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{"type":"object","properties":{"a":{"type":"string","format":"uri"}}}`,
		`[1, -2.5e3, true, false, null, "x\u00e9\n"]`,
		`{"a":{"b":[{}]}}`,
		`  "str"  `,
		`{"a":1,}`,
		`01`,
		`{"a" 1}`,
		`"\ud800"`,
		`1e999`,
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		j, err := jsonvalue.Parse(src)
		if valid := json.Valid([]byte(src)); (err == nil) != valid {
			t.Fatalf("Parse(%q) error %v, but json.Valid says %v", src, err, valid)
		}
		if err != nil {
			return
		}
		var check func(*jsonvalue.Value)
		check = func(n *jsonvalue.Value) {
			if n.Offset < 0 || n.EndOffset > len(src) || n.Offset >= n.EndOffset {
				t.Fatalf("bad offsets %d..%d in %q", n.Offset, n.EndOffset, src)
			}
			for _, m := range n.Members {
				if src[m.KeyOffset] != '"' {
					t.Fatalf("key offset %d does not point at a quote in %q", m.KeyOffset, src)
				}
				check(m.Value)
			}
			for _, e := range n.Elems {
				check(e)
			}
		}
		check(j)
		var want any
		if json.Unmarshal([]byte(src), &want) != nil {
			// Valid text encoding/json cannot decode into any (a number beyond float64).
			return
		}
		if got := value(j); !reflect.DeepEqual(got, want) {
			t.Fatalf("Parse(%q) = %#v, encoding/json says %#v", src, got, want)
		}
	})
}
