package driver_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/analyzers"
)

// Flags after the packages work as they do for the go command; "--" still ends the flags.
func TestFlagsAfterPackages(t *testing.T) {
	dir := fixture(t, "mod")
	r := mcplint(t, dir, "./ignores", "-json", "-fail-on", "warning")
	assert.Equal(t, 1, r.code, r.stderr)
	var doc struct{ Findings []struct{ Rule string } }
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc), "-json after the package is a flag: %s", r.stdout)
	assert.Len(t, doc.Findings, 2)

	r = mcplint(t, dir, "--", "-json")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "-json", "after -- it is a package pattern")

	r = mcplint(t, dir, "rules", "-json")
	require.Equal(t, 0, r.code, r.stderr)
	r = mcplint(t, dir, "serverjson", abs(t, "testdata/serverjson/good.json"), "-json")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.True(t, json.Valid([]byte(r.stdout)), r.stdout)
}

func TestHelpSubcommand(t *testing.T) {
	r := mcplint(t, ".", "help")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "Usage:\n  mcplint [flags] [packages]")
	assert.Contains(t, r.stdout, "-fail-on")
	assert.NotContains(t, r.stderr, "not in std")

	r = mcplint(t, ".", "help", "rules")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "-all")
}

// A family is not a rule, but mcplint accepts family names wherever rule IDs go, so explain
// explains it.
func TestExplainFamily(t *testing.T) {
	r := mcplint(t, ".", "explain", "contractrules")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "contractrules is a rule family")
	assert.Regexp(t, `(?m)^  error-contract-unknown-reason\s+error\s+`, r.stdout)
	assert.NotContains(t, r.stdout, "error-contract-code-type", "checks that cannot fail in Go are not listed")
	assert.True(t, strings.HasPrefix(r.stdout, "# "), "the family page's introduction comes first")
	assert.Empty(t, r.stderr)

	r = mcplint(t, ".", "explain", "contractrule")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "did you mean contractrules?")
}

// Every mistake in .mcplint.yaml is reported in one go: unknown keys with the key meant, and
// the invalid values beside them.
func TestConfigTyposGetDidYouMeanAndAllErrors(t *testing.T) {
	dir := copyFixture(t, "mod")
	cfg := "enabel: [all]\nfial-on: error\nfail-on: warnings\nregistrars:\n  - {fnc: example.com/x.Register, tool: 1, handler: 2}\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, analyzers.ConfigFileName), []byte(cfg), 0o644))
	r := mcplint(t, dir)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "line 1: unknown key enabel (not an mcplint setting; did you mean enable?)")
	assert.Contains(t, r.stderr, "line 2: unknown key fial-on (not an mcplint setting; did you mean fail-on?)")
	assert.Contains(t, r.stderr, "line 5: unknown key fnc (not a registrar setting; did you mean func?)")
	assert.Contains(t, r.stderr, `fail-on: unknown severity "warnings" (want error, warning, info or none)`, "the values are checked too")
}

func TestFailOnErrorListsNone(t *testing.T) {
	r := mcplint(t, fixture(t, "mod"), "-fail-on", "warnings")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, `unknown severity "warnings" (want error, warning, info or none)`)
}

