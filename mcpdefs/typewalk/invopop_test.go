package typewalk_test

import (
	"encoding/json"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"sync"
	"testing"

	"github.com/invopop/jsonschema"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcpdefs/typewalk"
)

// invopopSamples type-checks invopop_samples_test.go under the import path the compiled test
// package has, so that $id (built from the package path) can agree.
var invopopSamples = sync.OnceValues(func() (*types.Package, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "invopop_samples_test.go", nil, 0)
	if err != nil {
		return nil, err
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	return conf.Check(reflect.TypeFor[InvEmpty]().PkgPath(), fset, []*ast.File{f}, nil)
})

func invopopType(t *testing.T, name string) types.Type {
	t.Helper()
	pkg, err := invopopSamples()
	require.NoError(t, err)
	obj := pkg.Scope().Lookup(name)
	require.NotNil(t, obj, "no sample type %s", name)
	return obj.Type()
}

// TestInvopopMatchesLibrary runs invopop/jsonschema's Reflector on each sample type, with
// each set of options, and compares the JSON it marshals with the mirror's, key order
// included.
func TestInvopopMatchesLibrary(t *testing.T) {
	samples := map[string]any{
		"InvFilter": &InvFilter{}, "InvTags": &InvTags{}, "InvEmbedding": &InvEmbedding{},
		"InvNamedEmbed": &InvNamedEmbed{}, "InvLinked": &InvLinked{}, "InvList": InvList{},
		"InvMap": InvMap{}, "InvCollections": &InvCollections{}, "InvInline": &InvInline{},
		"InvEmpty": InvEmpty{}, "InvLabel": InvLabel(""),
	}
	options := map[string]typewalk.InvopopOptions{
		"default":        {},
		"expanded":       {ExpandedStruct: true},
		"noref":          {DoNotReference: true},
		"open":           {AllowAdditionalProperties: true},
		"requiredByTags": {RequiredFromJSONSchemaTags: true},
		"anonymous":      {Anonymous: true, AssignAnchor: true},
		"base":           {BaseSchemaID: "https://example.com/schemas/"},
	}
	for name, v := range samples {
		for optName, o := range options {
			if o.DoNotReference && name == "InvLinked" {
				continue // the library recurses without end; the mirror's refusal is tested below
			}
			t.Run(name+"/"+optName, func(t *testing.T) {
				r := &jsonschema.Reflector{
					BaseSchemaID: jsonschema.ID(o.BaseSchemaID), Anonymous: o.Anonymous, AssignAnchor: o.AssignAnchor,
					AllowAdditionalProperties: o.AllowAdditionalProperties, RequiredFromJSONSchemaTags: o.RequiredFromJSONSchemaTags,
					DoNotReference: o.DoNotReference, ExpandedStruct: o.ExpandedStruct,
				}
				want, err := json.Marshal(r.Reflect(v))
				require.NoError(t, err)
				o.Version = "v0.14.0"
				mirrored, err := typewalk.InvopopSchema(invopopType(t, name), o)
				require.NoError(t, err)
				got, err := json.Marshal(mirrored)
				require.NoError(t, err)
				assert.Equal(t, string(want), string(got))
			})
		}
	}
}

// TestInvopopRefuses checks that what the mirror does not follow is an error, never a guess.
func TestInvopopRefuses(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    typewalk.InvopopOptions
	}{
		{"InvHasCustom", typewalk.InvopopOptions{}},
		{"InvChan", typewalk.InvopopOptions{}},
		{"InvSelfEmbed", typewalk.InvopopOptions{}},
		{"InvOneOf", typewalk.InvopopOptions{}},
		{"InvExtras", typewalk.InvopopOptions{}},
		{"InvNumberText", typewalk.InvopopOptions{}},
		{"InvLinked", typewalk.InvopopOptions{DoNotReference: true}},
		{"InvLabel", typewalk.InvopopOptions{ExpandedStruct: true, Version: "v0.13.0"}},
		{"InvFilter", typewalk.InvopopOptions{Version: "v0.11.0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := typewalk.InvopopSchema(invopopType(t, tc.name), tc.o)
			assert.Error(t, err)
		})
	}
	pkg, err := invopopSamples()
	require.NoError(t, err)
	generic := pkg.Scope().Lookup("InvGeneric").Type().(*types.Named)
	inst, err := types.Instantiate(nil, generic, []types.Type{types.Typ[types.String]}, true)
	require.NoError(t, err)
	_, err = typewalk.InvopopSchema(inst, typewalk.InvopopOptions{})
	assert.Error(t, err, "a generic instance's $defs name")
}

// TestInvopopVersionDifferences checks what older versions do differently (read from each
// version's reflect.go; the differential test runs v0.14.0): v0.12.0 keeps only seven
// formats from format= and does not inline `json:",inline"` fields; before v0.14.0 omitzero
// leaves a field required and ",string" changes nothing.
func TestInvopopVersionDifferences(t *testing.T) {
	prop := func(s any, name string) any {
		root := s.(interface{ Get(string) (any, bool) })
		defs, _ := root.Get("$defs")
		def, _ := defs.(interface{ Get(string) (any, bool) }).Get("InvTags")
		props, _ := def.(interface{ Get(string) (any, bool) }).Get("properties")
		p, _ := props.(interface{ Get(string) (any, bool) }).Get(name)
		return p
	}
	old, err := typewalk.InvopopSchema(invopopType(t, "InvTags"), typewalk.InvopopOptions{Version: "v0.12.0"})
	require.NoError(t, err)
	b, _ := json.Marshal(prop(old, "odd"))
	assert.JSONEq(t, `{"type":"string"}`, string(b))
	b, _ = json.Marshal(prop(old, "when"))
	assert.JSONEq(t, `{"type":"string","format":"date-time","readOnly":true}`, string(b))
	inline, err := typewalk.InvopopSchema(invopopType(t, "InvInline"), typewalk.InvopopOptions{Version: "v0.12.0", ExpandedStruct: true})
	require.NoError(t, err)
	b, _ = json.Marshal(inline)
	assert.Contains(t, string(b), `"properties":{"base":{"$ref":"#/$defs/InvBase"},"own"`)

	v13, err := typewalk.InvopopSchema(invopopType(t, "InvTags"), typewalk.InvopopOptions{Version: "v0.13.0"})
	require.NoError(t, err)
	v14, err := typewalk.InvopopSchema(invopopType(t, "InvTags"), typewalk.InvopopOptions{Version: "v0.14.0"})
	require.NoError(t, err)
	required := func(s any) string {
		defs, _ := s.(interface{ Get(string) (any, bool) }).Get("$defs")
		def, _ := defs.(interface{ Get(string) (any, bool) }).Get("InvTags")
		r, _ := def.(interface{ Get(string) (any, bool) }).Get("required")
		b, _ := json.Marshal(r)
		return string(b)
	}
	assert.Contains(t, required(v13), `"ratio"`)
	assert.NotContains(t, required(v14), `"ratio"`)
	b, _ = json.Marshal(prop(v13, "quoted"))
	assert.JSONEq(t, `{"type":"integer"}`, string(b))
	b, _ = json.Marshal(prop(v14, "quoted"))
	assert.JSONEq(t, `{"type":"string"}`, string(b))
}
