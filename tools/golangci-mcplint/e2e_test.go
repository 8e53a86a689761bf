package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The end-to-end tests build this module (golangci-lint v2.15.0 with the mcplint plugin) and
// run it as users and editors do. A cold build compiles all of golangci-lint, which takes
// minutes, so they run only when asked: .ci/run sets MCPLINT_E2E_GOLANGCI=1.
const e2eEnv = "MCPLINT_E2E_GOLANGCI"

// e2e holds what TestMain prepared: the binary and an analysis cache private to this run.
type e2e struct {
	bin      string
	cacheDir string
}

var prepared *e2e // set once by TestMain, read-only afterwards

func TestMain(m *testing.M) {
	os.Exit(func() int {
		if os.Getenv(e2eEnv) != "1" {
			return m.Run() // the e2e tests skip themselves
		}
		bin, err := customBinary()
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		cache, err := os.MkdirTemp("", "mcplint-gcl-cache-")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(cache)
		// The fixture's dependencies come from the module proxy, once.
		if out, err := goCmd("testdata/server", "mod", "download").CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "go mod download in testdata/server: %v\n%s", err, out)
			return 1
		}
		prepared = &e2e{bin: bin, cacheDir: cache}
		return m.Run()
	}())
}

func needE2E(t *testing.T) *e2e {
	t.Helper()
	if prepared == nil {
		t.Skipf("set %s=1 to build golangci-lint with the mcplint plugin and run it (minutes when cold; .ci/run does)", e2eEnv)
	}
	return prepared
}

// customBinary returns the built module, from a cache keyed by everything that goes into it:
// this module's go.mod, go.sum and sources, the mcplint module's (the replace points there),
// the Go version and the target. A warm run reuses the binary and skips even the link.
func customBinary() (string, error) {
	key, err := buildKey(".", filepath.Join("..", ".."))
	if err != nil {
		return "", fmt.Errorf("hashing the build inputs: %w", err)
	}
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	dir := filepath.Join(base, "mcplint", "e2e")
	bin := filepath.Join(dir, "golangci-mcplint-"+key)
	if _, err := os.Stat(bin); err == nil {
		fmt.Fprintf(os.Stderr, "e2e: using the cached %s\n", bin)
		return bin, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp := fmt.Sprintf("%s.tmp%d", bin, os.Getpid())
	start := time.Now()
	if out, err := goCmd(".", "build", "-o", tmp, ".").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build of golangci-lint with the mcplint plugin: %v\n%s", err, out)
	}
	fmt.Fprintf(os.Stderr, "e2e: built golangci-lint with the mcplint plugin in %s\n", time.Since(start).Round(time.Second))
	if err := os.Rename(tmp, bin); err != nil {
		return "", err
	}
	// Keep only the current binary: each is tens of megabytes.
	old, _ := filepath.Glob(filepath.Join(dir, "golangci-mcplint-*"))
	for _, o := range old {
		if o != bin && !strings.Contains(filepath.Base(o), ".tmp") {
			os.Remove(o)
		}
	}
	return bin, nil
}

// buildKey hashes the build inputs of the module in dir and of the mcplint module at repo
// (whose tools/ directory holds this module and is skipped there).
func buildKey(dir, repo string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	for _, root := range []string{dir, repo} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				switch name := d.Name(); {
				case path == root:
				case name == "testdata" || name == "tools" && root == repo || strings.HasPrefix(name, "."):
					return filepath.SkipDir
				}
				return nil
			}
			name := d.Name()
			if name != "go.mod" && name != "go.sum" && (!strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go")) {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(path), len(data))
			h.Write(data)
			return nil
		})
		if err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("%x", h.Sum(nil))[:16], nil
}

func goCmd(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	return cmd
}

