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
	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

// installServer is a server as its authors ship it: go 1.24, go-sdk v1.2.0. Its resource
// handler reports a missing note with an ad-hoc error, whose fix names the code go-sdk v1.2.0
// sends for mcp.ResourceNotFoundError (-32002; v1.8.0 sends -32602).
var installServer = map[string]string{
	"go.mod": "module example.com/myserver\n\ngo 1.24.0\n\nrequire github.com/modelcontextprotocol/go-sdk v1.2.0\n",
	"server/server.go": `package server

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var notes = map[string]string{}

func Read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	text, ok := notes[req.Params.URI]
	if !ok {
		return nil, fmt.Errorf("note %s not found", req.Params.URI)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: text}}}, nil
}

func Get(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, errors.New("not found")
}

func New() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "v0.1.0"}, nil)
	s.AddTool(&mcp.Tool{Name: "get", Description: "Gets a note.", InputSchema: map[string]any{"type": "object"}}, Get)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "note", URITemplate: "note://{id}", Description: "A note."}, Read)
	return s
}
`,
}

// TestInstallLeavesTheModuleAlone follows the README's install, with an empty module cache,
// on a server at go 1.24 with go-sdk v1.2.0:
//
//	go mod init -modfile=mcplint.mod mcplint-tools
//	go get -tool -modfile=mcplint.mod github.com/mcplint-go/mcplint/cmd/mcplint@latest
//	go tool -modfile=mcplint.mod mcplint ./...
//	go vet -vettool=$(go tool -modfile=mcplint.mod -n mcplint) ./...
//
// The server's go.mod and go.sum must be byte-identical afterwards, and the findings must
// describe go-sdk v1.2.0, the version the server selects, not the v1.8.0 mcplint is built
// with. mcplint is not on the public module proxy under test, so a file proxy placed first in
// GOPROXY serves this checkout as the "latest" version; everything else comes from the
// environment's proxy.
func TestInstallLeavesTheModuleAlone(t *testing.T) {
	if testing.Short() {
		t.Skip("installs mcplint with an empty module cache")
	}
	dir, goCmd, gomod, gosum := installAsREADME(t)

	stdout, stderr, code := goCmd("tool", "-modfile=mcplint.mod", "mcplint", "./...")
	assert.Equal(t, 1, code, stderr)
	assert.Contains(t, stdout, "server/server.go:16:15: warning: missing resource reported with an ad-hoc error clients cannot recognise; return mcp.ResourceNotFoundError(uri) (code -32002) (resource-not-found-error)",
		"the finding describes go-sdk v1.2.0, which the server selects")
	assert.Contains(t, stdout, "server/server.go:22:2: error: ")
	assert.Contains(t, stdout, "(result-and-error)")

	vettool, stderr, code := goCmd("tool", "-modfile=mcplint.mod", "-n", "mcplint")
	require.Equal(t, 0, code, stderr)
	_, stderr, code = goCmd("vet", "-vettool="+strings.TrimSpace(vettool), "./...")
	assert.Equal(t, 1, code, "go vet fails on the findings")
	assert.Contains(t, stderr, "server/server.go:16:15: missing resource reported with an ad-hoc error clients cannot recognise; return mcp.ResourceNotFoundError(uri) (code -32002) (resource-not-found-error)")

	assert.Equal(t, gomod, readFile(t, dir, "go.mod"), "the server's go.mod is untouched")
	assert.Equal(t, gosum, readFile(t, dir, "go.sum"), "the server's go.sum is untouched")
	_, stderr, code = goCmd("build", "./...")
	assert.Equal(t, 0, code, stderr)
}

// TestInstalledMCPLintBuildsGopls follows the README's editor line after its install:
// `go tool -modfile=mcplint.mod mcplint gopls -o FILE` builds gopls with the mcplint version
// the module file pins, fetched like any module, and `gopls check` prints its findings. It
// compiles gopls (minutes when cold), so it runs with the gopls end-to-end tests.
func TestInstalledMCPLintBuildsGopls(t *testing.T) {
	if os.Getenv("MCPLINT_E2E_GOPLS") == "" {
		t.Skip("set MCPLINT_E2E_GOPLS=1 to build gopls from an installed mcplint (minutes when cold; .ci/run does)")
	}
	dir, goCmd, gomod, _ := installAsREADME(t)
	gopls := filepath.Join(t.TempDir(), "gopls-mcplint")
	stdout, stderr, code := goCmd("tool", "-modfile=mcplint.mod", "mcplint", "gopls", "-o", gopls)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "mcplint from "+modulePath+"@v0.99.0", "the version mcplint.mod pins, from the module proxy")

	cmd := exec.Command(gopls, "check", "server/server.go")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOMODCACHE="+goEnv(t, goCmd, "GOMODCACHE"))
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Contains(t, string(out), "(code -32002) (resource-not-found-error)")
	assert.Equal(t, gomod, readFile(t, dir, "go.mod"), "the server's go.mod is untouched")
}

func goEnv(t *testing.T, goCmd func(...string) (string, string, int), name string) string {
	t.Helper()
	out, stderr, code := goCmd("env", name)
	require.Equal(t, 0, code, stderr)
	return strings.TrimSpace(out)
}

