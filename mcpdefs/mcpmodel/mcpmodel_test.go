package mcpmodel_test

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// check type-checks src (standard library imports only) and returns its package and the
// types of its expressions.
func check(t *testing.T, src string) (*types.Package, *types.Info, *ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	require.NoError(t, err)
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info)
	require.NoError(t, err)
	return pkg, info, file
}

// TestBindings: the fields mcptool binds a template's variables or a prompt's arguments
// into, named as mcptool names them, with the types it cannot bind marked.
func TestBindings(t *testing.T) {
	pkg, _, _ := check(t, `package p

import "time"

type Level int

func (l *Level) UnmarshalText([]byte) error { return nil }

type Point struct{ X, Y int }

func (p *Point) UnmarshalText([]byte) error { return nil }

type Embedded struct{ Region string }

type Params struct {
	Embedded
	Owner    string `+"`uri:\"owner\" json:\"o\"`"+`
	Repo     string `+"`json:\"repo,omitempty\" jsonschema:\"the repository\"`"+`
	Skipped  string `+"`json:\"-\"`"+`
	Dash     string `+"`json:\"-,\"`"+`
	Count    *int
	Tags     []string
	Level    Level
	At       Point
	Ints     []int
	When     time.Duration
	Nested   struct{ A string }
	PtrPtr   **string
	hidden   string
}

type NotStruct string
`)
	params := types.NewPointer(pkg.Scope().Lookup("Params").Type())
	describe := func(d *mcpmodel.Definition) string {
		bs, isStruct, ok := mcpmodel.Bindings(d)
		if !ok {
			return "nothing to say"
		}
		if !isStruct {
			return "not a struct"
		}
		var out []string
		for _, b := range bs {
			s := b.Field.Name() + "=" + b.Name
			if b.Explicit {
				s += " explicit"
			}
			if b.Unsupported {
				s += " unsupported"
			}
			if b.Description != "" {
				s += " desc=" + b.Description
			}
			out = append(out, s)
		}
		return strings.Join(out, "; ")
	}
	// Dash (json:"-,") is skipped: mcptool's bind.go skips it too, unlike encoding/json.
	const fields = "Region=Region; %s; Repo=repo desc=the repository; Count=Count; Tags=Tags; Level=Level; At=At; Ints=Ints unsupported; When=When; Nested=Nested unsupported; PtrPtr=PtrPtr unsupported"
	for _, c := range []struct {
		name string
		d    *mcpmodel.Definition
		want string
	}{
		{"template", &mcpmodel.Definition{SDK: sdkapi.MCPTool, Kind: mcpmodel.ResourceTemplate, ParamsType: params}, fmt.Sprintf(fields, "Owner=owner explicit")},
		{"prompt", &mcpmodel.Definition{SDK: sdkapi.MCPTool, Kind: mcpmodel.Prompt, ParamsType: params}, fmt.Sprintf(fields, "Owner=o")},
		{"notstruct", &mcpmodel.Definition{SDK: sdkapi.MCPTool, Kind: mcpmodel.Prompt, ParamsType: pkg.Scope().Lookup("NotStruct").Type()}, "not a struct"},
		{"tool", &mcpmodel.Definition{SDK: sdkapi.MCPTool, Kind: mcpmodel.Tool, ParamsType: params}, "nothing to say"},
		{"othersdk", &mcpmodel.Definition{SDK: sdkapi.GoSDK, Kind: mcpmodel.Prompt, ParamsType: params}, "nothing to say"},
		{"notype", &mcpmodel.Definition{SDK: sdkapi.MCPTool, Kind: mcpmodel.Prompt}, "nothing to say"},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, describe(c.d))
		})
	}
}