// fixture copies testdata/server to a fresh directory and writes its .golangci.yml: mcplint
// alone, with the given settings block (YAML, indented under settings:). As docs/editors.md
// recommends, uniq-by-line is off: golangci-lint otherwise shows one issue per line across
// all linters, hiding a second mcplint rule on the same line.
func fixture(t *testing.T, settings string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "server")
	require.NoError(t, os.CopyFS(dst, os.DirFS("testdata/server")))
	cfg := "version: \"2\"\n" +
		"issues:\n" +
		"  uniq-by-line: false\n" +
		"linters:\n" +
		"  default: none\n" +
		"  enable: [mcplint]\n" +
		"  settings:\n" +
		"    custom:\n" +
		"      mcplint:\n" +
		"        type: module\n" +
		"        description: checks Go MCP servers\n" +
		"        original-url: https://github.com/mcplint-go/mcplint\n"
	if settings != "" {
		cfg += "        settings:\n"
		for _, line := range strings.Split(strings.TrimRight(settings, "\n"), "\n") {
			cfg += "          " + line + "\n"
		}
	}
	require.NoError(t, os.WriteFile(filepath.Join(dst, ".golangci.yml"), []byte(cfg), 0o644))
	return dst
}

type result struct {
	stdout, stderr string
	code           int
}

func (e *e2e) run(t *testing.T, dir string, args ...string) result {
	t.Helper()
	cmd := exec.Command(e.bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+e.cacheDir, "GOWORK=off", "GOPROXY=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if err != nil {
		exitErr, ok := err.(*exec.ExitError)
		require.True(t, ok, "running %s: %v", e.bin, err)
		code = exitErr.ExitCode()
	}
	return result{stdout.String(), stderr.String(), code}
}

// textIssue is one line of golangci-lint's text output, the rule named once, by its analyzer:
// main.go:29:60: preserve_cause_on_rethrow: fmt.Errorf formats ... (mcplint)
var textIssue = regexp.MustCompile(`^(\S+):(\d+):(\d+): ([a-z0-9_]+): (.*) \((\w+)\)$`)

// issues runs golangci-lint with text output and returns "file:line rule-id" per issue.
func (e *e2e) issues(t *testing.T, dir string) ([]string, result) {
	t.Helper()
	r := e.run(t, dir, "run", "--output.text.path=stdout", "--output.text.print-issued-lines=false", "--show-stats=false", "./...")
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		if line == "" {
			continue
		}
		m := textIssue.FindStringSubmatch(line)
		if !assert.NotNil(t, m, "issue line not 'file:line:col: analyzer: message (linter)': %q", line) {
			continue
		}
		assert.Equal(t, "mcplint", m[6], line)
		id := strings.ReplaceAll(m[4], "_", "-")
		assert.False(t, strings.HasSuffix(m[5], "("+id+")"), "the rule is named once, by golangci-lint's analyzer prefix: %q", line)
		got = append(got, m[1]+":"+m[2]+" "+id)
	}
	sort.Strings(got)
	return got, r
}

// The findings of testdata/server/main.go under the default configuration: line 47 has a
// result-and-error finding too, silenced by //nolint:mcplint.
var defaultIssues = []string{
	"main.go:29 preserve-cause-on-rethrow",
	"main.go:32 result-and-error",
}

func TestE2EDefaultSettings(t *testing.T) {
	e := needE2E(t)
	got, r := e.issues(t, fixture(t, ""))
	assert.Equal(t, 1, r.code, "golangci-lint exits 1 when issues remain\n%s", r.stderr)
	assert.Equal(t, defaultIssues, got)
}

func TestE2ESettingsChangeTheIssues(t *testing.T) {
	e := needE2E(t)

	got, r := e.issues(t, fixture(t, "disable: [result-and-error]"))
	assert.Equal(t, 1, r.code, r.stderr)
	assert.Equal(t, []string{"main.go:29 preserve-cause-on-rethrow"}, got)

	// Keys in mixed case, as a user may write them; golangci-lint lower-cases them.
	got, r = e.issues(t, fixture(t, "Plain-Handler-Errors: true\nDISABLE: [preserve-cause-on-rethrow]"))
	assert.Equal(t, 1, r.code, r.stderr)
	assert.Equal(t, []string{
		"main.go:29 prefer-mcp-error-in-handler",
		"main.go:32 prefer-mcp-error-in-handler",
		"main.go:32 result-and-error",
		"main.go:40 prefer-mcp-error-in-handler",
	}, got)

	got, r = e.issues(t, fixture(t, "disable: [all]"))
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Empty(t, got)
}

