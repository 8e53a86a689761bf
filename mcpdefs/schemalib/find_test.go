package schemalib_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/schemalib"
)

// prelude starts every case's package: the libraries, the go-sdk, and In, the type the
// cases reflect.
const prelude = `package p

import (
	"encoding/json"
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"
	invopop "github.com/invopop/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var (
	_ = json.Marshal
	_ = reflect.TypeFor[int]
	_ = jsonschema.For[int]
	_ = invopop.Reflect
	_ mcp.Tool
)

type In struct {
	Q string ` + "`json:\"q\"`" + `
}
`

// libraryOf loads each case as a package of its own (one load for all) and describes the
// library schema recognition found for the input schema of the tool the case defines: the
// library, the reflected type, the Reflector options that differ from the defaults, and why
// it is unknown; "none" when the input schema is not followed to a library.
func libraryOf(t *testing.T, srcs map[string]string) map[string]string {
	t.Helper()
	sources := map[string]string{}
	for name, src := range srcs {
		sources["inline/schemalib/"+name] = prelude + src
	}
	pkgs, err := fixtures.LoadSources(sources)
	if err != nil {
		t.Fatal(err)
	}
	return fixtures.PerPackage(t, pkgs, mcpdefs.Analyzer, func(pass *analysis.Pass) string {
		res := pass.ResultOf[mcpdefs.Analyzer].(*mcpdefs.Result)
		got := ""
		for _, d := range res.Definitions {
			if d.Converter {
				continue // a helper's template: its calls are the tools
			}
			ls := d.Input.Library
			if ls == nil {
				got = "none"
				continue
			}
			s := ls.Library.String() + " " + types.TypeString(ls.Type, types.RelativeTo(pass.Pkg))
			o := ls.Invopop
			for _, opt := range []struct {
				set  bool
				name string
			}{{o.ExpandedStruct, "expanded"}, {o.RequiredFromJSONSchemaTags, "required-from-tags"}, {o.DoNotReference, "no-refs"},
				{o.AllowAdditionalProperties, "additional"}, {o.Anonymous, "anonymous"}, {o.AssignAnchor, "anchor"}, {o.BaseSchemaID != "", "id=" + o.BaseSchemaID}} {
				if opt.set {
					s += " " + opt.name
				}
			}
			if ls.Unknown != "" {
				s += ": " + ls.Unknown
			}
			got = s
		}
		return got
	})
}

