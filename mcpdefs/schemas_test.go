package mcpdefs_test

import (
	"fmt"
	"go/types"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

// renderJSON prints a JSON tree in a compact form that needs no escaping in want patterns:
// {k:v,...} objects, <a,...> arrays, DYN for unknown values, ~ after a partial container.
func renderJSON(j *jsonvalue.Value) string {
	if j == nil {
		return "NIL"
	}
	if j.Invalid {
		return "INVALID"
	}
	partial := ""
	if j.Partial {
		partial = "~"
	}
	switch j.Kind {
	case jsonvalue.Object:
		var parts []string
		for _, m := range j.Members {
			parts = append(parts, m.Key+":"+renderJSON(m.Value))
		}
		return "{" + strings.Join(parts, ",") + "}" + partial
	case jsonvalue.Array:
		var parts []string
		for _, e := range j.Elems {
			parts = append(parts, renderJSON(e))
		}
		return "<" + strings.Join(parts, ",") + ">" + partial
	case jsonvalue.String:
		return j.Str
	case jsonvalue.Number:
		return fmt.Sprint(j.Num)
	case jsonvalue.Bool:
		return fmt.Sprint(j.Bool)
	case jsonvalue.Null:
		return "null"
	}
	return "DYN"
}

func renderSource(s mcpmodel.SchemaSource) string {
	q := func(t types.Type) string { return types.TypeString(t, (*types.Package).Name) }
	switch s.Origin {
	case mcpmodel.SchemaAbsent:
		return "absent"
	case mcpmodel.SchemaInferred:
		kind := map[mcpmodel.Inference]string{mcpmodel.InferGoSDK: "", mcpmodel.InferMarkLabs: "m3:"}[s.Inference]
		return "inferred:" + kind + q(s.Type)
	case mcpmodel.SchemaHandBuilt:
		return "handbuilt:" + renderJSON(s.JSON)
	case mcpmodel.SchemaProperties:
		return "properties:" + renderJSON(s.JSON)
	case mcpmodel.SchemaDefault:
		return "default" + renderJSON(s.JSON)
	}
	return "unknown"
}

// describeSchemas reports the schema sources and the other facts recognition adds for the
// definition rules.
var describeSchemas = &analysis.Analyzer{
	Name:       "describeschemas",
	Doc:        "test-only: reports schema sources, mutation, omitted handlers and prompt arguments",
	Requires:   []*analysis.Analyzer{mcpdefs.Analyzer},
	ResultType: reflect.TypeFor[bool](),
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[mcpdefs.Analyzer].(*mcpdefs.Result)
		for _, d := range res.Definitions {
			var b strings.Builder
			switch d.Kind {
			case mcpmodel.Tool:
				fmt.Fprintf(&b, "schema in=%s out=%s", renderSource(d.Input), renderSource(d.Output))
			case mcpmodel.Prompt:
				b.WriteString("prompt args=")
				var args []string
				for _, a := range d.PromptArgs {
					desc := "-"
					if a.Description.Static {
						desc = a.Description.Str
					}
					args = append(args, a.Name.Str+":"+desc)
				}
				b.WriteString(strings.Join(args, ","))
			default:
				continue
			}
			if d.Mutated {
				b.WriteString(" mutated")
			}
			if d.HandlerOmitted {
				b.WriteString(" omitted")
			}
			if d.Annotations.Dynamic {
				b.WriteString(" annotations=dynamic")
			}
			if d.Annotations.DestructiveDefault != nil {
				b.WriteString(" defaults")
			}
			pass.Reportf(d.Node.Pos(), "%s", b.String())
		}
		return true, nil
	},
}

// schemaFixtures loads the schema fixtures once for the tests below.
var schemaFixtures = sync.OnceValues(func() ([]*packages.Package, error) {
	return fixtures.Load("./recognition/schemas", "./recognition/m3schemas")
})

func TestSchemaSources(t *testing.T) {
	pkgs, err := schemaFixtures()
	require.NoError(t, err)
	fixtures.Run(t, pkgs, describeSchemas).Check(t, "recognition/schemas", "recognition/m3schemas")
}

// formatKeys reports every "format" key of a hand-built input schema at the key's position.
var formatKeys = &analysis.Analyzer{
	Name:       "formatkeys",
	Doc:        "test-only: reports format keys at their positions",
	Requires:   []*analysis.Analyzer{mcpdefs.Analyzer},
	ResultType: reflect.TypeFor[bool](),
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[mcpdefs.Analyzer].(*mcpdefs.Result)
		for _, d := range res.Definitions {
			if m := d.Input.JSON.Member("format"); m != nil {
				pass.Reportf(m.KeyPos, "format key of %s", d.Name.Str)
			}
		}
		return true, nil
	},
}

func TestJSONPositionsInRawStrings(t *testing.T) {
	pkgs, err := schemaFixtures()
	require.NoError(t, err)
	var got []string
	for _, d := range fixtures.Run(t, pkgs, formatKeys).Diagnostics {
		got = append(got, fmt.Sprintf("%s:%d:%d", filepath.Base(d.Position.Filename), d.Position.Line, d.Position.Column))
	}
	// rawpos.go line 15 is `		"format": "uri"` inside a raw string: column 3 is the key's
	// opening quote. Top-level format keys exist nowhere else.
	assert.Equal(t, []string{"rawpos.go:15:3"}, got)
}
