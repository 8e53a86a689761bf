package analyzers_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"

	"github.com/mcplint-go/mcplint/analyzers"
)

// graph is a module example.com/srv as go list describes it:
//
//	cmd/server (main) -> tools -> go-sdk/mcp
//	cmd/server        -> config -> os
//	cmd/server        -> github.com/lib/envy (another module) -> example.com/srv/util
//	plain -> strings; quiet (holds an //mcplint:ignore) -> strings
type graph struct {
	dir                                          string
	main, tools, config, util, plain, quiet, sdk *packages.Package
}

func newGraph(t *testing.T) *graph {
	t.Helper()
	dir := t.TempDir()
	own := &packages.Module{Path: "example.com/srv", Main: true, Dir: dir}
	other := &packages.Module{Path: "github.com/lib/envy", Version: "v1.0.0"}
	pkg := func(path, name, rel string, mod *packages.Module, src string) *packages.Package {
		p := &packages.Package{ID: path, PkgPath: path, Name: name, Module: mod, Imports: map[string]*packages.Package{}}
		if rel != "" {
			file := filepath.Join(dir, rel)
			require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
			require.NoError(t, os.WriteFile(file, []byte(src), 0o644))
			p.GoFiles = []string{file}
		}
		return p
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/srv\n"), 0o644))
	g := &graph{dir: dir}
	g.sdk = pkg("github.com/modelcontextprotocol/go-sdk/mcp", "mcp", "", nil, "")
	strs := pkg("strings", "strings", "", nil, "")
	g.tools = pkg("example.com/srv/tools", "tools", "tools/tools.go", own, "package tools\n")
	g.config = pkg("example.com/srv/config", "config", "config/config.go", own, "package config\n")
	g.util = pkg("example.com/srv/util", "util", "util/util.go", own, "package util\n")
	envy := pkg("github.com/lib/envy", "envy", "", other, "")
	g.main = pkg("example.com/srv/cmd/server", "main", "cmd/server/main.go", own, "package main\n")
	g.plain = pkg("example.com/srv/plain", "plain", "plain/plain.go", own, "package plain\n")
	g.quiet = pkg("example.com/srv/quiet", "quiet", "quiet/quiet.go", own, "package quiet\n\n//mcplint:ignore result-and-error kept for the test\nvar X = 1\n")
	g.tools.Imports[g.sdk.PkgPath] = g.sdk
	g.config.Imports["strings"] = strs
	envy.Imports[g.util.PkgPath] = g.util
	g.main.Imports = map[string]*packages.Package{g.tools.PkgPath: g.tools, g.config.PkgPath: g.config, envy.PkgPath: envy}
	g.plain.Imports["strings"] = strs
	g.quiet.Imports["strings"] = strs
	return g
}

func (g *graph) scope(cfg *analyzers.Config, roots ...*packages.Package) map[*packages.Package]bool {
	return analyzers.Scope(cfg)(roots)
}

func TestScopeKeepsWhatCanHoldMCPCode(t *testing.T) {
	g := newGraph(t)
	keep := g.scope(analyzers.NewConfig(), g.main, g.plain, g.quiet)
	assert.True(t, keep[g.main], "reaches the SDK through tools")
	assert.True(t, keep[g.tools], "a module dependency that reaches the SDK provides facts")
	assert.False(t, keep[g.plain], "imports nothing MCP")
	assert.True(t, keep[g.quiet], "holds a directive, which must be checked")
	// Imported by a kept package: a helper there is judged by its summary, a fact.
	assert.True(t, keep[g.config], "a main-module package a kept package imports provides helper summaries")
	assert.False(t, keep[g.sdk], "other modules are read from export data")
}

func TestScopeKeepsTheServerModulePackagesWhenThereIsAManifest(t *testing.T) {
	g := newGraph(t)
	require.NoError(t, os.WriteFile(filepath.Join(g.dir, "server.json"), []byte("{}"), 0o644))
	keep := g.scope(analyzers.NewConfig(), g.main)
	assert.True(t, keep[g.config], "the server's environment reads are compared with server.json")
	assert.False(t, keep[g.util], "reached only through another module: not the server's own code")

	cfg := analyzers.NewConfig()
	cfg.Disable = []string{"serverjson"}
	assert.True(t, g.scope(cfg, g.main)[g.config], "server.json rules off, but main imports it: helper summaries")

	cfg = analyzers.NewConfig()
	cfg.ServerJSON = "deploy/server.json"
	assert.True(t, g.scope(cfg, g.main)[g.config], "no manifest, but main imports it: helper summaries")
}

func TestScopeIgnoresDirectivesWhenTheirRulesAreOff(t *testing.T) {
	g := newGraph(t)
	cfg := analyzers.NewConfig()
	cfg.Disable = []string{"directives"}
	assert.False(t, g.scope(cfg, g.quiet)[g.quiet])
}