func TestE2EInvalidSettingsStopTheRun(t *testing.T) {
	e := needE2E(t)
	r := e.run(t, fixture(t, "plain-handler-error: true\nenable: [result-and-eror]"), "run", "./...")
	assert.NotEqual(t, 0, r.code)
	assert.NotEqual(t, 1, r.code, "a configuration error is not an issue count")
	assert.Contains(t, r.stderr, "invalid mcplint settings")
	assert.Contains(t, r.stderr, `plain-handler-error: unknown key (did you mean "plain-handler-errors"?)`)
	assert.Empty(t, r.stdout)
}

// jsonReport is the part of golangci-lint's JSON output that editors read.
type jsonReport struct {
	Issues []struct {
		FromLinter string
		Text       string
		Pos        struct {
			Filename     string
			Line, Column int
		}
		SuggestedFixes []struct {
			Message   string
			TextEdits []struct {
				Pos, End int
				NewText  []byte // base64 in the JSON
			}
		}
	}
}

func TestE2EJSONCarriesSuggestedFixes(t *testing.T) {
	e := needE2E(t)
	dir := fixture(t, "")
	r := e.run(t, dir, "run", "--output.json.path=stdout", "--show-stats=false", "./...")
	assert.Equal(t, 1, r.code, r.stderr)
	var rep jsonReport
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep), r.stdout)
	require.Len(t, rep.Issues, len(defaultIssues))

	src, err := os.ReadFile(filepath.Join(dir, "main.go"))
	require.NoError(t, err)
	byRule := map[string]int{}
	for i, is := range rep.Issues {
		assert.Equal(t, "mcplint", is.FromLinter)
		assert.Equal(t, "main.go", is.Pos.Filename)
		m := regexp.MustCompile(`^([a-z0-9_]+): `).FindStringSubmatch(is.Text)
		require.NotNil(t, m, "analyzer name at the start of the text: %q", is.Text)
		id := strings.ReplaceAll(m[1], "_", "-")
		assert.False(t, strings.HasSuffix(is.Text, "("+id+")"), "the rule is named once: %q", is.Text)
		byRule[id] = i
	}
	fixable := rep.Issues[byRule["preserve-cause-on-rethrow"]]
	assert.Equal(t, 29, fixable.Pos.Line)
	require.Len(t, fixable.SuggestedFixes, 1)
	fix := fixable.SuggestedFixes[0]
	assert.Equal(t, "Wrap err with %w", fix.Message)
	require.Len(t, fix.TextEdits, 1)
	edit := fix.TextEdits[0]
	assert.Equal(t, "w", string(edit.NewText))
	// The edit's offsets are byte offsets into the file: they cover the v of %v.
	require.Less(t, edit.End, len(src))
	assert.Equal(t, "v", string(src[edit.Pos:edit.End]))
	assert.Equal(t, `"search %q: %v"`, string(src[edit.Pos-13:edit.End+1]))

	assert.Empty(t, rep.Issues[byRule["result-and-error"]].SuggestedFixes, "no unambiguous fix for result-and-error")
}

func TestE2EFixAppliesOurFix(t *testing.T) {
	e := needE2E(t)
	dir := fixture(t, "")
	r := e.run(t, dir, "run", "--fix", "--output.text.path=stdout", "--show-stats=false", "./...")
	assert.Equal(t, 1, r.code, "result-and-error has no fix and remains\n%s", r.stderr)

	src, err := os.ReadFile(filepath.Join(dir, "main.go"))
	require.NoError(t, err)
	assert.Contains(t, string(src), `fmt.Errorf("search %q: %w", in.Query, err)`)
	assert.NotContains(t, string(src), `%q: %v`)

	got, _ := e.issues(t, dir)
	assert.Equal(t, []string{"main.go:32 result-and-error"}, got, "the fixed issue is gone")
}

