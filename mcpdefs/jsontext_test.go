package mcpdefs_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcpdefs"
)

// value converts a parsed tree back to the Go value encoding/json would decode.
func value(j *mcpdefs.JSON) any {
	switch j.Kind {
	case mcpdefs.JSONObject:
		m := map[string]any{}
		for _, mem := range j.Members {
			m[mem.Key] = value(mem.Value)
		}
		return m
	case mcpdefs.JSONArray:
		a := []any{}
		for _, e := range j.Elems {
			a = append(a, value(e))
		}
		return a
	case mcpdefs.JSONString:
		return j.Str
	case mcpdefs.JSONNumber:
		return j.Num
	case mcpdefs.JSONBool:
		return j.Bool
	}
	return nil
}

func TestParseJSONTextOffsets(t *testing.T) {
	src := `{"type": "object", "properties": {"q": {"format": "uri"}}, "enum": [1, "a", null]}`
	j, err := mcpdefs.ParseJSONText(src)
	require.NoError(t, err)
	q := j.Get("properties").Get("q")
	require.NotNil(t, q)
	m := q.Member("format")
	assert.Equal(t, `"format"`, src[m.KeyOffset:m.KeyOffset+8])
	assert.Equal(t, `"uri"`, src[m.Value.Offset:m.Value.EndOffset])
	enum := j.Get("enum")
	require.Len(t, enum.Elems, 3)
	assert.Equal(t, "null", src[enum.Elems[2].Offset:enum.Elems[2].EndOffset])
	_, err = mcpdefs.ParseJSONText(`{"a": }`)
	assert.ErrorContains(t, err, "offset 6")
}

// FuzzParseJSONText checks that the parser accepts exactly what encoding/json accepts and
// decodes the same value, with offsets that stay inside the text.
func FuzzParseJSONText(f *testing.F) {
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
		j, err := mcpdefs.ParseJSONText(src)
		if valid := json.Valid([]byte(src)); (err == nil) != valid {
			t.Fatalf("ParseJSONText(%q) error %v, but json.Valid says %v", src, err, valid)
		}
		if err != nil {
			return
		}
		var check func(*mcpdefs.JSON)
		check = func(n *mcpdefs.JSON) {
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
			t.Fatalf("ParseJSONText(%q) = %#v, encoding/json says %#v", src, got, want)
		}
	})
}

// FuzzParseURITemplate checks that URI templates from source code, however malformed, never
// crash the linter, and that a template the parser accepts matches its own expansion shape.
func FuzzParseURITemplate(f *testing.F) {
	for _, s := range []string{"items://{id}", "file:///{+path}", "repo://{owner}/{repo}{?ref}", "x://{a", "x://{}", "{/p*}", "x://{a:3}", "%zz{x}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tmpl, err := mcpdefs.ParseURITemplate(s)
		if err != nil {
			return
		}
		for _, v := range tmpl.Vars() {
			if v == "" {
				t.Fatalf("template %q has an empty variable name", s)
			}
		}
		_ = tmpl.Matches(s)
	})
}
