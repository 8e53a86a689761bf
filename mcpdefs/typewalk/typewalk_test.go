package typewalk_test

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcpdefs/typewalk"
)

// samples type-checks samples_test.go from source once.
var samples = sync.OnceValues(func() (*types.Package, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "samples_test.go", nil, 0)
	if err != nil {
		return nil, err
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	return conf.Check("typewalk_test", fset, []*ast.File{f}, nil)
})

func sampleType(t *testing.T, name string) types.Type {
	t.Helper()
	pkg, err := samples()
	require.NoError(t, err)
	obj := pkg.Scope().Lookup(name)
	require.NotNil(t, obj, "no sample type %s", name)
	return obj.Type()
}

// goSDK infers with jsonschema-go's defaults, exactly as go-sdk's mcp.AddTool does.
func goSDK[T any]() func() (*jsonschema.Schema, error) {
	return func() (*jsonschema.Schema, error) { return jsonschema.For[T](nil) }
}

// markLabs builds a tool with mark3labs' WithInputSchema[T] and returns the raw schema it
// sets (nil when generation failed and the tool kept its empty default).
func markLabs[T any]() func() json.RawMessage {
	return func() json.RawMessage {
		// WithInputSchema prints failures to stderr; keep test output readable.
		saved := os.Stderr
		if devnull, err := os.Open(os.DevNull); err == nil {
			os.Stderr = devnull
			defer func() { os.Stderr = saved; devnull.Close() }()
		}
		return mcp.NewTool("t", mcp.WithInputSchema[T]()).RawInputSchema
	}
}

type sample struct {
	name     string
	goSDK    func() (*jsonschema.Schema, error)
	markLabs func() json.RawMessage
	// Problems as Kind@path, sorted.
	goProblems, m3Problems []string
	root                   typewalk.Node
}

var object = typewalk.Node{Type: "object"}

