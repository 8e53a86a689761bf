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

// TestInstallAsGoTool follows the README's recipe for installing from a checkout (or a fork) in
// a fresh module, as a user of their own server would:
//
//	go mod edit -require=github.com/mcplint-go/mcplint@v0.0.0 \
//	    -replace=github.com/mcplint-go/mcplint=CHECKOUT -tool=github.com/mcplint-go/mcplint/cmd/mcplint
//	go mod tidy
//	go tool mcplint ./...
//
// (go get -tool would ask the module proxy which module holds the package first, and fails
// where the proxy refuses the question; with the requirement in go.mod nothing is asked.)
//
// The go command reaches the environment's module proxy for what the module cache lacks (on a
// fresh machine, go-sdk's test-only dependencies that tidy needs, and mcplint's own), and the
// test is skipped where no proxy can be reached.
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
	env := moduleProxyEnv(t)
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/myserver\n\ngo 1.26\n\n" +
			"require github.com/modelcontextprotocol/go-sdk " + string(sdk[1]) + "\n",
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

	goCmd := func(args ...string) (stdout, stderr string, code int) {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), env...)
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

	// The user's server as it is before mcplint: a tidy module that builds.
	_, stderr, code := goCmd("mod", "tidy")
	if code != 0 {
		skipIfProxyUnreachable(t, stderr)
	}
	require.Equal(t, 0, code, stderr)
	_, stderr, code = goCmd("build", "./...")
	require.Equal(t, 0, code, stderr)

	// The README's three steps from a checkout.
	_, stderr, code = goCmd("mod", "edit", "-require=github.com/mcplint-go/mcplint@v0.0.0",
		"-replace=github.com/mcplint-go/mcplint="+repo, "-tool=github.com/mcplint-go/mcplint/cmd/mcplint")
	require.Equal(t, 0, code, stderr)
	_, stderr, code = goCmd("mod", "tidy")
	require.Equal(t, 0, code, stderr)
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	require.NoError(t, err)
	assert.Contains(t, string(gomod), "\ntool github.com/mcplint-go/mcplint/cmd/mcplint\n")

	stdout, stderr, code := goCmd("tool", "mcplint", "./...")
	assert.Equal(t, 1, code, stderr)
	assert.True(t, strings.HasPrefix(stdout, "tools/tools.go:12:2: error: "), stdout)
	assert.Contains(t, stdout, "(result-and-error)")
}