// TestFindCases: a hand-built input schema is followed through variables, helpers,
// conversions and json.Marshal to the library call that builds it, with the type the library
// reflects; what recognition cannot mirror (options, changes after the call, a Reflector
// built at run time, a type parameter) is named as the reason the schema is unknown.
func TestFindCases(t *testing.T) {
	tool := func(pre, schema string) string {
		return "func f(anyValue any, rt reflect.Type, flag bool) any {\n" + pre + "\n\treturn &mcp.Tool{Name: \"t\", InputSchema: " + schema + "}\n}\n"
	}
	const forIn = `s, _ := jsonschema.For[In](nil)`
	reflecting := func(pre, schema, arg string) string {
		return "var flag bool\nvar anyHandler any\n\nfunc handle(a int, b string, in In) error { return nil }\n\n" +
			"func mustTool(name string, fn any) *mcp.Tool {\n\t" + pre + "\n\treturn &mcp.Tool{Name: name, InputSchema: " + schema + "}\n}\n\n" +
			"var _ = mustTool(\"t\", " + arg + ")\n"
	}
	cases := []struct{ name, src, want string }{
		{"for", tool(forIn, "s"), "jsonschema-go In"},
		{"foremptyoptions", tool(`s, _ := jsonschema.For[In](&jsonschema.ForOptions{})`, "s"), "jsonschema-go In"},
		{"foroptions", tool(`s, _ := jsonschema.For[In](&jsonschema.ForOptions{IgnoreInvalidTypes: true})`, "s"),
			"jsonschema-go In: ForOptions other than the defaults are not mirrored"},
		{"fortypefor", tool(`s, _ := jsonschema.ForType(reflect.TypeFor[*In](), nil)`, "s"), "jsonschema-go *In"},
		{"fortypeof", tool(`s, _ := jsonschema.ForType(reflect.TypeOf(In{}), nil)`, "s"), "jsonschema-go In"},
		{"fortypeofinterface", tool(`s, _ := jsonschema.ForType(reflect.TypeOf(anyValue), nil)`, "s"),
			"jsonschema-go <nil>: the type is reflected from a function's argument, known per call"},
		{"fortyperuntime", tool(`s, _ := jsonschema.ForType(rt, nil)`, "s"),
			"jsonschema-go <nil>: the reflected type is computed at run time"},
		{"packagevar", `var schema, _ = jsonschema.For[[]In](nil)
` + tool("", "schema"), "jsonschema-go []In"},
		{"assignedtwice", tool(forIn+"\n\tif flag {\n\t\ts, _ = jsonschema.For[int](nil)\n\t}", "s"), "none"},
		{"tupleandsingle", `func intSchema() *jsonschema.Schema {
	s, _ := jsonschema.For[int](nil)
	return s
}
` + tool(forIn+"\n\tif flag {\n\t\ts = intSchema()\n\t}", "s"), "none"},
		{"fieldset", tool(forIn+"\n\ts.Description = \"d\"", "s"), "jsonschema-go In: the schema is changed after the library builds it"},
		{"read", tool(forIn+"\n\t_ = s.Properties", "s"),
			"jsonschema-go In: the schema is read or changed through s.Properties after the library builds it"},
		{"indexed", tool("var list = []*jsonschema.Schema{nil}\n\tv := list\n\tv[0] = nil", "v"), "none"},
		{"marshalled", tool(forIn+"\n\tb, _ := json.Marshal(s)", "json.RawMessage(b)"), "jsonschema-go In"},
		{"helper", `func schemaOf() *jsonschema.Schema {
	s, err := jsonschema.For[In](nil)
	if err != nil {
		return nil
	}
	return s
}
` + tool("", "schemaOf()"), "jsonschema-go In"},
		{"helpertworesults", `func schemaOf(b bool) *jsonschema.Schema {
	if b {
		s, _ := jsonschema.For[In](nil)
		return s
	}
	s, _ := jsonschema.For[int](nil)
	return s
}
` + tool("", "schemaOf(flag)"), "none"},
		{"generichelper", `func schemaOf[T any]() *jsonschema.Schema {
	s, _ := jsonschema.For[[]T](nil)
	return s
}
` + tool("", "schemaOf[In]()"), "jsonschema-go []In"},
		{"generichelpertwoparams", `func schemaOf[K comparable, T any]() *jsonschema.Schema {
	s, _ := jsonschema.For[*T](nil)
	return s
}
` + tool("", "schemaOf[string, In]()"), "jsonschema-go *In"},
		{"typeparam", `func f[T any]() any {
	s, _ := jsonschema.For[T](nil)
	return &mcp.Tool{Name: "t", InputSchema: s}
}
`, "jsonschema-go T: the type is a type parameter, known per instantiation"},
		{"depthlimit", tool(forIn+"\n\ta := s\n\tb := a\n\tc := b\n\td := c\n\te := d", "e"), "jsonschema-go In"},
		{"beyonddepthlimit", tool(forIn+"\n\ta := s\n\tb := a\n\tc := b\n\td := c\n\te := d\n\tg := e", "g"), "none"},
		{"reflect", tool("", "invopop.Reflect(&In{})"), "invopop *In"},
		{"reflectinterface", tool("", "invopop.Reflect(anyValue)"), "invopop <nil>: the reflected type is computed at run time"},
		{"reflectfromtype", tool("", "invopop.ReflectFromType(reflect.TypeFor[In]())"), "invopop In"},
		{"reflector", tool(`r := &invopop.Reflector{ExpandedStruct: true, DoNotReference: true, AllowAdditionalProperties: true, RequiredFromJSONSchemaTags: true, Anonymous: true, AssignAnchor: true, BaseSchemaID: "https://x"}`, "r.Reflect(In{})"),
			"invopop In expanded required-from-tags no-refs additional anonymous anchor id=https://x"},
		{"reflectorinline", tool("", "(&invopop.Reflector{ExpandedStruct: false}).Reflect(In{})"), "invopop In"},
		{"reflectornew", tool("", "new(invopop.Reflector).Reflect(In{})"), "invopop In"},
		{"reflectorunmirrored", tool("", "(&invopop.Reflector{Mapper: nil}).Reflect(In{})"), "invopop In: Reflector.Mapper is not mirrored"},
		{"reflectornotconstant", tool("", "(&invopop.Reflector{ExpandedStruct: flag}).Reflect(In{})"), "invopop In: Reflector.ExpandedStruct is not a constant"},
		{"reflectorunkeyed", tool("", "(&invopop.Reflector{}).Reflect(In{})"), "invopop In"},
		{"reflectorbuilt", `func reflector() *invopop.Reflector { return &invopop.Reflector{} }
` + tool("", "reflector().Reflect(In{})"), "invopop In: the Reflector is built at run time"},
		{"reflectortwice", tool("r := &invopop.Reflector{}\n\tif flag {\n\t\tr = &invopop.Reflector{ExpandedStruct: true}\n\t}", "r.Reflect(In{})"),
			"invopop In: the Reflector is assigned more than once"},
		{"reflectorchanged", tool("r := &invopop.Reflector{}\n\tr.ExpandedStruct = true", "r.Reflect(In{})"),
			"invopop In: the Reflector is changed after it is written"},
		{"reflectorused", tool("r := &invopop.Reflector{}\n\t_ = r.AddGoComments(\"m\", \"./\")", "r.Reflect(In{})"),
			"invopop In: the Reflector is changed through r.AddGoComments"},
		{"notalibrary", tool("", "json.RawMessage(`{}`)"), "none"},
		// A helper that reflects the schema from the handler it is given (`fn any`): known
		// at each call from the argument's static type.
		{"argin", reflecting(`s, _ := jsonschema.ForType(reflect.TypeOf(fn).In(2), nil)`, "s", "handle"), "jsonschema-go In"},
		{"argvalue", reflecting("v := reflect.ValueOf(fn)\n\tt := v.Type()\n\ts, _ := jsonschema.ForType(t.In(2), nil)", "s", "handle"), "jsonschema-go In"},
		{"argnew", reflecting("", "invopop.Reflect(reflect.New(reflect.TypeOf(fn).In(2)).Interface())", "handle"), "invopop *In"},
		{"argnewelem", reflecting("", "invopop.Reflect(reflect.New(reflect.TypeOf(fn).In(2)).Elem().Interface())", "handle"), "invopop In"},
		{"argfromtype", reflecting("", "invopop.ReflectFromType(reflect.TypeOf(fn).In(2))", "handle"), "invopop In"},
		{"argown", reflecting(`s, _ := jsonschema.ForType(reflect.TypeOf(fn), nil)`, "s", "In{}"), "jsonschema-go In"},
		{"arginterface", reflecting(`s, _ := jsonschema.ForType(reflect.TypeOf(fn).In(2), nil)`, "s", "anyHandler"),
			"jsonschema-go <nil>: the type is reflected from a function's argument, known per call"},
		{"argindexvaries", reflecting("i := 2\n\tif flag {\n\t\ti = 1\n\t}\n\ts, _ := jsonschema.ForType(reflect.TypeOf(fn).In(i), nil)", "s", "handle"),
			"jsonschema-go <nil>: the reflected type is computed at run time"},
	}
	srcs := map[string]string{}
	for _, c := range cases {
		srcs[c.name] = c.src
	}
	got := libraryOf(t, srcs)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, got[c.name])
		})
	}
}

