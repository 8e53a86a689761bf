package typewalk_test

import (
	"reflect"
	"testing"

	"github.com/mcplint-go/mcplint/mcpdefs/typewalk"
)

// FuzzParseTag checks that ParseTag agrees with reflect.StructTag.Lookup for every key it
// finds and for the keys the SDKs read, and that its offsets delimit what they claim to.
func FuzzParseTag(f *testing.F) {
	for _, seed := range []string{
		`json:"x,omitempty" jsonschema:"the x"`,
		`jsonschema:"required,description=The query"`,
		`json:"a" jsonschema:"say \"hi\"" jsonschema_description:"d"`,
		`json:"-"`,
		`  json:"a"   jsonschema:""`,
		`json:"a" jsonschema:"\x"`,
		`json:x`,
		`json:"unterminated`,
		`jsonschema:"a" jsonschema:"b"`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, tag string) {
		keys, _ := typewalk.ParseTag(tag)
		for _, k := range keys {
			if k.Start < 0 || k.End > len(tag) || k.Start > k.ValueStart || k.ValueStart >= k.ValueEnd || k.ValueEnd != k.End {
				t.Fatalf("bad offsets %+v in %q", k, tag)
			}
			if tag[k.Start:k.Start+len(k.Key)] != k.Key || tag[k.ValueStart] != '"' || tag[k.ValueEnd-1] != '"' {
				t.Fatalf("offsets of %+v do not delimit key and quoted value in %q", k, tag)
			}
		}
		seen := map[string]bool{}
		for _, k := range keys {
			seen[k.Key] = true
		}
		for _, key := range []string{"json", "jsonschema", "jsonschema_description"} {
			seen[key] = true
		}
		for key := range seen {
			gv, gok := typewalk.Lookup(tag, key)
			wv, wok := reflect.StructTag(tag).Lookup(key)
			if gv != wv || gok != wok {
				t.Fatalf("Lookup(%q, %q) = %q, %v; reflect says %q, %v", tag, key, gv, gok, wv, wok)
			}
		}
	})
}