// installAsREADME writes installServer to a fresh directory, tidies it, and installs mcplint as
// the README's quick start does, with an empty module cache. It returns the directory, a go
// command runner for it, and the server's go.mod and go.sum as they were before the install.
// mcplint is not on the public module proxy under test, so a file proxy placed first in
// GOPROXY serves this checkout as the "latest" version, v0.99.0; everything else comes from the
// environment's proxy.
func installAsREADME(t *testing.T) (dir string, goCmd func(...string) (string, string, int), gomod, gosum string) {
	t.Helper()
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	env := moduleProxyEnv(t)
	upstream, err := exec.Command("go", "env", "GOPROXY").Output()
	require.NoError(t, err)
	proxy := fileProxy(t, repo, "v0.99.0")
	fresh := t.TempDir()
	env = append(env,
		"GOPROXY=file://"+proxy+","+strings.TrimSpace(string(upstream)),
		"GONOSUMDB="+modulePath, // the checkout's zip is not in the checksum database
		"GOMODCACHE="+filepath.Join(fresh, "mod"),
		"GOFLAGS=-modcacherw", // so that the temporary module cache can be removed
	)
	dir = t.TempDir()
	writeFiles(t, dir, installServer)
	goCmd = goRunner(t, dir, env)

	// The server as its authors have it: tidy, and it builds.
	_, stderr, code := goCmd("mod", "tidy")
	if code != 0 {
		skipIfProxyUnreachable(t, stderr)
	}
	require.Equal(t, 0, code, stderr)
	gomod, gosum = readFile(t, dir, "go.mod"), readFile(t, dir, "go.sum")
	require.Contains(t, gomod, "go 1.24.0")

	_, stderr, code = goCmd("mod", "init", "-modfile=mcplint.mod", "mcplint-tools")
	require.Equal(t, 0, code, stderr)
	_, stderr, code = goCmd("get", "-tool", "-modfile=mcplint.mod", modulePath+"/cmd/mcplint@latest")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, readFile(t, dir, "mcplint.mod"), "\ntool "+modulePath+"/cmd/mcplint\n")
	assert.Contains(t, readFile(t, dir, "mcplint.mod"), modulePath+" v0.99.0")
	return dir, goCmd, gomod, gosum
}

// TestInstallFromACheckout follows the README's recipe for a checkout or a fork: the same
// separate module file, with a replace in it.
func TestInstallFromACheckout(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcplint in a fresh module")
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	repoMod, err := os.ReadFile(filepath.Join(repo, "go.mod"))
	require.NoError(t, err)
	sdk := regexp.MustCompile(`(?m)^\s*github\.com/modelcontextprotocol/go-sdk (v\S+)`).FindSubmatch(repoMod)
	require.NotNil(t, sdk, "mcplint's go.mod requires go-sdk")
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":           "module example.com/myserver\n\ngo 1.26\n\nrequire github.com/modelcontextprotocol/go-sdk " + string(sdk[1]) + "\n",
		"server/server.go": installServer["server/server.go"],
	}
	writeFiles(t, dir, files)
	goCmd := goRunner(t, dir, moduleProxyEnv(t))
	_, stderr, code := goCmd("mod", "tidy")
	if code != 0 {
		skipIfProxyUnreachable(t, stderr)
	}
	require.Equal(t, 0, code, stderr)
	gomod := readFile(t, dir, "go.mod")

	_, stderr, code = goCmd("mod", "init", "-modfile=mcplint.mod", "mcplint-tools")
	require.Equal(t, 0, code, stderr)
	_, stderr, code = goCmd("mod", "edit", "-modfile=mcplint.mod", "-require="+modulePath+"@v0.0.0",
		"-replace="+modulePath+"="+repo, "-tool="+modulePath+"/cmd/mcplint")
	require.Equal(t, 0, code, stderr)
	_, stderr, code = goCmd("mod", "tidy", "-modfile=mcplint.mod")
	require.Equal(t, 0, code, stderr)

	stdout, stderr, code := goCmd("tool", "-modfile=mcplint.mod", "mcplint", "./...")
	assert.Equal(t, 1, code, stderr)
	assert.Contains(t, stdout, "server/server.go:22:2: error: ")
	assert.Contains(t, stdout, "(result-and-error)")
	assert.Equal(t, gomod, readFile(t, dir, "go.mod"), "the server's go.mod is untouched")
}

const modulePath = "github.com/mcplint-go/mcplint"

// fileProxy writes a GOPROXY directory serving the checkout at repo as modulePath@version, the
// only version it lists.
func fileProxy(t *testing.T, repo, version string) string {
	t.Helper()
	proxy := t.TempDir()
	dir := filepath.Join(proxy, modulePath, "@v")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	zf, err := os.Create(filepath.Join(dir, version+".zip"))
	require.NoError(t, err)
	require.NoError(t, modzip.CreateFromDir(zf, module.Version{Path: modulePath, Version: version}, repo))
	require.NoError(t, zf.Close())
	gomod, err := os.ReadFile(filepath.Join(repo, "go.mod"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, version+".mod"), gomod, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, version+".info"), []byte(`{"Version":"`+version+`","Time":"2026-12-01T00:00:00Z"}`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "list"), []byte(version+"\n"), 0o644))
	return proxy
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
}

func readFile(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	require.NoError(t, err)
	return string(data)
}

// goRunner runs the go command in dir with env added to the test's environment.
func goRunner(t *testing.T, dir string, env []string) func(args ...string) (stdout, stderr string, code int) {
	return func(args ...string) (string, string, int) {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), env...)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else {
			require.NoError(t, err)
		}
		return out.String(), errOut.String(), code
	}
}