func table() []sample {
	return []sample{
		{name: "Plain", goSDK: goSDK[Plain](), markLabs: markLabs[Plain](), root: object},
		{name: "Nested", goSDK: goSDK[Nested](), markLabs: markLabs[Nested](), root: object},
		{name: "Embedding", goSDK: goSDK[Embedding](), markLabs: markLabs[Embedding](), root: object},
		{name: "Named", goSDK: goSDK[Named](), markLabs: markLabs[Named](), root: object},
		{name: "Conflict", goSDK: goSDK[Conflict](), markLabs: markLabs[Conflict](), root: object},
		{name: "SameJSON", goSDK: goSDK[SameJSON](), markLabs: markLabs[SameJSON](), root: object},
		{name: "Maps", goSDK: goSDK[Maps](), markLabs: markLabs[Maps](), root: object},
		{name: "IntKey", goSDK: goSDK[IntKey](), markLabs: markLabs[IntKey](), root: object,
			goProblems: []string{"UnsupportedMapKey@count"}, m3Problems: []string{"UnsupportedMapKey@count"}},
		{name: "PtrKeyMap", goSDK: goSDK[PtrKeyMap](), markLabs: markLabs[PtrKeyMap](), root: object,
			goProblems: []string{"UnsupportedMapKey@m"}, m3Problems: []string{"UnsupportedMapKey@m"}},
		{name: "Generic", goSDK: goSDK[Generic](), markLabs: markLabs[Generic](), root: object},
		{name: "Times", goSDK: goSDK[Times](), markLabs: markLabs[Times](), root: object},
		{name: "EmbedsTime", goSDK: goSDK[EmbedsTime](), markLabs: markLabs[EmbedsTime](), root: object,
			goProblems: []string{"EmbeddedOverride@"}, m3Problems: []string{"EmbeddedOverride@"}},
		{name: "EmbedsTimePtr", goSDK: goSDK[EmbedsTimePtr](), markLabs: markLabs[EmbedsTimePtr](), root: object},
		{name: "Interfaces", goSDK: goSDK[Interfaces](), markLabs: markLabs[Interfaces](), root: object},
		{name: "Node", goSDK: goSDK[Node](), markLabs: markLabs[Node](), root: object,
			goProblems: []string{"TypeCycle@children[]"}, m3Problems: []string{"TypeCycle@children[]"}},
		{name: "Linked", goSDK: goSDK[Linked](), markLabs: markLabs[Linked](), root: object,
			goProblems: []string{"TypeCycle@next"}, m3Problems: []string{"TypeCycle@next"}},
		{name: "HoldsTree", goSDK: goSDK[HoldsTree](), markLabs: markLabs[HoldsTree](), root: object,
			goProblems: []string{"TypeCycle@t{}"}, m3Problems: []string{"TypeCycle@t{}"}},
		// mark3labs' tag layer recurses forever on SelfEmbed (a fatal stack overflow, which a
		// test cannot survive), so only the walk's verdict is checked for it.
		{name: "SelfEmbed", goSDK: goSDK[SelfEmbed](), root: object, m3Problems: []string{"EmbeddingCycle@"}},
		{name: "MutualA", goSDK: goSDK[MutualA](), markLabs: markLabs[MutualA](), root: object,
			goProblems: []string{"TypeCycle@b.a[]"}, m3Problems: []string{"TypeCycle@b.a[]"}},
		{name: "Twice", goSDK: goSDK[Twice](), markLabs: markLabs[Twice](), root: object},
		{name: "Unsupported", goSDK: goSDK[Unsupported](), markLabs: markLabs[Unsupported](), root: object,
			goProblems: []string{"UnsupportedType@c", "UnsupportedType@ch", "UnsupportedType@chs[]", "UnsupportedType@fn", "UnsupportedType@p"},
			m3Problems: []string{"UnsupportedType@c", "UnsupportedType@ch", "UnsupportedType@chs[]", "UnsupportedType@fn", "UnsupportedType@p"}},
		{name: "HiddenUnsupported", goSDK: goSDK[HiddenUnsupported](), markLabs: markLabs[HiddenUnsupported](), root: object},
		{name: "Tags", goSDK: goSDK[Tags](), markLabs: markLabs[Tags](), root: object,
			goProblems: []string{"EmptyTag@empty"}, m3Problems: []string{"EmptyTag@empty"}},
		{name: "Invopop", goSDK: goSDK[Invopop](), markLabs: markLabs[Invopop](), root: object,
			goProblems: []string{"WordTag@query"}, m3Problems: []string{"WordTag@query"}},
		{name: "EnumTag", goSDK: goSDK[EnumTag](), markLabs: markLabs[EnumTag](), root: object},
		{name: "EnumOnly", goSDK: goSDK[EnumOnly](), markLabs: markLabs[EnumOnly](), root: object,
			goProblems: []string{"WordTag@mode"}},
		{name: "EnumAndInvopop", goSDK: goSDK[EnumAndInvopop](), markLabs: markLabs[EnumAndInvopop](), root: object,
			goProblems: []string{"WordTag@mode", "WordTag@query"}, m3Problems: []string{"WordTag@query"}},
		{name: "RequiredWord", goSDK: goSDK[RequiredWord](), markLabs: markLabs[RequiredWord](), root: object},
		{name: "MarkLabsDesc", goSDK: goSDK[MarkLabsDesc](), markLabs: markLabs[MarkLabsDesc](), root: object},
		{name: "NestedTagProblem", goSDK: goSDK[NestedTagProblem](), markLabs: markLabs[NestedTagProblem](), root: object,
			goProblems: []string{"EmptyTag@inner[].empty"}, m3Problems: []string{"EmptyTag@inner[].empty"}},
		{name: "WithInvalidAndTag", goSDK: goSDK[WithInvalidAndTag](), markLabs: markLabs[WithInvalidAndTag](), root: object,
			goProblems: []string{"EmptyTag@ch", "UnsupportedType@ch"}, m3Problems: []string{"UnsupportedType@ch"}},
		{name: "Empty", goSDK: goSDK[Empty](), markLabs: markLabs[Empty](), root: object},
		{name: "Filters", goSDK: goSDK[Filters](), markLabs: markLabs[Filters](), root: typewalk.Node{Type: "array", Nullable: true}},
		{name: "Label", goSDK: goSDK[Label](), markLabs: markLabs[Label](), root: typewalk.Node{Type: "string"}},
		{name: "Shape", goSDK: goSDK[Shape](), markLabs: markLabs[Shape](), root: typewalk.Node{}},
		{name: "PlainPtr", goSDK: goSDK[PlainPtr](), markLabs: markLabs[PlainPtr](), root: typewalk.Node{Type: "object", Nullable: true}},
	}
}

