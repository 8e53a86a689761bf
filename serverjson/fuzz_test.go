package serverjson

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"unicode/utf8"
)

func addSeeds(f *testing.F) {
	f.Add([]byte(baseDoc))
	f.Add([]byte(`{"a": [1, -2.5e+3, true, false, null, "\u00e9\ud83d\ude00\"\\"]}`))
	f.Add([]byte(`{"a": 1, "a": 2}`))
	f.Add([]byte("\xEF\xBB\xBF{}"))
	f.Add([]byte(`[[[[[[[[[[]]]]]]]]]]`))
	f.Add([]byte(`{"name": "x\ud800"}`))
	f.Add([]byte(`{"$schema": "https://static.modelcontextprotocol.io/schemas/2025-07-09/server.schema.json", "packages": [{"registry_type": "npm"}]}`))
	files, _ := filepath.Glob(filepath.Join("testdata", "corpus", "*.json"))
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil && len(data) < 8192 {
			f.Add(data)
		}
	}
}

// FuzzParse checks the parser against encoding/json: both accept the same
// documents (within the depth limit, for valid UTF-8) and decode them to the
// same values.
func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		res := Parse(data, ParseLimits{})
		if res.Err != nil {
			if res.Root != nil {
				t.Fatal("a failed parse returned a tree")
			}
			if res.Err.Pos.Offset < 0 || res.Err.Pos.Offset > len(data) || res.Err.Pos.Line < 1 || res.Err.Pos.Col < 1 {
				t.Fatalf("error position out of range: %+v", res.Err.Pos)
			}
		}
		hasBOM := bytes.HasPrefix(data, []byte("\xEF\xBB\xBF"))
		if hasBOM || !utf8.Valid(data) || (res.Err != nil && res.Err.Rule == ruleTooDeep) {
			return
		}
		stdValid := json.Valid(data)
		if stdValid != (res.Err == nil) {
			t.Fatalf("encoding/json valid=%v, Parse error=%v for %q", stdValid, res.Err, data)
		}
		if !stdValid {
			return
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var want any
		if err := dec.Decode(&want); err != nil {
			t.Fatalf("encoding/json: %v", err)
		}
		if got := toInstance(res.Root); !reflect.DeepEqual(got, want) {
			t.Fatalf("decoded values differ:\n got %#v\nwant %#v", got, want)
		}
	})
}

// FuzzCheck checks that no input crashes the rules and that every
// diagnostic is well formed.
func FuzzCheck(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, d := range Check(data, Options{}) {
			assertWellFormed(t, data, d)
		}
		CheckCode(data, CodeFacts{
			ServerName:    CodeValue{Value: "weather", Static: true},
			ServerVersion: CodeValue{Value: "1.0.0", Static: true},
			EnvReads:      []EnvRead{{Name: "WEATHER_API_KEY"}, {Name: "OTHER"}},
		}, Options{})
	})
}