// A package with tests is analysed as its test variant; a finding in a non-test file names the
// package itself, one in a test file the variant.
func TestJSONPackageOfNonTestFileIsThePackage(t *testing.T) {
	dir := copyFixture(t, "mod")
	test := "package ignores\n\nimport \"testing\"\n\nfunc TestSum(t *testing.T) {\n\t_ = Sum(1, 2) //mcplint:ignore no-such-rule, misspelt\n}\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "ignores", "ignores_test.go"), []byte(test), 0o644))
	r := mcplint(t, dir, "-json", "./ignores")
	require.Equal(t, 0, r.code, r.stderr)
	var doc struct {
		Findings []struct{ File, Package string }
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	require.Len(t, doc.Findings, 3)
	for _, f := range doc.Findings {
		if strings.HasSuffix(f.File, "_test.go") {
			assert.Equal(t, "example.com/fixture/ignores [example.com/fixture/ignores.test]", f.Package, f.File)
		} else {
			assert.Equal(t, "example.com/fixture/ignores", f.Package, f.File)
		}
	}
}

// The checks Go's types make impossible to fail are documented, not run: rules lists them
// only with -all.
func TestRulesHidesNotApplicableByDefault(t *testing.T) {
	var inert []string
	for _, rule := range analyzers.NewCatalog().Rules() {
		if rule.Status == analyzers.NotApplicable {
			inert = append(inert, rule.ID)
		}
	}
	require.NotEmpty(t, inert)
	r := mcplint(t, ".", "rules")
	require.Equal(t, 0, r.code, r.stderr)
	r2 := mcplint(t, ".", "rules", "-all")
	require.Equal(t, 0, r2.code, r2.stderr)
	r3 := mcplint(t, ".", "rules", "-json")
	for _, id := range inert {
		assert.NotContains(t, r.stdout, id+" ")
		assert.NotContains(t, r3.stdout, `"`+id+`"`)
		assert.Contains(t, r2.stdout, id+" ")
	}
	assert.Equal(t, strings.Count(r.stdout, "\n")+len(inert), strings.Count(r2.stdout, "\n"))
}

// Text output lists warnings and errors and counts info findings per rule in one line;
// -show info, the show key and -fail-on info list them, and JSON always carries them.
func TestInfoCountedNotListed(t *testing.T) {
	dir := copyFixture(t, "mod")
	// ignore-unused made info: the fixture's one stale directive is then an info finding.
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".mcplint.yaml"), []byte("severity:\n  ignore-unused: info\n"), 0o644))
	listed := "ignores.go:11:38: info: "

	r := mcplint(t, dir, "./ignores")
	require.Equal(t, 0, r.code, r.stderr)
	assert.NotContains(t, r.stdout, listed)
	assert.Contains(t, r.stdout, "warning: ", "warnings stay listed")
	assert.Contains(t, r.stdout, "mcplint: 1 info finding not listed (ignore-unused 1); -show info lists them\n")

	for _, args := range [][]string{{"-show", "info"}, {"-fail-on", "info"}} {
		r = mcplint(t, dir, append(args, "./ignores")...)
		assert.Contains(t, r.stdout, listed, "%v", args)
		assert.NotContains(t, r.stdout, "not listed", "%v", args)
	}

	r = mcplint(t, dir, "-json", "./ignores")
	assert.Contains(t, r.stdout, `"ignore-unused"`, "JSON keeps info findings")

	require.NoError(t, os.WriteFile(filepath.Join(dir, ".mcplint.yaml"), []byte("show: info\nseverity:\n  ignore-unused: info\n"), 0o644))
	r = mcplint(t, dir, "./ignores")
	assert.Contains(t, r.stdout, listed, "show: info in the configuration")

	r = mcplint(t, dir, "-show", "notes", "./ignores")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, `-show: unknown severity "notes"`)
}

// A pattern naming a directory that does not exist says so, instead of calling it a package
// without MCP code.
func TestMissingDirectory(t *testing.T) {
	dir := fixture(t, "mod")
	for _, pattern := range []string{"./nosuch", "./nosuch/..."} {
		r := mcplint(t, dir, pattern)
		assert.Equal(t, 2, r.code, r.stderr)
		assert.Contains(t, r.stderr, "mcplint: "+pattern+": no such directory\n")
		assert.NotContains(t, r.stderr, "no MCP code")
	}
}