var kindNames = map[typewalk.ProblemKind]string{
	typewalk.UnsupportedType:   "UnsupportedType",
	typewalk.UnsupportedMapKey: "UnsupportedMapKey",
	typewalk.TypeCycle:         "TypeCycle",
	typewalk.EmbeddedOverride:  "EmbeddedOverride",
	typewalk.EmptyTag:          "EmptyTag",
	typewalk.WordTag:           "WordTag",
	typewalk.EmbeddingCycle:    "EmbeddingCycle",
}

func problems(r *typewalk.Result) []string {
	var out []string
	for _, p := range r.Problems {
		out = append(out, kindNames[p.Kind]+"@"+p.Path.String())
	}
	sort.Strings(out)
	return out
}

// TestWalkMatchesJSONSchemaGo compares the walk with what jsonschema-go v0.4.3 (go-sdk's
// inference) really does on the same types: the walk fails exactly when ForType fails, and
// when it succeeds, properties, descriptions, requiredness and the root type agree.
func TestWalkMatchesJSONSchemaGo(t *testing.T) {
	for _, s := range table() {
		t.Run(s.name, func(t *testing.T) {
			res := typewalk.Walk(sampleType(t, s.name), typewalk.GoSDK)
			assert.Equal(t, s.goProblems, problems(res), "problems")
			for _, p := range res.Problems {
				assert.Equal(t, typewalk.Panics, p.Effect)
			}
			schema, err := s.goSDK()
			require.Equal(t, err != nil, res.Fatal(), "jsonschema-go error: %v", err)
			if err != nil {
				return
			}
			assert.Equal(t, s.root, res.Root, "root")
			assertRoot(t, schema, res.Root)
			assertProperties(t, schema, res, func(f *typewalk.Field) string { return f.Description })
		})
	}
}

// TestWalkMatchesMarkLabs compares the MarkLabs walk with mcp-go v1.2.1's WithInputSchema on
// the same types: the schema is lost exactly when the walk says so, dropped properties are
// missing, and descriptions follow mark3labs' tag layer.
func TestWalkMatchesMarkLabs(t *testing.T) {
	for _, s := range table() {
		t.Run(s.name, func(t *testing.T) {
			res := typewalk.Walk(sampleType(t, s.name), typewalk.MarkLabs)
			assert.Equal(t, s.m3Problems, problems(res), "problems")
			if s.markLabs == nil {
				require.Len(t, res.Problems, 1)
				assert.Equal(t, typewalk.Crashes, res.Problems[0].Effect)
				return
			}
			raw := s.markLabs()
			require.Equal(t, raw == nil, res.Fatal(), "mark3labs schema: %s", raw)
			for _, p := range res.Problems {
				want := typewalk.SchemaLost
				if p.Kind == typewalk.UnsupportedType || p.Kind == typewalk.UnsupportedMapKey {
					want = typewalk.FieldDropped
				}
				assert.Equal(t, want, p.Effect, "effect of %s", p.Path)
			}
			if raw == nil || string(raw) == "null" {
				return
			}
			var schema jsonschema.Schema
			require.NoError(t, json.Unmarshal(raw, &schema))
			assertProperties(t, &schema, res, func(f *typewalk.Field) string { return f.Description })
		})
	}
}

func assertRoot(t *testing.T, s *jsonschema.Schema, root typewalk.Node) {
	t.Helper()
	switch {
	case root.Type == "":
		assert.Empty(t, s.Type)
		assert.Empty(t, s.Types)
	case root.Nullable:
		assert.Equal(t, []string{"null", root.Type}, s.Types)
	default:
		assert.Equal(t, root.Type, s.Type)
	}
}

