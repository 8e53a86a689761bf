package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestInstallAsGoTool follows the README's install section in a fresh module, as a user of
// their own server would:
//
//	go get -tool github.com/mcplint/mcplint/cmd/mcplint
//	go tool mcplint ./...
//
// mcplint is not published on the module proxy, so the module carries a replace pointing at
// this checkout, and the go command runs with GOPROXY=off (the module cache holds every
// dependency, since this repository builds) and this repository's go.sum (the checksums go get
// would otherwise fetch from sum.golang.org). Without the replace, the two commands are what
// the README says.
func TestInstallAsGoTool(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcplint in a fresh module")
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	repoMod, err := os.ReadFile(filepath.Join(repo, "go.mod"))
	require.NoError(t, err)
	sdk := regexp.MustCompile(`(?m)^\s*github\.com/modelcontextprotocol/go-sdk (v\S+)`).FindSubmatch(repoMod)
	require.NotNil(t, sdk, "mcplint's go.mod requires go-sdk")
	sum, err := os.ReadFile(filepath.Join(repo, "go.sum"))
	require.NoError(t, err)

	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/myserver\n\ngo 1.26\n\n" +
			"require github.com/modelcontextprotocol/go-sdk " + string(sdk[1]) + "\n\n" +
			"// mcplint is not published yet: use this checkout.\n" +
			"replace github.com/mcplint/mcplint => " + repo + "\n",
		"go.sum": string(sum),
		"tools/tools.go": `package tools

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Get answers with a result and an error: the SDK drops the result.
func Get(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, errors.New("not found")
}
`,
	}
	for name, text := range files {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}

	goCmd := func(env []string, args ...string) (stdout, stderr string, code int) {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(append(os.Environ(), "GOPROXY=off", "GOFLAGS=", "GOWORK=off"), env...)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else {
			require.NoError(t, err)
		}
		return out.String(), errOut.String(), code
	}

	// The user's server as it is before mcplint: a tidy module that builds. (Offline, tidy
	// cannot ask sum.golang.org about go-sdk's test-only dependencies, which this repository's
	// go.sum does not list; the module cache verified them when it downloaded them.)
	_, stderr, code := goCmd([]string{"GOSUMDB=off"}, "mod", "tidy")
	require.Equal(t, 0, code, stderr)
	_, stderr, code = goCmd(nil, "build", "./...")
	require.Equal(t, 0, code, stderr)

	// Offline, go get finds mcplint's checksums where it would have fetched them from
	// sum.golang.org: in this repository's go.sum (tidy dropped the ones the server does not use).
	tidied, err := os.ReadFile(filepath.Join(dir, "go.sum"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.sum"), append(tidied, sum...), 0o644))

	// The two steps of the README.
	_, stderr, code = goCmd(nil, "get", "-tool", "github.com/mcplint/mcplint/cmd/mcplint")
	require.Equal(t, 0, code, stderr)
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	require.NoError(t, err)
	assert.Contains(t, string(gomod), "\ntool github.com/mcplint/mcplint/cmd/mcplint\n")

	stdout, stderr, code := goCmd(nil, "tool", "mcplint", "./...")
	assert.Equal(t, 1, code, stderr)
	assert.True(t, strings.HasPrefix(stdout, "tools/tools.go:12:2: error: "), stdout)
	assert.Contains(t, stdout, "(result-and-error)")
}