// go vet decides its own exit status: 1 on any finding, where mcplint exits 0 because none
// is at or above fail-on. The README and docs/ci.md say so.
func TestVetExitStatusDiffersAndIsDocumented(t *testing.T) {
	dir := copyFixture(t, "mod")
	require.NoError(t, os.WriteFile(filepath.Join(dir, analyzers.ConfigFileName), []byte("fail-on: error\n"), 0o644))
	r := mcplint(t, dir, "./ignores")
	require.Equal(t, 0, r.code, "warnings only: mcplint passes\n%s", r.stderr)
	r = command(t, dir, "go", "vet", "-vettool="+mcplintBin, "./ignores")
	require.Equal(t, 1, r.code, "go vet fails on the same warnings\n%s", r.stderr)

	for _, page := range []string{"../../README.md", "../../docs/ci.md"} {
		data, err := os.ReadFile(page)
		require.NoError(t, err)
		text := strings.Join(strings.Fields(string(data)), " ")
		assert.Regexp(t, "Under `go vet[^`]*` any finding|Under `go vet -vettool=\\$\\(which mcplint\\)`, vet sets the status: 1 when any finding is reported", text, "%s documents go vet's exit status", page)
	}
}

// What the docs say -v does for packages without MCP code that do not compile is what it does:
// it names one that does not load (mixed: two package clauses), and cannot name one with a
// type error (plain), which is never type-checked.
func TestVerboseNamesOnlyNonMCPPackagesThatDoNotLoad(t *testing.T) {
	r := mcplint(t, fixture(t, "withbroken"), "-v", "./...")
	assert.Contains(t, r.stderr, "package example.com/withbroken/mixed has no MCP code and does not load")
	assert.NotContains(t, r.stderr, "withbroken/plain")
	for _, page := range []string{"../../README.md", "../../docs/ci.md", "../../docs/loading.md"} {
		data, err := os.ReadFile(page)
		require.NoError(t, err)
		text := strings.Join(strings.Fields(string(data)), " ")
		assert.False(t, regexp.MustCompile("-v` names (it|them)\\.").MatchString(text), "%s claims -v names every non-MCP package that does not compile", page)
		assert.True(t, regexp.MustCompile(`do(es)? not even load \(a syntax error, two package names in one directory\)`).MatchString(text), "%s says which packages -v names", page)
	}
}

// A server that builds only with GOEXPERIMENT=jsonv2 is told which dependency fails, why, and
// what to set; with it set, the package is checked.
func TestExperimentOnlyDependencyIsNamed(t *testing.T) {
	dir := fixture(t, "jsonv2")
	list := exec.Command("go", "list", "-f", "{{len .GoFiles}}", "encoding/json/v2")
	list.Dir = dir
	if out, err := list.Output(); err == nil && strings.TrimSpace(string(out)) != "0" {
		// Go 1.27 has encoding/json/v2 without the experiment: the server builds as it is.
		r := mcplint(t, dir, "./srv")
		assert.NotEqual(t, 2, r.code, r.stderr)
		assert.NotContains(t, r.stderr, "GOEXPERIMENT")
		return
	}
	r := mcplint(t, dir, "./srv")
	assert.Equal(t, 2, r.code, r.stderr)
	assert.Contains(t, r.stderr, "dependency encoding/json/v2 does not compile: build constraints exclude all Go files")
	assert.Contains(t, r.stderr, "encoding/json/v2 is in the standard library only with GOEXPERIMENT=jsonv2: run mcplint with GOEXPERIMENT=jsonv2 set")
	assert.NotContains(t, r.stderr, "a dependency does not type-check")

	cmd := exec.Command(mcplintBin, "./srv")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOEXPERIMENT=jsonv2")
	out, err := cmd.CombinedOutput()
	assert.NoError(t, err, "%s", out)
}

// surface -live against a server that dies at start-up says how it exited and what it wrote
// to standard error, not just "initialize: EOF".
func TestSurfaceLiveServerDies(t *testing.T) {
	r := mcplint(t, fixture(t, "mod"), "surface", "-live", "./clean", "--", "sh", "-c", "echo 'config: missing API key' >&2; exit 3")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "mcplint: -live: the server exited (exit status 3); the last lines of its standard error:\n\tconfig: missing API key\n")
	assert.NotContains(t, r.stderr, "initialize: EOF")
}
