package driver_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
)

// docBlocks returns the fenced code blocks of a Markdown file by info string.
func docBlocks(t *testing.T, path string) map[string][]string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	blocks := map[string][]string{}
	var lang string
	var cur []string
	in := false
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case !in && strings.HasPrefix(line, "```"):
			in, lang, cur = true, strings.TrimPrefix(line, "```"), nil
		case in && strings.HasPrefix(line, "```"):
			in = false
			blocks[lang] = append(blocks[lang], strings.Join(cur, "\n"))
		case in:
			cur = append(cur, line)
		}
	}
	return blocks
}

// shellComment is a trailing "  # comment" on a documented command line.
var shellComment = regexp.MustCompile(`\s+#.*$`)

// mcplintLines picks the lines that run mcplint out of shell text.
func mcplintLines(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(shellComment.ReplaceAllString(line, ""))
		if strings.HasPrefix(line, "mcplint ") {
			out = append(out, line)
		}
	}
	return out
}

// TestCIDocCommandsWork runs every mcplint command of docs/ci.md, from its shell blocks and
// from the run: steps of its workflow, in a module with findings, as a CI job would.
func TestCIDocCommandsWork(t *testing.T) {
	if testing.Short() {
		t.Skip("runs mcplint once per documented command")
	}
	require.NoError(t, fixtures.Prepare())
	blocks := docBlocks(t, filepath.Join("..", "..", "docs", "ci.md"))

	var commands []string
	for _, b := range blocks["sh"] {
		commands = append(commands, mcplintLines(b)...)
	}
	workflows := 0
	type step struct {
		Run string `yaml:"run"`
	}
	for _, b := range blocks["yaml"] {
		// A whole workflow, or steps to paste into one.
		var doc struct {
			Jobs map[string]struct {
				Steps []step `yaml:"steps"`
			} `yaml:"jobs"`
		}
		var steps []step
		if err := yaml.Unmarshal([]byte(b), &steps); err != nil {
			require.NoError(t, yaml.Unmarshal([]byte(b), &doc), "a YAML block of docs/ci.md does not parse:\n%s", b)
		}
		for _, job := range doc.Jobs {
			workflows++
			steps = append(steps, job.Steps...)
		}
		for _, s := range steps {
			commands = append(commands, mcplintLines(s.Run)...)
		}
	}
	require.Positive(t, workflows, "docs/ci.md has a workflow")
	require.GreaterOrEqual(t, len(commands), 8, "docs/ci.md lost its commands: %q", commands)

	// A module with an error-level finding (result-and-error) and a fixable warning.
	dir := t.TempDir()
	for _, f := range []string{"go.mod", "go.sum"} {
		data, err := os.ReadFile(filepath.Join(fixtures.Dir(), f))
		require.NoError(t, err)
		// The fixtures use the runtime library through a relative replace; point it at the
		// repository from the copy.
		data = []byte(strings.Replace(string(data), "=> ../..", "=> "+abs(t, filepath.Join("..", "..")), 1))
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), data, 0o644))
	}
	for _, pkg := range []string{"handlerrules/result-and-error", "handlerrules/preserve-cause-on-rethrow"} {
		require.NoError(t, os.CopyFS(filepath.Join(dir, pkg), os.DirFS(filepath.Join(fixtures.Dir(), pkg))))
	}

	// The module has no server.json; without the server.json check, which gathers facts from
	// every dependency, each run takes a second instead of several.
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".mcplint.yaml"), []byte("disable: [serverjson]\n"), 0o644))

	// The adoption commands need history: a base commit for -new-from-rev origin/main to
	// compare with (everything since is new, so every finding is kept) and its diff as the
	// patch of -new-from-patch.
	git(t, dir, "init", "-q")
	git(t, dir, "commit", "-q", "--allow-empty", "-m", "base")
	git(t, dir, "update-ref", "refs/remotes/origin/main", "HEAD")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-qm", "the module")
	write(t, dir, "change.patch", git(t, dir, "diff", "origin/main"))

	slices.Sort(commands)
	commands = slices.Compact(commands) // the workflow repeats commands of the shell block
	// A baseline is written before it is read.
	slices.SortStableFunc(commands, func(a, b string) int {
		return strings.Compare(fmt.Sprint(!strings.Contains(a, "-baseline-write")), fmt.Sprint(!strings.Contains(b, "-baseline-write")))
	})

	path := filepath.Dir(mcplintBin) + string(filepath.ListSeparator) + os.Getenv("PATH")
	for _, c := range commands {
		t.Run(c, func(t *testing.T) {
			r := shell(t, dir, path, c)
			assert.NotContains(t, r.stderr, "flag provided but not defined")
			if strings.Contains(c, "-baseline") {
				assert.Equal(t, 0, r.code, "the baseline accepts every finding of the module\n%s", r.stderr)
				assert.Empty(t, r.stdout)
				return
			}
			if strings.Contains(c, "-fail-on none") {
				assert.Equal(t, 0, r.code, r.stderr)
			} else {
				assert.Equal(t, 1, r.code, "result-and-error is an error-level finding\n%s", r.stderr)
			}
			if _, file, ok := strings.Cut(c, "> "); ok {
				data, err := os.ReadFile(filepath.Join(dir, strings.TrimSpace(file)))
				require.NoError(t, err)
				var doc map[string]any
				require.NoError(t, json.Unmarshal(data, &doc), "%s is not JSON", file)
				if strings.HasSuffix(file, ".sarif") {
					assert.Equal(t, "2.1.0", doc["version"])
				}
			} else {
				assert.Contains(t, r.stdout, "(result-and-error)")
			}
		})
	}
}

func shell(t *testing.T, dir, path, line string) runResult {
	t.Helper()
	return commandEnv(t, dir, []string{"PATH=" + path, "GOFLAGS=-mod=mod", "GOWORK=off"}, "sh", "-c", line)
}

// commandEnv is command with extra environment variables.
func commandEnv(t *testing.T, dir string, env []string, name string, args ...string) runResult {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if err != nil {
		exitErr, ok := err.(*exec.ExitError)
		require.True(t, ok, "running %s: %v", name, err)
		code = exitErr.ExitCode()
	}
	return runResult{stdout.String(), stderr.String(), code}
}
