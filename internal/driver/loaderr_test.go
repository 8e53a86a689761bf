package driver_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testdata/syntaxerr is a module whose only package uses mcplint's runtime library and has a
// syntax error. Nothing else in it is wrong, so only the load error can fail the run: every
// output format must say so, and the exit status must not be 0.
func TestSyntaxErrorInMCPPackageFailsEveryFormat(t *testing.T) {
	dir := syntaxErrModule(t)
	const where = "tools/tools.go:9:40"
	const why = "missing ',' before newline in argument list"

	r := mcplint(t, dir)
	assert.NotZero(t, r.code)
	assert.Contains(t, r.stdout, where+": error: ")
	assert.Contains(t, r.stdout, why)
	assert.Contains(t, r.stdout, "(load-error)\n")

	r = mcplint(t, dir, "-json")
	assert.NotZero(t, r.code)
	var doc struct {
		Findings []struct{ Rule, Severity, Message, File, Package string }
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc), r.stdout)
	require.Len(t, doc.Findings, 1)
	assert.Equal(t, "load-error", doc.Findings[0].Rule)
	assert.Equal(t, "error", doc.Findings[0].Severity)
	assert.Equal(t, "tools/tools.go", doc.Findings[0].File)
	assert.Equal(t, "example.com/syntaxerr/tools", doc.Findings[0].Package)
	assert.Contains(t, doc.Findings[0].Message, why)

	r = mcplint(t, dir, "-sarif")
	assert.NotZero(t, r.code)
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID, Level string
				Message       struct{ Text string }
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &log))
	require.Len(t, log.Runs, 1)
	require.Len(t, log.Runs[0].Results, 1)
	assert.Equal(t, "load-error", log.Runs[0].Results[0].RuleID)
	assert.Equal(t, "error", log.Runs[0].Results[0].Level)
	assert.Contains(t, log.Runs[0].Results[0].Message.Text, why)

	r = mcplint(t, dir, "-format", "github")
	assert.NotZero(t, r.code)
	assert.Regexp(t, `^::error file=tools/tools.go,line=9,col=40,title=load-error::.*missing ',' before newline`, r.stdout)
	assert.Equal(t, 1, countLines(r.stdout), "the finding, not a second annotation for the same package error")

	// go vet type-checks before it runs the tool, and fails on the error itself.
	r = command(t, dir, "go", "vet", "-vettool="+mcplintBin, "./...")
	assert.NotZero(t, r.code)
	assert.Contains(t, r.stderr, why)
}

// A load error can be turned down like any rule, for a team that must land a known-broken
// package; the package is then named on standard error as before.
func TestLoadErrorIsConfigurable(t *testing.T) {
	dir := fixture(t, "withbroken")
	r := mcplint(t, dir, "-disable", "load-error")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.NotContains(t, r.stdout, "load-error")
	assert.Contains(t, r.stderr, "mcplint: package example.com/withbroken/bad could not be checked")

	r = mcplint(t, dir, "-disable", "load-error", "-format", "github")
	assert.Contains(t, r.stdout, "::error title=mcplint%3A package not checked::mcplint could not check package example.com/withbroken/bad")
}

// withbroken/mixed cannot hold MCP code and go list reports it (files of two packages): it is
// the compiler's to report, so mcplint names it under -v only, and it does not fail the run.
func TestPackageWithoutMCPCodeThatFailsToLoadIsNamedUnderVerbose(t *testing.T) {
	dir := fixture(t, "withbroken")
	r := mcplint(t, dir, "-disable", "load-error")
	assert.NotContains(t, r.stderr, "withbroken/mixed")
	assert.NotContains(t, r.stdout, "mixed")

	r = mcplint(t, dir, "-v", "-disable", "load-error")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stderr, "mcplint: package example.com/withbroken/mixed has no MCP code and does not load or type-check")
	assert.Contains(t, r.stderr, "found packages mixed (a.go) and other (b.go)")

	r = mcplint(t, dir, "-format", "github")
	assert.NotContains(t, r.stdout, "mixed", "no annotation for the compiler's error")
}

func countLines(s string) int {
	n := 0
	for _, c := range s {
		if c == '\n' {
			n++
		}
	}
	return n
}

// syntaxErrModule copies testdata/syntaxerr to a temporary directory with its Go file in
// place (it is stored as .go.txt so that gofmt -l on the repository does not trip on it) and
// its replace pointing at this repository.
func syntaxErrModule(t *testing.T) string {
	t.Helper()
	dir := copyFixture(t, "syntaxerr")
	require.NoError(t, os.Rename(filepath.Join(dir, "tools", "tools.go.txt"), filepath.Join(dir, "tools", "tools.go")))
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	require.NoError(t, err)
	fixed := strings.Replace(string(gomod), "=> ../../../..", "=> "+abs(t, filepath.Join("..", "..")), 1)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(fixed), 0o644))
	return dir
}
