package main

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// customGCL is .custom-gcl.yml as golangci-lint custom v2.15.0 reads it
// (pkg/commands/internal/configuration.go).
type customGCL struct {
	Version     string `yaml:"version"`
	Name        string `yaml:"name"`
	Destination string `yaml:"destination"`
	Plugins     []struct {
		Module  string `yaml:"module"`
		Import  string `yaml:"import"`
		Version string `yaml:"version"`
		Path    string `yaml:"path"`
	} `yaml:"plugins"`
}

// TestCustomGCLMatchesThisModule keeps the repository's .custom-gcl.yml and this module in
// step: the same golangci-lint version and the same plugin import, so that both routes build
// the same linter.
func TestCustomGCLMatchesThisModule(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", ".custom-gcl.yml"))
	require.NoError(t, err)
	var cfg customGCL
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	require.NoError(t, dec.Decode(&cfg))

	bi, ok := debug.ReadBuildInfo()
	require.True(t, ok)
	var gclVersion string
	for _, m := range bi.Deps {
		if m.Path == golangciModule {
			gclVersion = m.Version
		}
	}
	assert.Equal(t, gclVersion, cfg.Version, ".custom-gcl.yml builds another golangci-lint than go.mod requires")

	require.Len(t, cfg.Plugins, 1)
	p := cfg.Plugins[0]
	assert.Equal(t, mcplintModule, p.Module)
	assert.Equal(t, mcplintModule+"/gclplugin", p.Import)
	assert.Equal(t, ".", p.Path, "the repository builds its own checkout")
	assert.Empty(t, p.Version, "golangci-lint custom rejects version and path together")

	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, parser.ImportsOnly)
	require.NoError(t, err)
	var imports []string
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		imports = append(imports, path)
	}
	assert.Contains(t, imports, p.Import, "main.go must import the plugin package .custom-gcl.yml names")
}

func TestBuildInfoVersionIdentifiesThePlugin(t *testing.T) {
	info := buildInfo()
	assert.True(t, strings.HasPrefix(info.Version, "2.15.0-custom-mcplint-"), info.Version)
	assert.Len(t, strings.TrimPrefix(info.Version, "2.15.0-custom-mcplint-"), 12)
	assert.Equal(t, "mcplint (devel)", info.Commit, "the plugin is the local checkout (replace ../..)")
	assert.NotEqual(t, "unknown", info.GoVersion)
}
