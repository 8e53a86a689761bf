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

// serverAt is a small go-sdk server's source, with the given input type and the tools
// registered in main.
func serverAt(input, tools string) string {
	return `package main

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

` + input + `

func search(ctx context.Context, req *mcp.CallToolRequest, in Input) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "srv", Version: "1"}, nil)
` + tools + `
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
`
}

// TestSurfaceBase runs `mcplint surface -base REV` on a temporary git repository holding
// three commits of a small server: the second removes a tool and adds a required input
// property (breaking: exit 1), the third adds a tool and an optional property (compatible:
// exit 0).
func TestSurfaceBase(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks three versions of a server")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	repoMod, err := os.ReadFile(filepath.Join(repo, "go.mod"))
	require.NoError(t, err)
	sdk := regexp.MustCompile(`(?m)^\s*github\.com/modelcontextprotocol/go-sdk (v\S+)`).FindSubmatch(repoMod)
	require.NotNil(t, sdk)
	sum, err := os.ReadFile(filepath.Join(repo, "go.sum"))
	require.NoError(t, err)

	dir := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644))
	}
	// What the module cache lacks (go-sdk's test-only dependencies, which tidy needs) comes
	// through the environment's module proxy.
	moduleProxyEnv(t)
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	shell := func(name string, args ...string) {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s %v: %s", name, args, out)
	}
	commit := func(msg string) {
		t.Helper()
		shell("git", "add", "-A")
		shell("git", "commit", "-q", "-m", msg)
	}

	write("go.mod", "module example.com/srv\n\ngo 1.26\n\nrequire github.com/modelcontextprotocol/go-sdk "+string(sdk[1])+"\n")
	write("go.sum", string(sum))
	write("main.go", serverAt("type Input struct {\n\tQuery string `json:\"query\"`\n}",
		`	mcp.AddTool(s, &mcp.Tool{Name: "search", Description: "Search."}, search)
	mcp.AddTool(s, &mcp.Tool{Name: "lookup", Description: "Look up."}, search)`))
	tidy := exec.Command("go", "mod", "tidy")
	tidy.Dir = dir
	if out, err := tidy.CombinedOutput(); err != nil {
		skipIfProxyUnreachable(t, string(out))
		require.NoError(t, err, "go mod tidy: %s", out)
	}
	shell("git", "init", "-q")
	commit("v1")

	// v2: lookup removed, and search requires a new property.
	write("main.go", serverAt("type Input struct {\n\tQuery string `json:\"query\"`\n\tScope string `json:\"scope\"`\n}",
		`	mcp.AddTool(s, &mcp.Tool{Name: "search", Description: "Search."}, search)`))
	commit("v2")

	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	code := run([]string{"surface", "-base", "HEAD~1", "./..."}, &stdout, &stderr)
	assert.Equal(t, 1, code, "stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
	out := stdout.String()
	assert.Contains(t, out, "BREAKING   tool lookup: removed")
	assert.Contains(t, out, "BREAKING   tool search: new required input scope")
	assert.Contains(t, out, "2 changes, 2 breaking")

	// v3: a new tool and a new optional property: compatible.
	write("main.go", serverAt("type Input struct {\n\tQuery string `json:\"query\"`\n\tScope string `json:\"scope\"`\n\tLimit int `json:\"limit,omitempty\"`\n}",
		`	mcp.AddTool(s, &mcp.Tool{Name: "search", Description: "Search."}, search)
	mcp.AddTool(s, &mcp.Tool{Name: "count", Description: "Count."}, search)`))
	commit("v3")
	stdout.Reset()
	stderr.Reset()
	code = run([]string{"surface", "-base", "HEAD~1", "./..."}, &stdout, &stderr)
	assert.Equal(t, 0, code, "stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
	assert.Contains(t, stdout.String(), "tool count")
	assert.Contains(t, stdout.String(), "limit")
	assert.Contains(t, stdout.String(), "0 breaking")

	// The base worktree is removed afterwards: only the repository's own remains.
	list, err := exec.Command("git", "-C", dir, "worktree", "list").Output()
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(strings.TrimSpace(string(list)), "\n")+1, "%s", list)
}