// vscodeArgs are the arguments the VS Code Go extension passes to golangci-lint v2 with empty
// go.lintFlags (extension/src/goLint.ts), for the package scope.
var vscodeArgs = []string{"run", "--issues-exit-code=0", "--output.text.print-issued-lines=false",
	"--show-stats=false", "--output.text.path=stdout", "--path-mode=abs"}

// langserverArgs is the golangci-lint-langserver command docs/editors.md configures; the
// langserver appends the file's directory.
var langserverArgs = []string{"golangci-mcplint", "run", "--output.json.path", "stdout", "--show-stats=false", "--issues-exit-code=1"}

// TestDocsShowTheTestedCommandLines keeps docs/editors.md on the command lines these tests
// run, in each notation it uses.
func TestDocsShowTheTestedCommandLines(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "editors.md"))
	require.NoError(t, err)
	// Whitespace is normalised: the snippets wrap long lists.
	doc := strings.Join(strings.Fields(string(data)), " ")
	has := func(want, notation string) {
		t.Helper()
		assert.True(t, strings.Contains(doc, want), "docs/editors.md has no %s command line %s", notation, want)
	}
	has(strings.Join(langserverArgs, " "), "shell")
	quoted := func(quote, sep string) string {
		var q []string
		for _, a := range langserverArgs {
			q = append(q, quote+a+quote)
		}
		return strings.Join(q, sep)
	}
	has(quoted("'", ", "), "Lua")
	has(quoted(`"`, ", "), "TOML")
	has(quoted(`"`, " "), "Emacs Lisp")
	has("golangci-mcplint "+vscodeArgs[0]+" <go.lintFlags> "+strings.Join(vscodeArgs[1:], " "), "VS Code")
}

// vscodeLine is how the VS Code Go extension (extension/src/util.ts, runTool) reads a
// linter's output line: file:line[:col]: message.
var vscodeLine = regexp.MustCompile(`^([^:]*: )?((.:)?[^:]*):(\d+)(:(\d+)?)?:(?:\w+:)? (.*)$`)

// TestE2EVSCodeCommandLine runs the command the VS Code Go extension runs for "go.lintTool":
// "golangci-lint" (extension/src/goLint.ts): it reads the binary's module version from
// `go version -m` to choose v1 or v2 flags, then runs go.lintFlags and the flags it appends in
// the package's directory.
func TestE2EVSCodeCommandLine(t *testing.T) {
	e := needE2E(t)
	out, err := exec.Command("go", "version", "-m", e.bin).Output()
	require.NoError(t, err)
	// The extension: lines = stdout.split('\n', 3); moduleVersion = lines[2].split(/\s+/)[3];
	// v1 flags if !moduleVersion || moduleVersion.startsWith('v1').
	lines := strings.SplitN(string(out), "\n", 4)
	require.GreaterOrEqual(t, len(lines), 3, "%s", out)
	fields := regexp.MustCompile(`\s+`).Split(lines[2], -1)
	require.Greater(t, len(fields), 3, "%q", lines[2])
	moduleVersion := fields[3]
	assert.False(t, moduleVersion == "" || strings.HasPrefix(moduleVersion, "v1"),
		"the extension would pass golangci-lint v1 flags to the custom binary (module version %q)", moduleVersion)

	dir := fixture(t, "")
	r := e.run(t, dir, vscodeArgs...)
	require.Equal(t, 0, r.code, r.stderr)
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		m := vscodeLine.FindStringSubmatch(line)
		require.NotNil(t, m, "VS Code would skip this line: %q", line)
		file, lineNo, msg := m[2], m[4], m[7]
		assert.True(t, filepath.IsAbs(file), file)
		assert.Equal(t, filepath.Join(dir, "main.go"), file)
		rule := regexp.MustCompile(`^([a-z0-9_]+): .* \(mcplint\)$`).FindStringSubmatch(msg)
		require.NotNil(t, rule, msg)
		got = append(got, "main.go:"+lineNo+" "+strings.ReplaceAll(rule[1], "_", "-"))
	}
	sort.Strings(got)
	assert.Equal(t, defaultIssues, got)
}

