package gen_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/internal/testkit/bench/gen"
)

func repo(t *testing.T) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	dir, err := filepath.Abs(filepath.Join(filepath.Dir(file), "..", "..", "..", ".."))
	require.NoError(t, err)
	return dir
}

func TestWriteSizesPackages(t *testing.T) {
	dir := t.TempDir()
	pkgs, err := gen.Write(dir, gen.Options{Tools: 45, PerPackage: 20, Repo: repo(t)})
	require.NoError(t, err)
	assert.Equal(t, 3, pkgs, "20 + 20 + 5 tools")
	for _, f := range []string{"go.mod", "go.sum", "server.json", "cmd/server/main.go", "tools/t0002/tools.go", "tools/t0002/service.go"} {
		assert.FileExists(t, filepath.Join(dir, f))
	}
	assert.NoFileExists(t, filepath.Join(dir, "tools/t0003/tools.go"))
}

func TestWriteRejectsBadOptions(t *testing.T) {
	_, err := gen.Write(t.TempDir(), gen.Options{Tools: 0, Repo: repo(t)})
	assert.ErrorContains(t, err, "Tools")
	_, err = gen.Write(t.TempDir(), gen.Options{Tools: 3})
	assert.ErrorContains(t, err, "Repo")
}

// TestGeneratedServerBuilds proves the generated code is real Go against the real SDKs: it
// builds offline from the module cache the fixture module fills.
func TestGeneratedServerBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the SDKs")
	}
	dir := t.TempDir()
	_, err := gen.Write(dir, gen.Options{Tools: 8, PerPackage: 4, Repo: repo(t)})
	require.NoError(t, err)
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), gen.Env()...)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
}
