package driver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"go/ast"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/driver"
	"github.com/mcplint-go/mcplint/internal/driver/output"
	"github.com/mcplint-go/mcplint/internal/driver/sarifschema"
	"github.com/mcplint-go/mcplint/internal/rule"
)

// These tests drive driver.Run in-process with test-only checks built by the real rule
// framework: one with a suggested fix (reported as prefer-error-factory, a warning) and one
// that panics (as nil-result-nil-error).

// legacyCheck reports every call of a function named legacy, with a fix calling modern.
var legacyCheck = rule.Group{
	IDs: []string{"prefer-error-factory"},
	Run: func(p *rule.Pass) error {
		for _, f := range p.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "legacy" {
					p.Report(rule.NodeSpan(call), "call modern instead of legacy", analysis.SuggestedFix{
						Message:   "call modern",
						TextEdits: []analysis.TextEdit{{Pos: id.Pos(), End: id.End(), NewText: []byte("modern")}},
					})
				}
				return true
			})
		}
		return nil
	},
}

// panicCheck panics on package boom.
var panicCheck = rule.Group{
	IDs: []string{"nil-result-nil-error"},
	Run: func(p *rule.Pass) error {
		if p.Pkg.Name() == "boom" {
			panic("deliberate test panic")
		}
		return nil
	},
}

type inproc struct {
	code           int
	stdout, stderr string
}

func runInProcess(t *testing.T, dir string, o driver.Options, checks ...rule.Group) inproc {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := driver.Run(context.Background(), driver.Setup{
		Analyzers: func(cfg *analyzers.Config) ([]*analysis.Analyzer, error) {
			return rule.Build(analyzers.NewCatalog(), cfg, checks)
		},
		Catalog: analyzers.NewCatalog(),
		Version: "test",
		Stdout:  &stdout,
		Stderr:  &stderr,
		Dir:     dir,
	}, o)
	return inproc{code, stdout.String(), stderr.String()}
}

const fixedFixme = `// Package fixme calls legacy, which a test analyzer rewrites to modern.
package fixme

func legacy() int { return 1 }

func modern() int { return 2 }

// A uses legacy once.
func A() int { return modern() }

// B uses legacy twice.
func B() int {
	return modern() + modern()
}
`

func TestFixAppliesSuggestedFixes(t *testing.T) {
	dir := copyFixture(t, "mod")
	r := runInProcess(t, dir, driver.Options{Patterns: []string{"./fixme", "./ignores"}, Fix: true}, legacyCheck)
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stderr, "mcplint: fixed 3 findings in 1 file")
	got, err := os.ReadFile(filepath.Join(dir, "fixme", "fixme.go"))
	require.NoError(t, err)
	assert.Equal(t, fixedFixme, string(got))
	assert.Equal(t, reasonFinding+unusedFinding, r.stdout, "only the findings that were not fixed are reported")

	r = runInProcess(t, dir, driver.Options{Patterns: []string{"./fixme"}, Flags: FailOnWarning()}, legacyCheck)
	assert.Equal(t, 0, r.code, r.stdout)
	assert.Empty(t, r.stdout, "nothing left to fix")
}

// FailOnWarning is an option shorthand.
func FailOnWarning() driver.FlagSettings { return driver.FlagSettings{FailOn: "warning"} }

func TestDiffShowsFixesWithoutWriting(t *testing.T) {
	dir := copyFixture(t, "mod")
	before, err := os.ReadFile(filepath.Join(dir, "fixme", "fixme.go"))
	require.NoError(t, err)

	r := runInProcess(t, dir, driver.Options{Patterns: []string{"./fixme"}, Diff: true, Flags: FailOnWarning()}, legacyCheck)
	assert.Equal(t, 1, r.code, "the findings are still there")
	assert.True(t, strings.HasPrefix(r.stdout, "--- a/fixme/fixme.go\n+++ b/fixme/fixme.go\n"), r.stdout)
	assert.Contains(t, r.stdout, "-func A() int { return legacy() }\n+func A() int { return modern() }\n")
	assert.Contains(t, r.stdout, "-\treturn legacy() + legacy()\n+\treturn modern() + modern()\n")
	assert.Contains(t, r.stderr, "would fix 3 findings in 1 file")

	after, err := os.ReadFile(filepath.Join(dir, "fixme", "fixme.go"))
	require.NoError(t, err)
	assert.Equal(t, before, after, "-diff writes nothing")

	// Applying the printed diff gives what -fix writes.
	r = runInProcess(t, dir, driver.Options{Patterns: []string{"./fixme"}, Fix: true}, legacyCheck)
	require.Equal(t, 0, r.code)
	fixed, err := os.ReadFile(filepath.Join(dir, "fixme", "fixme.go"))
	require.NoError(t, err)
	assert.Equal(t, fixedFixme, string(fixed))
}