// TestLibraryString: each library is named as the docs and messages name it.
func TestLibraryString(t *testing.T) {
	assert.Equal(t, "jsonschema-go", schemalib.JSONSchemaGo.String())
	assert.Equal(t, "invopop", schemalib.Invopop.String())
	assert.Equal(t, "unknown", schemalib.Library(0).String())
}

// TestInstantiate: a schema built from a type parameter (or a pointer or slice of one) is
// known again for one instantiation; any other use of a type parameter stays as it is.
func TestInstantiate(t *testing.T) {
	const src = `package p

func g[K comparable, T any]() {}

var _ = g[string, int]

type M[T any] map[string]T
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	require.NoError(t, err)
	info := &types.Info{Instances: map[*ast.Ident]types.Instance{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info)
	require.NoError(t, err)
	sig := pkg.Scope().Lookup("g").Type().(*types.Signature)
	params := sig.TypeParams()
	var args *types.TypeList
	for id, inst := range info.Instances {
		if id.Name == "g" {
			args = inst.TypeArgs
		}
	}
	require.NotNil(t, args)
	k, tp := params.At(0), params.At(1)
	const typeParamUnknown = "the type is a type parameter, known per instantiation"
	q := func(t types.Type) string { return types.TypeString(t, nil) }

	cases := []struct {
		name        string
		typ         types.Type
		unknown     string
		wantType    string
		wantUnknown string
	}{
		{"typeparam", tp, typeParamUnknown, "int", ""},
		{"second", k, typeParamUnknown, "string", ""},
		{"pointer", types.NewPointer(tp), typeParamUnknown, "*int", ""},
		{"sliceofpointers", types.NewSlice(types.NewPointer(tp)), typeParamUnknown, "[]*int", ""},
		{"map", types.NewMap(types.Typ[types.String], tp), typeParamUnknown, "map[string]T", typeParamUnknown},
		{"otherreason", tp, "the schema is changed after the library builds it", "int", "the schema is changed after the library builds it"},
		{"concrete", types.Typ[types.Bool], "", "bool", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ls := &schemalib.Schema{Library: schemalib.JSONSchemaGo, Type: c.typ, Unknown: c.unknown}
			got := ls.Instantiate(params, args)
			assert.Equal(t, c.wantType, q(got.Type))
			assert.Equal(t, c.wantUnknown, got.Unknown)
			assert.Equal(t, c.typ, ls.Type, "the receiver is not changed")
		})
	}
	t.Run("unchanged", func(t *testing.T) {
		var none *schemalib.Schema
		assert.Nil(t, none.Instantiate(params, args))
		ls := &schemalib.Schema{Type: tp, Unknown: typeParamUnknown}
		assert.Same(t, ls, ls.Instantiate(nil, args), "no type parameters")
		assert.Same(t, ls, ls.Instantiate(params, nil), "no type arguments")
		one := pkg.Scope().Lookup("M").Type().(*types.Named).TypeParams()
		assert.Same(t, ls, ls.Instantiate(one, args), "as many parameters as arguments")
		noType := &schemalib.Schema{Unknown: "x"}
		assert.Same(t, noType, noType.Instantiate(params, args))
	})
}