// TestE2ELangserverCommandLine runs the command golangci-lint-langserver runs for the
// documented initializationOptions: the configured command plus the file's directory, in the
// workspace root. It reads the JSON only when the exit status is non-zero, and keeps the
// issues whose Filename is the file's path relative to the root.
func TestE2ELangserverCommandLine(t *testing.T) {
	e := needE2E(t)
	dir := fixture(t, "")
	r := e.run(t, dir, append(langserverArgs[1:], dir+string(filepath.Separator))...)
	require.Equal(t, 1, r.code, r.stderr)
	var rep jsonReport
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep), r.stdout)
	require.Len(t, rep.Issues, len(defaultIssues))
	for _, is := range rep.Issues {
		assert.Equal(t, "main.go", is.Pos.Filename)
		assert.Regexp(t, `^[a-z0-9_]+: `, is.Text, "the editor shows the analyzer name, the rule ID with underscores")
	}
}

func TestE2EVersionNamesThePlugin(t *testing.T) {
	e := needE2E(t)
	r := e.run(t, ".", "version")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Regexp(t, `has version 2\.15\.0-custom-mcplint-[0-9a-f]{12} built with go`, r.stdout+r.stderr)
}

// TestBuildKeyCoversThePlugin guards the binary cache: the key changes with the Go code and
// the go.mod/go.sum of both modules, and ignores tests and test data.
func TestBuildKeyCoversThePlugin(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "tools", "golangci-mcplint")
	write := func(path, text string) {
		t.Helper()
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	}
	write(filepath.Join(dir, "main.go"), "package main")
	write(filepath.Join(dir, "go.sum"), "a v1 h1:x")
	write(filepath.Join(root, "go.mod"), "module m")
	write(filepath.Join(root, "gclplugin", "plugin.go"), "package gclplugin")
	key := func() string {
		t.Helper()
		k, err := buildKey(dir, root)
		require.NoError(t, err)
		return k
	}
	k0 := key()
	assert.Equal(t, k0, key(), "stable for unchanged inputs")

	write(filepath.Join(root, "gclplugin", "plugin_test.go"), "package gclplugin")
	write(filepath.Join(root, "passes", "testdata", "x.go"), "package x")
	write(filepath.Join(root, "docs", "ci.md"), "# CI")
	assert.Equal(t, k0, key(), "tests, test data and docs do not go into the binary")

	for _, changed := range []string{
		filepath.Join(root, "gclplugin", "plugin.go"),
		filepath.Join(root, "handlerrules", "new.go"),
		filepath.Join(root, "go.mod"),
		filepath.Join(dir, "go.sum"),
		filepath.Join(dir, "main.go"),
	} {
		before := key()
		write(changed, "package changed // "+changed)
		assert.NotEqual(t, before, key(), "a change to %s must rebuild", changed)
	}
}

// fakeGit stands in for the one git command golangci-lint custom runs,
// `git clone --branch vX ... https://github.com/golangci/golangci-lint.git`: it copies that
// version's source from the module cache, which is what the clone would hold.
const fakeGit = `#!/bin/sh
branch=""
while [ $# -gt 0 ]; do
	case "$1" in
	--branch) branch="$2"; shift ;;
	esac
	shift
done
src="$(go env GOMODCACHE)/github.com/golangci/golangci-lint/v2@$branch"
[ -d "$src" ] || go mod download github.com/golangci/golangci-lint/v2@"$branch" >/dev/null || exit 1
cp -R "$src" golangci-lint && chmod -R u+w golangci-lint
`

// TestE2EGolangciLintCustom builds the linter the documented way, `golangci-lint custom` with
// the repository's .custom-gcl.yml, with git replaced by a copy from the module cache (CI
// reaches the module proxy only), and runs the result.
func TestE2EGolangciLintCustom(t *testing.T) {
	e := needE2E(t)
	if runtime.GOOS == "windows" {
		t.Skip("the git stand-in is a shell script")
	}
	gitDir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(gitDir, "git"), []byte(fakeGit), 0o755))
	dest := t.TempDir()
	cmd := exec.Command(e.bin, "custom", "-v", "--destination", dest)
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(os.Environ(), "PATH="+gitDir+string(filepath.ListSeparator)+os.Getenv("PATH"), "GOWORK=off")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "golangci-lint custom:\n%s", out)

	custom := &e2e{bin: filepath.Join(dest, "golangci-mcplint"), cacheDir: t.TempDir()}
	got, r := custom.issues(t, fixture(t, ""))
	assert.Equal(t, 1, r.code, r.stderr)
	assert.Equal(t, defaultIssues, got)
}

