package schemalib_test

import (
	"go/types"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

// TestFind: on a server that builds its schemas with jsonschema-go and invopop (directly,
// through generic helpers, marshalled, with Reflector options), each schema is followed to
// its library call with the type the library reflects, and a schema changed after the call,
// or built with an option the mirrors lack, is unknown with the reason.
func TestFind(t *testing.T) {
	got := map[string]string{}
	describe := &analysis.Analyzer{
		Name:       "describelibraries",
		Doc:        "test-only: lists the library schemas recognition found",
		Requires:   []*analysis.Analyzer{mcpdefs.Analyzer},
		ResultType: reflect.TypeFor[bool](),
		Run: func(pass *analysis.Pass) (any, error) {
			res := pass.ResultOf[mcpdefs.Analyzer].(*mcpdefs.Result)
			for _, d := range res.Definitions {
				if d.Converter {
					continue // mustTool's template: its calls are the tools
				}
				for field, src := range map[string]mcpmodel.SchemaSource{"input": d.Input, "output": d.Output} {
					ls := src.Library
					if ls == nil {
						continue
					}
					s := ls.Library.String() + " " + types.TypeString(ls.Type, types.RelativeTo(pass.Pkg))
					if ls.Invopop.ExpandedStruct {
						s += " expanded"
					}
					if ls.Invopop.RequiredFromJSONSchemaTags {
						s += " required-from-tags"
					}
					if ls.Unknown != "" {
						s += ": " + ls.Unknown
					}
					got[d.Name.Str+" "+field] = s
				}
			}
			return true, nil
		},
	}
	pkgs, err := fixtures.Load("./surface/libschemas")
	if err != nil {
		t.Fatal(err)
	}
	fixtures.Run(t, pkgs, describe)
	assert.Equal(t, map[string]string{
		"for_input input":        "jsonschema-go Greeting",
		"helper_input input":     "jsonschema-go Greeting",
		"reflected_greet input":  "jsonschema-go Greeting",
		"reflected_count input":  "jsonschema-go Result",
		"list_output output":     "jsonschema-go []Greeting",
		"changed_after input":    "jsonschema-go Greeting: the schema is changed after the library builds it",
		"invopop_expanded input": "invopop *Search expanded",
		"invopop_output output":  "invopop *Page",
		"from_type input":        "invopop Search expanded required-from-tags",
		"key_namer input":        "invopop *Greeting expanded: Reflector.KeyNamer is not mirrored",
		"set_later input":        "invopop *Greeting: the Reflector is changed after it is written",
	}, got)
}
