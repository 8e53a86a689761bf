package driver_test

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/internal/driver"
)

// mcplintBin is the mcplint command, built once for the whole test run.
var mcplintBin string

func TestMain(m *testing.M) {
	os.Exit(func() int {
		dir, err := os.MkdirTemp("", "mcplint-bin-")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(dir)
		mcplintBin = filepath.Join(dir, "mcplint")
		build := exec.Command("go", "build", "-o", mcplintBin, "github.com/mcplint-go/mcplint/cmd/mcplint")
		if out, err := build.CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "building mcplint: %v\n%s", err, out)
			return 1
		}
		return m.Run()
	}())
}

// fixture is the absolute path of testdata/name, for runs that write nothing: running in
// place keeps the build cache warm across tests.
func fixture(t *testing.T, name string) string {
	t.Helper()
	return abs(t, filepath.Join("testdata", name))
}

// copyFixture copies testdata/name to a fresh directory, so that runs see stable relative
// paths and may write (-fix) without touching the repository.
func copyFixture(t *testing.T, name string) string {
	t.Helper()
	src := filepath.Join("testdata", name)
	dst := filepath.Join(t.TempDir(), name)
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	require.NoError(t, err)
	return dst
}

type runResult struct {
	stdout, stderr string
	code           int
}

// mcplint runs the built command in dir.
func mcplint(t *testing.T, dir string, args ...string) runResult {
	t.Helper()
	return command(t, dir, mcplintBin, args...)
}

// mcplintAlone runs the built command in dir with the module graph off: what each package's
// recognition sees alone.
func mcplintAlone(t *testing.T, dir string, args ...string) runResult {
	t.Helper()
	return commandEnv(t, dir, []string{driver.ModuleGraphEnv + "=off"}, mcplintBin, args...)
}

func command(t *testing.T, dir, name string, args ...string) runResult {
	t.Helper()
	return commandEnv(t, dir, nil, name, args...)
}

func abs(t *testing.T, path string) string {
	t.Helper()
	p, err := filepath.Abs(path)
	require.NoError(t, err)
	return p
}