// assertProperties checks that the walk's fields are exactly the schema's properties, with
// the same descriptions and requiredness.
func assertProperties(t *testing.T, root *jsonschema.Schema, res *typewalk.Result, desc func(*typewalk.Field) string) {
	t.Helper()
	var want []string
	collect(root, nil, &want)
	var got []string
	for _, f := range res.Fields {
		got = append(got, f.Path.String())
		parent, node := lookup(root, f.Path)
		if !assert.NotNil(t, node, "no property %s in the real schema", f.Path) {
			continue
		}
		assert.Equal(t, node.Description, desc(f), "description of %s", f.Path)
		assert.Equal(t, slices.Contains(parent.Required, f.Name), f.Required, "requiredness of %s", f.Path)
	}
	sort.Strings(want)
	sort.Strings(got)
	assert.Equal(t, want, got, "properties")
}

func collect(s *jsonschema.Schema, path typewalk.Path, out *[]string) {
	if s == nil {
		return
	}
	for name, p := range s.Properties {
		q := path.With(typewalk.Step{Kind: typewalk.Property, Name: name})
		*out = append(*out, q.String())
		collect(p, q, out)
	}
	collect(s.Items, path.With(typewalk.Step{Kind: typewalk.Items}), out)
	if s.AdditionalProperties != nil && s.AdditionalProperties.Not == nil {
		collect(s.AdditionalProperties, path.With(typewalk.Step{Kind: typewalk.Values}), out)
	}
}

func lookup(s *jsonschema.Schema, path typewalk.Path) (parent, node *jsonschema.Schema) {
	node = s
	for _, step := range path {
		if node == nil {
			return nil, nil
		}
		switch step.Kind {
		case typewalk.Property:
			parent, node = node, node.Properties[step.Name]
		case typewalk.Items:
			node = node.Items
		case typewalk.Values:
			node = node.AdditionalProperties
		}
	}
	return parent, node
}

func TestFieldsAndLeaves(t *testing.T) {
	paths := func(r *typewalk.Result) []string {
		var out []string
		for _, f := range r.Fields {
			out = append(out, f.Path.String())
		}
		return out
	}
	leaves := func(r *typewalk.Result) []string {
		var out []string
		for _, l := range r.Leaves {
			out = append(out, l.Path.String())
		}
		return out
	}
	t.Run("nested paths", func(t *testing.T) {
		r := typewalk.Walk(sampleType(t, "Nested"), typewalk.GoSDK)
		assert.Equal(t, []string{
			"filters", "filters[].status", "filters[].owner",
			"by_name", "by_name{}.status", "by_name{}.owner",
			"pair", "pair[].status", "pair[].owner",
			"ptr", "ptr.status", "ptr.owner",
			"ptr_ptr", "ptr_ptr.status", "ptr_ptr.owner",
		}, paths(r))
		assert.Equal(t, "input.filters[].status", r.Fields[1].Path.Under("input"))
	})
	t.Run("embedded and promoted", func(t *testing.T) {
		r := typewalk.Walk(sampleType(t, "Embedding"), typewalk.GoSDK)
		assert.Equal(t, []string{"id", "Created", "hidden", "name"}, paths(r))
		assert.Equal(t, []string{"id", "Created", "hidden", "name"}, leaves(r))
	})
	t.Run("conflicting promoted names", func(t *testing.T) {
		r := typewalk.Walk(sampleType(t, "Conflict"), typewalk.GoSDK)
		assert.Equal(t, []string{"Deep"}, paths(r))
		assert.Equal(t, "int", r.Fields[0].Type.String())
	})
	t.Run("last JSON name wins", func(t *testing.T) {
		r := typewalk.Walk(sampleType(t, "SameJSON"), typewalk.GoSDK)
		require.Len(t, r.Fields, 1)
		assert.Equal(t, "second", r.Fields[0].Description)
		assert.Equal(t, "B", r.Fields[0].Var.Name())
	})
	t.Run("standard library string types are leaves", func(t *testing.T) {
		r := typewalk.Walk(sampleType(t, "Times"), typewalk.GoSDK)
		assert.Equal(t, []string{"at", "maybe", "level", "amount", "ratio", "raw[]", "bytes[]"}, leaves(r))
	})
	t.Run("generic origin", func(t *testing.T) {
		r := typewalk.Walk(sampleType(t, "Generic"), typewalk.GoSDK)
		assert.Equal(t, []string{"filters", "filters.items", "filters.items[].status", "filters.items[].owner", "filters.next", "names", "names.items", "names.next"}, paths(r))
		items := r.Fields[1]
		assert.Equal(t, "the page", items.Description)
		assert.Same(t, items.Var, items.Var.Origin(), "field positions come from the generic declaration")
	})
	t.Run("requiredness", func(t *testing.T) {
		r := typewalk.Walk(sampleType(t, "Plain"), typewalk.GoSDK)
		req := map[string]string{}
		for _, f := range r.Fields {
			req[f.Name] = fmt.Sprint(f.Required, "/", f.Omit)
		}
		assert.Equal(t, map[string]string{"query": "true/", "limit": "false/omitempty", "exact": "false/omitzero", "score": "true/", "small": "true/", "big": "true/", "-": "true/", "NoTag": "true/"}, req)
	})
	t.Run("problem fields point at declarations", func(t *testing.T) {
		r := typewalk.Walk(sampleType(t, "Unsupported"), typewalk.GoSDK)
		var names []string
		for _, p := range r.Problems {
			names = append(names, p.Field.Name())
		}
		assert.Equal(t, []string{"Ch", "Fn", "C", "P", "Chs"}, names)
		cyc := typewalk.Walk(sampleType(t, "Linked"), typewalk.GoSDK)
		require.Len(t, cyc.Problems, 1)
		assert.Equal(t, "Next", cyc.Problems[0].Field.Name())
		assert.Equal(t, "Linked", cyc.Problems[0].Type.(*types.Named).Obj().Name())
	})
	t.Run("mark3labs drops invalid fields", func(t *testing.T) {
		r := typewalk.Walk(sampleType(t, "Unsupported"), typewalk.MarkLabs)
		assert.Equal(t, []string{"name"}, paths(r))
		assert.False(t, r.Fatal())
	})
}

