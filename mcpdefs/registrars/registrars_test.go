package registrars

import (
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

// registrarsOf lists, for each package of the fixtures, what each of its functions and
// methods registers ("-" for none), as the analyzer's result there says.
func registrarsOf(t *testing.T, patterns ...string) map[string][]string {
	t.Helper()
	pkgs, err := fixtures.Load(patterns...)
	if err != nil {
		t.Fatal(err)
	}
	return fixtures.PerPackage(t, pkgs, Analyzer, func(pass *analysis.Pass) []string {
		res := pass.ResultOf[Analyzer].(*Result)
		var out []string
		for _, name := range pass.Pkg.Scope().Names() {
			obj := pass.Pkg.Scope().Lookup(name)
			fns := []*types.Func{}
			if fn, ok := obj.(*types.Func); ok {
				fns = append(fns, fn)
			}
			if tn, ok := obj.(*types.TypeName); ok {
				if n, ok := tn.Type().(*types.Named); ok {
					for i := range n.NumMethods() {
						fns = append(fns, n.Method(i))
					}
				}
			}
			for _, fn := range fns {
				desc := "-"
				if f := res.Of(fn); f != nil {
					desc = f.String()
				}
				if f := res.NamedOf(fn); f != nil {
					desc = f.String()
				}
				out = append(out, fn.Name()+": "+desc)
			}
		}
		return out
	})
}

// TestRegistrarsFromBodies: a function that hands its parameters to an SDK registration (or
// to another registrar) in its own body is a registrar; one that registers later (in a
// closure), stores, or registers a definition of its own is not. One that registers, with
// its handler parameter, what a map holds under its string parameter registers by name.
func TestRegistrarsFromBodies(t *testing.T) {
	got := registrarsOf(t, "./recognition/registrars/lib")
	assert.Equal(t, []string{
		"All: registrar(unknown def=1 handler=-1 via " + sdkapi.MarkLabsServerPath + ".MCPServer.AddTools)",
		"ByIndex: -",
		"ByName: named registrar(tool name=2 handler=3)",
		"Chained: registrar(tool def=2 handler=1 via " + sdkapi.GoSDKMCPPath + ".Server.AddTool)",
		"Fixed: -",
		"Add: -",
		"Later: -",
		"Low: registrar(tool def=1 handler=2 via " + sdkapi.GoSDKMCPPath + ".Server.AddTool)",
		"Typed: registrar(tool def=1 handler=2 via " + sdkapi.GoSDKMCPPath + ".AddTool)",
	}, got["lib"])
}

// TestRegistrarsCrossPackages: another package sees the registrars of the packages it
// imports, through their facts, and has none of its own.
func TestRegistrarsCrossPackages(t *testing.T) {
	pkgs, err := fixtures.Load("./recognition/registrars/lib", "./recognition/registrars/use")
	if err != nil {
		t.Fatal(err)
	}
	got := fixtures.PerPackage(t, pkgs, Analyzer, func(pass *analysis.Pass) []string {
		res := pass.ResultOf[Analyzer].(*Result)
		var out []string
		for _, imp := range pass.Pkg.Imports() {
			if !strings.HasSuffix(imp.Path(), "/lib") {
				continue
			}
			for _, name := range []string{"Typed", "Chained", "Later"} {
				fn, _ := imp.Scope().Lookup(name).(*types.Func)
				out = append(out, name+": "+map[bool]string{true: "registrar", false: "-"}[res.Of(fn) != nil])
			}
		}
		return out
	})
	assert.Equal(t, []string{"Typed: registrar", "Chained: registrar", "Later: -"}, got["use"])
}

// TestSDKRegistrationsNameSDKFunctions: every registration function's key names a function or
// method of the SDKs; one that does not (a typo, an API renamed) would never match a call.
func TestSDKRegistrationsNameSDKFunctions(t *testing.T) {
	pkgs, err := fixtures.LoadSources(map[string]string{"inline/registrars/sdks": `package sdks

import (
	_ "github.com/mark3labs/mcp-go/server"
	_ "github.com/modelcontextprotocol/go-sdk/mcp"
	_ "github.com/mcplint-go/mcplint/mcptool"
)
`})
	if err != nil {
		t.Fatal(err)
	}
	keys := fixtures.PerPackage(t, pkgs, Analyzer, func(pass *analysis.Pass) []string {
		var keys []string
		for _, imp := range pass.Pkg.Imports() {
			for _, name := range imp.Scope().Names() {
				switch obj := imp.Scope().Lookup(name).(type) {
				case *types.Func:
					keys = append(keys, sdkapi.Key(obj))
				case *types.TypeName:
					if n, ok := obj.Type().(*types.Named); ok {
						for i := range n.NumMethods() {
							keys = append(keys, sdkapi.Key(n.Method(i)))
						}
					}
				}
			}
		}
		return keys
	})["sdks"]
	for key := range sdkRegistrations {
		assert.True(t, slices.Contains(keys, key), "%s names no function of the SDKs", key)
	}
	assert.Len(t, sdkRegistrations, 27)
}
