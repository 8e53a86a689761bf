package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ownRepoSection is the heading of docs/ci.md's recipe for a user's own repository.
const ownRepoSection = "### Build golangci-lint with mcplint in your repository"

// TestE2EDocsRecipeForYourRepository follows docs/ci.md's recipe in a fresh copy of a server
// repository, block by block as written: make tools/golangci-mcplint, write its main.go, get,
// tidy and build, write .golangci.yml, run. mcplint is not published on the module proxy,
// so two things are added and nothing else is changed: a replace pointing the module at this
// checkout, and the checksums sum.golang.org would give (this module's and the repository's
// go.sum), since the test runs offline from the module cache (GOPROXY=off). The build reuses
// the build cache of the other end-to-end tests (the versions tidy picks are this module's),
// so it costs a link when they ran first.
func TestE2EDocsRecipeForYourRepository(t *testing.T) {
	if os.Getenv(e2eEnv) != "1" {
		t.Skipf("set %s=1 to build golangci-lint with mcplint as docs/ci.md says (minutes when cold; .ci/run does)", e2eEnv)
	}
	blocks := sectionBlocks(t, filepath.Join("..", "..", "docs", "ci.md"), ownRepoSection)
	require.Len(t, blocks, 6, "docs/ci.md's recipe: sh (make the module), go (main.go), sh (build), yaml (.golangci.yml), sh (run), yaml (CI step)")
	for i, lang := range []string{"sh", "go", "sh", "yaml", "sh", "yaml"} {
		require.Equal(t, lang, blocks[i].lang, "block %d of the recipe", i+1)
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)

	root := filepath.Join(t.TempDir(), "yourserver")
	require.NoError(t, os.CopyFS(root, os.DirFS("testdata/server")))
	sh := func(dir, script string) string {
		t.Helper()
		cmd := exec.Command("sh", "-e", "-x", "-c", script)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s\n%s", script, out)
		return string(out)
	}

	sh(root, blocks[0].text)
	tools := filepath.Join(root, "tools", "golangci-mcplint")
	require.NoError(t, os.WriteFile(filepath.Join(tools, "main.go"), []byte(blocks[1].text), 0o644))
	// Not published: the replace and the checksums (see above).
	sh(tools, "go mod edit -replace github.com/mcplint-go/mcplint="+repo)
	var sums []byte
	for _, f := range []string{"go.sum", filepath.Join(repo, "go.sum")} {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		sums = append(sums, data...)
	}
	require.NoError(t, os.WriteFile(filepath.Join(tools, "go.sum"), sums, 0o644))

	sh(tools, blocks[2].text)
	require.FileExists(t, filepath.Join(root, "bin", "golangci-mcplint"))
	require.NoError(t, os.WriteFile(filepath.Join(root, ".golangci.yml"), []byte(blocks[3].text), 0o644))

	cmd := exec.Command("sh", "-c", blocks[4].text)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOWORK=off", "GOLANGCI_LINT_CACHE="+t.TempDir())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var exitErr *exec.ExitError
	require.ErrorAs(t, err, &exitErr, "the server has findings: %s\n%s", stdout.String(), stderr.String())
	assert.Equal(t, 1, exitErr.ExitCode(), stderr.String())
	assert.Contains(t, stdout.String(), ": result_and_error: ")
	assert.NotContains(t, stdout.String(), "(result-and-error)", "golangci-lint names the rule once, by its analyzer")

	// The CI step builds the same binary with go build -C.
	step := blocks[5].text
	build, _, ok := strings.Cut(step[strings.Index(step, "go build"):], "\n")
	require.True(t, ok, step)
	require.NoError(t, os.Remove(filepath.Join(root, "bin", "golangci-mcplint")))
	sh(root, build)
	assert.FileExists(t, filepath.Join(root, "bin", "golangci-mcplint"))
}

type block struct{ lang, text string }

// sectionBlocks returns the fenced code blocks under a heading, up to the next heading of the
// same or a higher level.
func sectionBlocks(t *testing.T, path, heading string) []block {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	level := strings.Index(heading, " ")
	var (
		out     []block
		in, got bool
		cur     block
		lines   []string
	)
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case !in && line == heading:
			got = true
		case !in && got && strings.HasPrefix(line, "#") && strings.Index(line, " ") <= level:
			return out
		case got && !in && strings.HasPrefix(line, "```"):
			in, cur, lines = true, block{lang: strings.TrimPrefix(line, "```")}, nil
		case got && in && strings.HasPrefix(line, "```"):
			in = false
			cur.text = strings.Join(lines, "\n") + "\n"
			out = append(out, cur)
		case got && in:
			lines = append(lines, line)
		}
	}
	require.True(t, got, "%s has no section %q", path, heading)
	return out
}
