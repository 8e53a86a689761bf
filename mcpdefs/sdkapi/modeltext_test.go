package sdkapi_test

import (
	"go/types"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"

	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// field is a struct field of a named type, as a pointer to that type.
type field struct {
	owner types.Type
	name  string
}

// sdkObjects lists every function, method and struct field the SDKs and jsonschema-go
// declare at package level, as one load sees them. (A field is listed per type: a type
// defined from another, such as jsonschema's schemaWithoutMethods, shares its fields.)
func sdkObjects(t *testing.T) (funcs []*types.Func, fields []field) {
	t.Helper()
	pkgs, err := fixtures.LoadSources(map[string]string{"inline/sdkapi/modeltext": `package modeltext

import (
	_ "github.com/google/jsonschema-go/jsonschema"
	_ "github.com/mark3labs/mcp-go/mcp"
	_ "github.com/modelcontextprotocol/go-sdk/mcp"
)
`})
	require.NoError(t, err)
	type objects struct {
		funcs  []*types.Func
		fields []field
	}
	got := fixtures.PerPackage(t, pkgs, inspect.Analyzer, func(pass *analysis.Pass) objects {
		var o objects
		for _, imp := range pass.Pkg.Imports() {
			for _, name := range imp.Scope().Names() {
				switch obj := imp.Scope().Lookup(name).(type) {
				case *types.Func:
					o.funcs = append(o.funcs, obj)
				case *types.TypeName:
					n, ok := obj.Type().(*types.Named)
					if !ok {
						continue
					}
					for i := range n.NumMethods() {
						o.funcs = append(o.funcs, n.Method(i))
					}
					if st, ok := n.Underlying().(*types.Struct); ok {
						for i := range st.NumFields() {
							o.fields = append(o.fields, field{types.NewPointer(n), st.Field(i).Name()})
						}
					}
				}
			}
		}
		return o
	})["modeltext"]
	require.NotEmpty(t, got.funcs)
	return got.funcs, got.fields
}

// TestModelTextNamesSDKAPIs: every constructor and field the model-text vocabulary lists is
// one the SDKs have (a name misspelt or renamed upstream would silently never match), and
// what each becomes is as the SDKs build it.
func TestModelTextNamesSDKAPIs(t *testing.T) {
	funcs, fields := sdkObjects(t)
	var constructors []string
	for _, fn := range funcs {
		text, args, ok := sdkapi.ModelTextArgs(fn)
		if !ok {
			continue
		}
		constructors = append(constructors, sdkapi.Key(fn))
		switch sdkapi.Key(fn) {
		case sdkapi.MarkLabsMCPPath + ".NewToolResultErrorf":
			assert.Equal(t, sdkapi.ErrorText, text)
			assert.Equal(t, []int{0, 1}, args, "the format and its arguments")
		case sdkapi.GoSDKMCPPath + ".CallToolResult.SetError":
			assert.Equal(t, sdkapi.ErrorText, text)
			assert.Equal(t, []int{1}, args, "the receiver is SSA's first argument")
		}
	}
	sort.Strings(constructors)
	assert.Len(t, constructors, 14, "every constructor listed is found: %v", constructors)

	var named []string
	for _, f := range fields {
		if text, ok := sdkapi.ModelTextField(f.owner, f.name); ok {
			named = append(named, types.TypeString(f.owner, nil)+"."+f.name+": "+string(text))
		}
	}
	sort.Strings(named)
	assert.Len(t, named, 11, "every field listed is found: %v", named)
	assert.Contains(t, named, "*"+sdkapi.GoSDKMCPPath+".TextContent.Text: content text")
	_, _, ok := sdkapi.ModelTextArgs(nil)
	assert.False(t, ok)
}

// TestMarkLabsFieldOptionsAreMCPGos: every option the table says sets a string field is a
// function of mcp-go, and sets the field its name says.
func TestMarkLabsFieldOptionsAreMCPGos(t *testing.T) {
	funcs, _ := sdkObjects(t)
	got := map[string]sdkapi.Field{}
	for _, fn := range funcs {
		if f := sdkapi.MarkLabsFieldOption(fn); f != sdkapi.NoField {
			got[fn.Name()] = f
		}
	}
	assert.Equal(t, map[string]sdkapi.Field{
		"WithDescription": sdkapi.Description, "WithResourceDescription": sdkapi.Description,
		"WithTemplateDescription": sdkapi.Description, "WithPromptDescription": sdkapi.Description,
		"WithToolTitle": sdkapi.Title, "WithResourceTitle": sdkapi.Title, "WithTemplateTitle": sdkapi.Title,
		"WithPromptTitle": sdkapi.Title, "WithMIMEType": sdkapi.MIMEType, "WithTemplateMIMEType": sdkapi.MIMEType,
	}, got)
}
