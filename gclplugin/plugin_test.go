package gclplugin

import (
	"go/token"
	"os"
	"sort"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

func TestRegisteredUnderItsName(t *testing.T) {
	newPlugin, err := register.GetPlugin("mcplint")
	require.NoError(t, err)
	p, err := newPlugin(nil)
	require.NoError(t, err)
	assert.Equal(t, register.LoadModeTypesInfo, p.GetLoadMode())
	as, err := p.BuildAnalyzers()
	require.NoError(t, err)
	require.NoError(t, analysis.Validate(as))
	assert.Contains(t, analyzerNames(as), "result_and_error")
}

func TestServerJSONRulesDoNotRunUnderGolangciLint(t *testing.T) {
	p, err := New(map[string]any{"enable": []any{"all"}})
	require.NoError(t, err)
	as, _ := p.BuildAnalyzers()
	assert.NotContains(t, analyzerNames(as), "serverjson")

	for _, name := range []string{"serverjson", "server-json-syntax"} {
		_, err := New(map[string]any{"enable": []any{name}})
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), "enable: "+name+": golangci-lint reports findings in .go files only")
	}
}

func TestInvalidValuesFailAtStartupNamingTheKey(t *testing.T) {
	_, err := New(map[string]any{
		"disable":  []any{"result-and-eror"},
		"severity": map[string]any{"Result-And-Error": "loud"},
	})
	require.Error(t, err)
	msg := err.Error()
	assert.Contains(t, msg, "linters.settings.custom.mcplint.settings")
	assert.Contains(t, msg, `disable: unknown rule or family "result-and-eror" (did you mean "result-and-error"?)`)
	assert.Contains(t, msg, `severity.result-and-error: unknown severity "loud"`)

	_, err = New(map[string]any{"plain-handler-error": true})
	require.ErrorContains(t, err, `plain-handler-error: unknown key (did you mean "plain-handler-errors"?)`)
}

// TestSettingsChangeTheFindings runs the plugin's analyzers over fixture packages: disabling
// a rule removes its findings, and plain-handler-errors brings findings that are off by
// default.
func TestSettingsChangeTheFindings(t *testing.T) {
	pkgs := load(t, "./handlerrules/result-and-error", "./handlerrules/prefer-mcp-error-in-handler/plain")
	run := func(settings map[string]any) map[string]int {
		p, err := New(settings)
		require.NoError(t, err)
		as, _ := p.BuildAnalyzers()
		g, err := checker.Analyze(as, pkgs, nil)
		require.NoError(t, err)
		counts := map[string]int{}
		for act := range g.All() {
			if act.IsRoot {
				for _, d := range act.Diagnostics {
					counts[d.Category]++
				}
			}
		}
		return counts
	}
	def := run(nil)
	assert.Positive(t, def["result-and-error"])

	off := run(map[string]any{"disable": []any{"result-and-error"}})
	assert.Zero(t, off["result-and-error"])

	plain := run(map[string]any{"Plain-Handler-Errors": true})
	assert.Greater(t, plain["prefer-mcp-error-in-handler"], def["prefer-mcp-error-in-handler"],
		"plain-handler-errors extends prefer-mcp-error-in-handler to plain SDK handlers")
}

func TestSingleFixOnlyDropsAlternatives(t *testing.T) {
	fix := func(msg string) analysis.SuggestedFix {
		return analysis.SuggestedFix{Message: msg, TextEdits: []analysis.TextEdit{{Pos: 1, End: 2}}}
	}
	a := &analysis.Analyzer{Name: "fake", Doc: "reports with one and with two fixes", Run: func(pass *analysis.Pass) (any, error) {
		pass.Report(analysis.Diagnostic{Pos: 1, Message: "one", SuggestedFixes: []analysis.SuggestedFix{fix("a")}})
		pass.Report(analysis.Diagnostic{Pos: 1, Message: "two", SuggestedFixes: []analysis.SuggestedFix{fix("a"), fix("b")}})
		pass.Report(analysis.Diagnostic{Pos: 1, Category: "some-rule", Message: "three (some-rule)"})
		return "result", nil
	}}
	var got []analysis.Diagnostic
	pass := &analysis.Pass{Analyzer: a, Fset: token.NewFileSet(), Report: func(d analysis.Diagnostic) { got = append(got, d) }}
	res, err := singleFixOnly([]*analysis.Analyzer{a})[0].Run(pass)
	require.NoError(t, err)
	assert.Equal(t, "result", res)
	require.Len(t, got, 3)
	assert.Len(t, got[0].SuggestedFixes, 1, "a single fix is kept")
	assert.Empty(t, got[1].SuggestedFixes, "alternatives are dropped: golangci-lint --fix would apply them all")
	assert.Equal(t, "three", got[2].Message, "golangci-lint names the rule before the message; the message does not repeat it")
}

func load(t *testing.T, patterns ...string) []*packages.Package {
	t.Helper()
	pkgs, err := packages.Load(&packages.Config{
		Mode: packages.LoadAllSyntax | packages.NeedModule,
		Dir:  fixtures.Dir(),
		Env:  append(os.Environ(), "GOPROXY=off", "GOWORK=off"),
	}, patterns...)
	require.NoError(t, err)
	for _, p := range pkgs {
		require.Empty(t, p.Errors, p.PkgPath)
	}
	return pkgs
}

func analyzerNames(as []*analysis.Analyzer) []string {
	var names []string
	for _, a := range as {
		names = append(names, a.Name)
	}
	sort.Strings(names)
	return names
}