func TestPathUnder(t *testing.T) {
	var p typewalk.Path
	assert.Equal(t, "output", p.Under("output"))
	p = p.With(typewalk.Step{Kind: typewalk.Items})
	assert.Equal(t, "output[]", p.Under("output"))
	q := typewalk.Path{{Kind: typewalk.Property, Name: "a"}}.With(typewalk.Step{Kind: typewalk.Values}).With(typewalk.Step{Kind: typewalk.Property, Name: "b"})
	assert.Equal(t, "a{}.b", q.String())
	assert.True(t, q.HasPrefix(typewalk.Path{{Kind: typewalk.Property, Name: "a"}}))
	assert.False(t, q.HasPrefix(typewalk.Path{{Kind: typewalk.Property, Name: "b"}}))
}

func TestTagHelpers(t *testing.T) {
	assert.True(t, typewalk.IsWordTag("required,description=x"))
	assert.True(t, typewalk.IsWordTag("enum=a"))
	assert.False(t, typewalk.IsWordTag("The value, e.g. x=1"))
	assert.False(t, typewalk.IsWordTag("required"))
	assert.Equal(t, []string{"a", "b c"}, typewalk.TagOptions(" a ,, b c "))
	keys, err := typewalk.ParseTag(`json:"x,omitempty" jsonschema:"say \"hi\""`)
	require.NoError(t, err)
	require.Len(t, keys, 2)
	assert.Equal(t, `say "hi"`, keys[1].Value)
	raw := `json:"x,omitempty" jsonschema:"say \"hi\""`
	assert.Equal(t, `jsonschema:"say \"hi\""`, raw[keys[1].Start:keys[1].End])
	assert.Equal(t, `"say \"hi\""`, raw[keys[1].ValueStart:keys[1].ValueEnd])
	_, err = typewalk.ParseTag(`json:x`)
	assert.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "malformed struct tag"))
}

// TestInvopopSkipsJSONSchemaDash: invopop leaves a field tagged jsonschema:"-" out, so a type
// that loops only through it has no cycle, and the field is no property.
func TestInvopopSkipsJSONSchemaDash(t *testing.T) {
	r := typewalk.Walk(sampleType(t, "SkippedCycle"), typewalk.Invopop)
	assert.Empty(t, r.Problems)
	var names []string
	for _, f := range r.Fields {
		names = append(names, f.Name)
	}
	assert.Equal(t, []string{"name"}, names)
}
