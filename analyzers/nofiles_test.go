package analyzers_test

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcplint-go/mcplint/analyzers"
)

// TestAnalyzersTolerateAPassWithoutFiles runs every analyzer of the registry, every rule
// enabled, on packages known only by their types: no files, nil TypesInfo. Both import an
// SDK package, so recognition does not bail out on reachability, and one is a main package
// of the module, the server.json check's starting point. No analyzer may fail or report.
func TestAnalyzersTolerateAPassWithoutFiles(t *testing.T) {
	cfg := analyzers.NewConfig()
	cfg.Enable = []string{"all"}
	cfg.Portability = "strict"
	as, err := analyzers.New(cfg)
	require.NoError(t, err)

	sdk := types.NewPackage("github.com/modelcontextprotocol/go-sdk/mcp", "mcp")
	stub := func(path, name string) *packages.Package {
		pkg := types.NewPackage(path, name)
		pkg.SetImports([]*types.Package{sdk})
		pkg.MarkComplete()
		return &packages.Package{
			ID: path, Name: name, PkgPath: path, Types: pkg,
			Fset: token.NewFileSet(), TypesSizes: types.SizesFor("gc", "amd64"),
			Module: &packages.Module{Path: "example.com/srv", Main: true},
		}
	}
	lib, main := stub("example.com/srv/tools", "tools"), stub("example.com/srv", "main")
	main.Imports = map[string]*packages.Package{lib.PkgPath: lib}

	g, err := checker.Analyze(as, []*packages.Package{main, lib}, &checker.Options{Sequential: true})
	require.NoError(t, err)
	ran := 0
	for act := range g.All() {
		ran++
		assert.NoError(t, act.Err, act.String())
		assert.Empty(t, act.Diagnostics, act.String())
	}
	assert.GreaterOrEqual(t, ran, 2*len(as))
}
