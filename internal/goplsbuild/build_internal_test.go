package goplsbuild

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/mod/modfile"
)

func TestPinFor(t *testing.T) {
	for goVersion, want := range map[string]string{
		"go1.26.8":              "v0.23.0",
		"go1.26.0":              "v0.23.0",
		"go1.27.3":              "v0.24.0",
		"go1.27rc1":             "v0.24.0",
		"go1.27.3 X:greenteagc": "v0.24.0",
		"go1.30.1":              "v0.24.0", // newer than any pin: the newest pin builds
	} {
		got, err := PinFor(goVersion)
		if assert.NoError(t, err, goVersion) {
			assert.Equal(t, want, got, goVersion)
		}
	}
	for _, bad := range []string{"go1.25.7", "devel go1.28-abcdef", ""} {
		_, err := PinFor(bad)
		assert.Error(t, err, bad)
	}
}

const goplsGoMod = `module golang.org/x/tools/gopls

go 1.26.0

require (
	github.com/modelcontextprotocol/go-sdk v1.6.0
	golang.org/x/tools v0.47.1-0.20260707181000-a299dadba899
)
`

// TestRequireHoldsToolsAtGoplsPin: the build's go.mod requires mcplint and replaces x/tools by
// the version gopls requires, whatever mcplint's own requirement would raise it to.
func TestRequireHoldsToolsAtGoplsPin(t *testing.T) {
	for _, src := range []Source{{Version: "v0.19.0"}, {Dir: t.TempDir()}} {
		dir := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(goplsGoMod), 0o644))
		tools, err := editGoMod(dir, src)
		require.NoError(t, err)
		assert.Equal(t, "v0.47.1-0.20260707181000-a299dadba899", tools)
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		require.NoError(t, err)
		f, err := modfile.Parse("go.mod", data, nil)
		require.NoError(t, err)
		replaced := map[string]string{}
		for _, r := range f.Replace {
			replaced[r.Old.Path] = r.New.Path + "@" + r.New.Version
		}
		assert.Equal(t, "golang.org/x/tools@v0.47.1-0.20260707181000-a299dadba899", replaced["golang.org/x/tools"])
		required := map[string]string{}
		for _, r := range f.Require {
			required[r.Mod.Path] = r.Mod.Version
		}
		if src.Dir != "" {
			assert.Equal(t, "v0.0.0", required[Module])
			assert.Equal(t, src.Dir+"@", replaced[Module])
		} else {
			assert.Equal(t, "v0.19.0", required[Module])
			assert.NotContains(t, replaced, Module)
		}
	}
}

func TestRequireWithoutToolsFails(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module golang.org/x/tools/gopls\n\ngo 1.26.0\n"), 0o644))
	_, err := editGoMod(dir, Source{Version: "v0.19.0"})
	assert.ErrorContains(t, err, "requires no golang.org/x/tools")
}

// TestRunningSourceIsTheCheckout: a test binary is a build inside the checkout (version
// "(devel)"), so the source is the checkout itself.
func TestRunningSourceIsTheCheckout(t *testing.T) {
	src, err := RunningSource()
	require.NoError(t, err)
	want, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	assert.Equal(t, want, src.Dir)
	assert.Empty(t, src.Version)
}