func TestPanickingAnalyzerDoesNotStopTheRun(t *testing.T) {
	dir := fixture(t, "mod")
	r := runInProcess(t, dir, driver.Options{Patterns: []string{"./boom", "./fixme"}}, panicCheck, legacyCheck)
	assert.Equal(t, 1, r.code, "a crash is an error finding")

	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 5, r.stdout)
	crash := lines[0]
	assert.True(t, strings.HasPrefix(crash, "boom/boom.go:2:1: error: mcplint analyzer nil_result_nil_error crashed on package example.com/fixture/boom (panic: deliberate test panic, at "), crash)
	assert.Contains(t, crash, "inprocess_test.go:")
	assert.Contains(t, crash, "please report it at https://github.com/mcplint-go/mcplint/issues")
	assert.True(t, strings.HasSuffix(crash, "(internal-error)"))
	assert.Equal(t, "boom/boom.go:5:26: warning: call modern instead of legacy (prefer-error-factory)", lines[1], "the other analyzer still ran on the crashing package")
	assert.Equal(t, "fixme/fixme.go:9:23: warning: call modern instead of legacy (prefer-error-factory)", lines[2], "and on the other packages")

	assert.Contains(t, r.stderr, "analyzer nil_result_nil_error panicked on package example.com/fixture/boom")
	assert.Contains(t, r.stderr, "goroutine ", "the stack trace for the bug report")

	// The SARIF of a run with a crash still validates, with a rule entry for the crash.
	r = runInProcess(t, dir, driver.Options{Patterns: []string{"./boom"}, Format: output.SARIF}, panicCheck)
	require.NoError(t, sarifschema.Validate("testdata/sarif-schema-2.1.0.json", []byte(r.stdout)))
	assert.Contains(t, r.stdout, `"id": "internal-error"`)
}

func TestSARIFAndJSONCarryFixes(t *testing.T) {
	dir := fixture(t, "mod")
	r := runInProcess(t, dir, driver.Options{Patterns: []string{"./fixme"}, Format: output.SARIF}, legacyCheck)
	require.Equal(t, 0, r.code, r.stderr)
	require.NoError(t, sarifschema.Validate("testdata/sarif-schema-2.1.0.json", []byte(r.stdout)))
	var doc struct {
		Runs []struct {
			Results []struct {
				RuleID string
				Level  string
				Fixes  []struct {
					ArtifactChanges []struct {
						ArtifactLocation struct{ URI string }
						Replacements     []struct {
							DeletedRegion   struct{ StartLine, StartColumn, EndLine, EndColumn int }
							InsertedContent struct{ Text string }
						}
					}
				}
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	res := doc.Runs[0].Results
	require.Len(t, res, 3)
	assert.Equal(t, "prefer-error-factory", res[0].RuleID)
	assert.Equal(t, "warning", res[0].Level)
	require.Len(t, res[0].Fixes, 1)
	change := res[0].Fixes[0].ArtifactChanges[0]
	assert.Equal(t, "fixme/fixme.go", change.ArtifactLocation.URI)
	assert.Equal(t, "modern", change.Replacements[0].InsertedContent.Text)
	assert.Equal(t, 9, change.Replacements[0].DeletedRegion.StartLine)
	assert.Equal(t, 23, change.Replacements[0].DeletedRegion.StartColumn)
	assert.Equal(t, 29, change.Replacements[0].DeletedRegion.EndColumn)

	r = runInProcess(t, dir, driver.Options{Patterns: []string{"./fixme"}, Format: output.JSON}, legacyCheck)
	require.Equal(t, 0, r.code, r.stderr)
	var jdoc struct {
		Findings []struct {
			Rule           string
			SuggestedFixes []struct {
				Message string
				Edits   []struct {
					File    string
					NewText string
					Start   struct{ Line, Column int }
				}
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &jdoc))
	require.Len(t, jdoc.Findings, 3)
	fix := jdoc.Findings[0].SuggestedFixes[0]
	assert.Equal(t, "call modern", fix.Message)
	assert.Equal(t, "fixme/fixme.go", fix.Edits[0].File)
	assert.Equal(t, "modern", fix.Edits[0].NewText)
	assert.Equal(t, 9, fix.Edits[0].Start.Line)
}

func TestDisabledRuleIsNotRun(t *testing.T) {
	r := runInProcess(t, fixture(t, "mod"), driver.Options{
		Patterns: []string{"./fixme"},
		Flags:    driver.FlagSettings{Disable: []string{"prefer-error-factory"}, FailOn: "warning"},
	}, legacyCheck)
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Empty(t, r.stdout)

	r = runInProcess(t, fixture(t, "mod"), driver.Options{
		Patterns: []string{"./fixme"},
		Flags:    driver.FlagSettings{Disable: []string{"handlerrules"}, Enable: []string{"prefer-error-factory"}},
	}, legacyCheck)
	assert.Equal(t, 0, r.code)
	assert.Len(t, strings.Split(strings.TrimSpace(r.stdout), "\n"), 3, "a rule named explicitly wins over its family")
}