// TestE2EDocCommandLines runs every golangci-mcplint command line in docs/editors.md and
// docs/ci.md (code blocks, workflow steps included) on the fixture.
func TestE2EDocCommandLines(t *testing.T) {
	e := needE2E(t)
	lineRE := regexp.MustCompile(`^(?:-?\s*run:\s*)?(?:\./bin/)?golangci-mcplint (run .*)$`)
	var commands []string
	for _, doc := range []string{"editors.md", "ci.md"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "docs", doc))
		require.NoError(t, err)
		in := false
		for _, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "```") {
				in = !in
				continue
			}
			line = strings.TrimSpace(regexp.MustCompile(`\s+#.*$`).ReplaceAllString(line, ""))
			if m := lineRE.FindStringSubmatch(line); in && m != nil {
				commands = append(commands, m[1])
			}
		}
	}
	require.GreaterOrEqual(t, len(commands), 4, "the docs lost their golangci-mcplint command lines: %q", commands)
	for _, c := range commands {
		t.Run(c, func(t *testing.T) {
			dir := fixture(t, "")
			cmd := exec.Command("sh", "-c", `"$GCL" `+c)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GCL="+e.bin, "GOLANGCI_LINT_CACHE="+e.cacheDir, "GOWORK=off", "GOPROXY=off")
			out, err := cmd.CombinedOutput()
			code := 0
			if exitErr, ok := err.(*exec.ExitError); ok {
				code = exitErr.ExitCode()
			} else {
				require.NoError(t, err)
			}
			assert.Contains(t, []int{0, 1}, code, "exit status %d means the command failed, not that it found issues:\n%s", code, out)
			assert.NotContains(t, string(out), "unknown flag")
			if _, file, ok := strings.Cut(c, "--output.sarif.path="); ok {
				file, _, _ = strings.Cut(file, " ")
				data, err := os.ReadFile(filepath.Join(dir, file))
				require.NoError(t, err)
				assert.Contains(t, string(data), `"version":"2.1.0"`)
				assert.Contains(t, string(data), "result_and_error: ")
			}
		})
	}
}

// TestE2EExampleConfigurations runs the repository's .golangci.yml and the one in
// docs/editors.md on the fixture: golangci-lint accepts them and mcplint runs with their
// settings.
func TestE2EExampleConfigurations(t *testing.T) {
	e := needE2E(t)
	repoCfg, err := os.ReadFile(filepath.Join("..", "..", ".golangci.yml"))
	require.NoError(t, err)
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "editors.md"))
	require.NoError(t, err)
	_, rest, ok := strings.Cut(string(doc), "```yaml\n")
	require.True(t, ok, "docs/editors.md has a .golangci.yml example")
	docCfg, _, _ := strings.Cut(rest, "```")

	for name, tc := range map[string]struct {
		config string
		want   string
	}{
		".golangci.yml":   {string(repoCfg), "main.go:32 result-and-error"},
		"docs/editors.md": {docCfg, "main.go:40 prefer-mcp-error-in-handler"}, // plain-handler-errors: true
	} {
		t.Run(name, func(t *testing.T) {
			dir := fixture(t, "")
			require.NoError(t, os.WriteFile(filepath.Join(dir, ".golangci.yml"), []byte(tc.config), 0o644))
			r := e.run(t, dir, "run", "--output.text.path=stdout", "--output.text.print-issued-lines=false", "--show-stats=false", "./...")
			require.Equal(t, 1, r.code, r.stderr)
			var got []string
			for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
				if m := textIssue.FindStringSubmatch(line); m != nil {
					got = append(got, m[1]+":"+m[2]+" "+strings.ReplaceAll(m[4], "_", "-"))
				}
			}
			assert.Contains(t, got, tc.want, r.stdout)
		})
	}
}