// TestErrorModeOf: a handler's error goes its way, except a value of an excepted type,
// bare or wrapped with %w, which goes the other way.
func TestErrorModeOf(t *testing.T) {
	pkg, info, file := check(t, `package p

import "fmt"

type Hard struct{}

func (*Hard) Error() string { return "" }

var (
	hard  = &Hard{}
	plain = fmt.Errorf("x")
	wrapped = fmt.Errorf("ctx: %w", hard)
	printed = fmt.Errorf("ctx: %v", hard)
)
`)
	values := map[string]ast.Expr{}
	for _, d := range file.Decls {
		if gd, ok := d.(*ast.GenDecl); ok {
			for _, s := range gd.Specs {
				if vs, ok := s.(*ast.ValueSpec); ok {
					values[vs.Names[0].Name] = vs.Values[0]
				}
			}
		}
	}
	hardType := types.NewPointer(pkg.Scope().Lookup("Hard").Type())
	for _, c := range []struct {
		name   string
		errors mcpmodel.ErrorMode
		except []types.Type
		value  string
		want   mcpmodel.ErrorMode
	}{
		{"noexcept", mcpmodel.ToolError, nil, "hard", mcpmodel.ToolError},
		{"excepted", mcpmodel.ToolError, []types.Type{hardType}, "hard", mcpmodel.ProtocolError},
		{"exceptedother way", mcpmodel.ProtocolError, []types.Type{hardType}, "hard", mcpmodel.ToolError},
		{"other", mcpmodel.ToolError, []types.Type{hardType}, "plain", mcpmodel.ToolError},
		{"wrapped", mcpmodel.ToolError, []types.Type{hardType}, "wrapped", mcpmodel.ProtocolError},
		{"printed", mcpmodel.ToolError, []types.Type{hardType}, "printed", mcpmodel.ToolError},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := &mcpmodel.Handler{Errors: c.errors, Except: c.except}
			assert.Equal(t, c.want, h.ErrorModeOf(info, values[c.value]))
		})
	}
	t.Run("nil", func(t *testing.T) {
		h := &mcpmodel.Handler{Errors: mcpmodel.ToolError, Except: []types.Type{hardType}}
		assert.Equal(t, mcpmodel.ToolError, h.ErrorModeOf(info, nil))
	})
}

// TestVersionedWire: what the wire carries for a handler or a tool, by SDK and version.
func TestVersionedWire(t *testing.T) {
	v := mcpmodel.Versions{GoSDK: "v1.6.1", MarkLabs: "v0.45.0"}
	assert.Equal(t, "v1.6.1", v.Of(sdkapi.GoSDK))
	assert.Equal(t, "v1.6.1", v.Of(sdkapi.MCPTool), "mcptool runs on go-sdk")
	assert.Equal(t, "v0.45.0", v.Of(sdkapi.MarkLabs))
	assert.Equal(t, "", v.Of(sdkapi.SDK(0)))

	assert.Equal(t, "go-sdk v1.6.1 sends JSON-RPC code 0", (&mcpmodel.Handler{SDK: sdkapi.GoSDK, Version: "v1.6.1"}).WireErrorCode())
	assert.Equal(t, "mcp-go sends JSON-RPC -32603", (&mcpmodel.Handler{SDK: sdkapi.MarkLabs}).WireErrorCode())
	assert.Equal(t, "", (&mcpmodel.Handler{Flavour: mcpmodel.GoSDKTypedTool}).NilResultOutcome(), "a typed handler may return (nil, nil)")

	for _, c := range []struct {
		sdk     sdkapi.SDK
		version string
		hint    string
		want    bool
	}{
		{sdkapi.GoSDK, "v1.6.1", "readOnlyHint", true},
		{sdkapi.GoSDK, "v1.6.1", "idempotentHint", true},
		{sdkapi.MCPTool, "v1.6.1", "readOnlyHint", true},
		{sdkapi.GoSDK, "v1.7.0", "readOnlyHint", false},
		{sdkapi.GoSDK, "", "readOnlyHint", false},
		{sdkapi.GoSDK, "v1.6.1", "destructiveHint", false},
		{sdkapi.MarkLabs, "v1.6.1", "readOnlyHint", false},
		{sdkapi.GoSDK, "not-a-version", "readOnlyHint", false},
	} {
		t.Run(fmt.Sprintf("%s %s %s", c.sdk, c.version, c.hint), func(t *testing.T) {
			assert.Equal(t, c.want, mcpmodel.Versions{GoSDK: c.version, MarkLabs: c.version}.HintOmittedWhenFalse(c.sdk, c.hint))
		})
	}
	assert.False(t, mcpmodel.Versions{}.HeaderAnnotationsChecked(sdkapi.SDK(0)))
	assert.Empty(t, mcpmodel.Versions{}.Revisions(sdkapi.SDK(0)))
}

