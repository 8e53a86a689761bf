package driver_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/internal/testkit/bench/gen"
)

// A server with dozens of existing findings adopts the gate: a baseline is committed, then a
// commit adds one defect (and, in another file, an edit that moves every finding below it).
// -new-from-rev, -new-from-patch and the baseline each report that one defect and nothing else.
func TestNewFindingsOnlyOnARealGitHistory(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	_, err := gen.Write(dir, gen.Options{Tools: 100, Repo: abs(t, filepath.Join("..", ".."))})
	require.NoError(t, err)
	// Plain-handler errors and strict portability give the generated server many findings.
	write(t, dir, ".mcplint.yaml", "plain-handler-errors: true\nportability: strict\n")
	git(t, dir, "init", "-q")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-qm", "the server as it is")

	before := findings(t, synthRun(t, dir, "-json", "-fail-on", "none"))
	require.GreaterOrEqual(t, len(before), 40, "the server has many findings")

	r := synthRun(t, dir, "-baseline-write", ".mcplint-baseline.json")
	assert.Equal(t, 0, r.code, "everything is in the baseline: %s", r.stderr)
	assert.Empty(t, r.stdout)
	assert.Contains(t, r.stderr, "wrote ")
	git(t, dir, "add", ".mcplint-baseline.json")
	git(t, dir, "commit", "-qm", "mcplint baseline")

	r = synthRun(t, dir, "-baseline", ".mcplint-baseline.json")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Empty(t, r.stdout, "nothing new yet")

	// The commit: one defect near the top of a file full of findings, and a comment that moves
	// every line of another file.
	edit(t, dir, "tools/t0000/tools.go", "\nvar (\n", `
// lookupBroken is the defect the commit adds.
func lookupBroken(svc *Service) server.ToolHandlerFunc {
	return func(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
		if svc == nil {
			return m3.NewToolResultError("no service"), errors.New("no service")
		}
		return m3.NewToolResultText("ok"), nil
	}
}

var (
`)
	edit(t, dir, "tools/t0001/tools.go", "package t0001\n", "package t0001\n\n// An edit that moves every finding below it.\n")
	git(t, dir, "commit", "-qam", "a new tool with a defect")
	const defect = "tools/t0000/tools.go:25:4: error: "

	after := findings(t, synthRun(t, dir, "-json", "-fail-on", "none"))
	require.Len(t, after, len(before)+1)

	for name, args := range map[string][]string{
		"new-from-rev": {"-new-from-rev", "HEAD~1"},
		"baseline":     {"-baseline", ".mcplint-baseline.json"},
	} {
		r := synthRun(t, dir, args...)
		assert.Equal(t, 1, r.code, name)
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		if assert.Len(t, lines, 1, "%s: exactly the new finding:\n%s", name, r.stdout) {
			assert.True(t, strings.HasPrefix(lines[0], defect), "%s: %s", name, lines[0])
			assert.True(t, strings.HasSuffix(lines[0], "(result-and-error)"), "%s: %s", name, lines[0])
		}
	}

	patch := git(t, dir, "diff", "HEAD~1")
	write(t, dir, "change.patch", patch)
	r = synthRun(t, dir, "-new-from-patch", "change.patch")
	assert.Equal(t, 1, r.code)
	assert.Equal(t, 1, strings.Count(r.stdout, "\n"), r.stdout)
	assert.True(t, strings.HasPrefix(r.stdout, defect), r.stdout)

	// The working tree counts under -new-from-rev, and files git does not track are new in
	// full.
	write(t, dir, "tools/t0002/extra.go", `package t0002

import (
	"context"
	"errors"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func extraBroken(svc *Service) server.ToolHandlerFunc {
	return func(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
		if svc == nil {
			return m3.NewToolResultError("no service"), errors.New("no service")
		}
		return m3.NewToolResultText("ok"), nil
	}
}
`)
	r = synthRun(t, dir, "-new-from-rev", "HEAD", "-json", "-fail-on", "none")
	if got := findings(t, r); assert.Len(t, got, 1, r.stdout) {
		assert.Equal(t, jsonFinding{"result-and-error", "tools/t0002/extra.go", 14}, got[0])
	}

	// Changing the line of an accepted finding brings it back.
	require.NoError(t, os.Remove(filepath.Join(dir, "tools", "t0002", "extra.go")))
	old := before[0]
	src, err := os.ReadFile(filepath.Join(dir, old.File))
	require.NoError(t, err)
	lines := strings.Split(string(src), "\n")
	line := old.Line
	if old.File == "tools/t0000/tools.go" {
		line += 10 // below the defect the commit added
	}
	lines[line-1] += " // edited"
	write(t, dir, old.File, strings.Join(lines, "\n"))
	r = synthRun(t, dir, "-baseline", ".mcplint-baseline.json", "-json", "-fail-on", "none")
	var rules []string
	for _, f := range findings(t, r) {
		rules = append(rules, f.Rule)
	}
	assert.Contains(t, rules, old.Rule, "the edited line's finding is back")
	assert.Len(t, rules, 2, "it and the defect")

	r = synthRun(t, dir, "-baseline", "missing.json")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "missing.json")
	r = synthRun(t, dir, "-new-from-rev", "no-such-rev")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "-new-from-rev no-such-rev")
}

type jsonFinding struct {
	Rule, File string
	Line       int
}

func findings(t *testing.T, r runResult) []jsonFinding {
	t.Helper()
	var doc struct{ Findings []jsonFinding }
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc), "%s\n%s", r.stdout, r.stderr)
	return doc.Findings
}

// synthRun runs mcplint on a generated server, offline as gen requires.
func synthRun(t *testing.T, dir string, args ...string) runResult {
	t.Helper()
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOWORK", "off")
	for _, kv := range gen.Env() {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	return mcplint(t, dir, append(args, "./...")...)
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=mcplint", "-c", "user.email=mcplint@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "git %v: %s", args, out)
	return string(out)
}

func write(t *testing.T, dir, name, text string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
}

// edit replaces the first occurrence of old in the file.
func edit(t *testing.T, dir, name, old, new string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	require.NoError(t, err)
	require.Contains(t, string(data), old)
	write(t, dir, name, strings.Replace(string(data), old, new, 1))
}