// TestNames: kinds, flavours, shapes and error modes are named as messages and -v name them.
func TestNames(t *testing.T) {
	assert.Equal(t, []string{"tool", "resource", "resource template", "prompt", "unknown"},
		[]string{mcpmodel.Tool.String(), mcpmodel.Resource.String(), mcpmodel.ResourceTemplate.String(), mcpmodel.Prompt.String(), mcpmodel.Kind(0).String()})
	assert.Equal(t, "AdaptedTool", mcpmodel.AdaptedTool.String())
	assert.Equal(t, "FlavourUnknown", mcpmodel.Flavour(1000).String())
	assert.Equal(t, "adapter:reflect", mcpmodel.ShapeReflect.String())
	assert.Equal(t, "unknown", mcpmodel.Shape(-1).String())
	assert.Equal(t, "unknown", mcpmodel.Shape(1000).String())
	for s, adapter := range map[mcpmodel.Shape]bool{mcpmodel.ShapeSDK: false, mcpmodel.ShapeDelegate: false, mcpmodel.ShapePassThrough: true, mcpmodel.ShapeReflect: true} {
		assert.Equal(t, adapter, s.Adapter(), s.String())
	}
	assert.Equal(t, "tool-error", (&mcpmodel.Handler{Errors: mcpmodel.ToolError}).ErrorsReach())
	assert.Equal(t, "protocol-error", (&mcpmodel.Handler{Errors: mcpmodel.ProtocolError}).ErrorsReach())
	assert.Equal(t, "unknown", (&mcpmodel.Handler{}).ErrorsReach())
	assert.True(t, (&mcpmodel.Handler{SDK: sdkapi.MCPTool}).NotExistIsNotFound())
	assert.False(t, (&mcpmodel.Handler{SDK: sdkapi.GoSDK}).NotExistIsNotFound())
}

// TestURITemplate: a parsed template lists its variables and matches the URIs it expands to.
func TestURITemplate(t *testing.T) {
	tmpl, err := mcpmodel.ParseURITemplate("repo://{owner}/{repo}{?ref}")
	require.NoError(t, err)
	assert.Equal(t, []string{"owner", "repo", "ref"}, tmpl.Vars())
	assert.True(t, tmpl.Matches("repo://golang/go"))
	assert.False(t, tmpl.Matches("file:///x"))
	_, err = mcpmodel.ParseURITemplate("x://{a")
	assert.Error(t, err)
}

// TestUnsupported: go-sdk's pre-release versions are named, only for a package that uses
// go-sdk; v1.0.0, newer ones, unknown ones and old mcp-go versions (read alike) are not.
func TestUnsupported(t *testing.T) {
	both := func(sdkapi.SDK) bool { return true }
	onlyMarkLabs := func(s sdkapi.SDK) bool { return s == sdkapi.MarkLabs }
	cases := []struct {
		v    mcpmodel.Versions
		uses func(sdkapi.SDK) bool
		want []string
	}{
		{mcpmodel.Versions{GoSDK: "v0.1.0"}, both, []string{"go-sdk v0.1.0 (before v1.0.0)"}},
		{mcpmodel.Versions{GoSDK: "v0.1.0"}, onlyMarkLabs, nil},
		{mcpmodel.Versions{GoSDK: "v1.0.0", MarkLabs: "v0.25.0"}, both, nil},
		{mcpmodel.Versions{GoSDK: "v1.9.0", MarkLabs: "v0.17.1"}, both, nil},
		{mcpmodel.Versions{}, both, nil},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, c.v.Unsupported(c.uses), "%+v", c.v)
	}
}
