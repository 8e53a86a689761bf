package engine

import (
	"context"
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/mcplint-go/mcplint/internal/driver/result"
)

func fixture(t *testing.T, name string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "testdata", name))
	require.NoError(t, err)
	return dir
}

// callsTo reports every call of a function named name, with a fix renaming it to "modern".
func callsTo(name string) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: "calls_" + name,
		Doc:  "reports calls of " + name,
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.Files {
				ast.Inspect(f, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok {
						return true
					}
					if id, ok := call.Fun.(*ast.Ident); ok && id.Name == name {
						pass.Report(analysis.Diagnostic{
							Pos: call.Pos(), End: call.End(), Category: "test-calls", Message: "call of " + name,
							SuggestedFixes: []analysis.SuggestedFix{{Message: "call modern", TextEdits: []analysis.TextEdit{{Pos: id.Pos(), End: id.End(), NewText: []byte("modern")}}}},
						})
					}
					return true
				})
			}
			return nil, nil
		},
	}
}

// panicsOn panics on the package whose name is pkg, and reports each file elsewhere.
func panicsOn(pkg string) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "panicky",
		Doc:        "panics on package " + pkg,
		ResultType: reflect.TypeFor[int](),
		Run: func(pass *analysis.Pass) (any, error) {
			if pass.Pkg.Name() == pkg {
				var m map[string]int
				//lint:ignore SA5000 a nil-map write is the real runtime panic this test needs
				m["boom"]++
			}
			for _, f := range pass.Files {
				pass.Reportf(f.Package, "checked by panicky")
			}
			return 0, nil
		},
	}
}

func run(t *testing.T, dir string, tests bool, as []*analysis.Analyzer, patterns ...string) *Outcome {
	t.Helper()
	out, err := Run(context.Background(), Options{Dir: dir, Patterns: patterns, Tests: tests, Analyzers: as})
	require.NoError(t, err)
	return out
}

func byPackage(out *Outcome) map[string][]string {
	m := map[string][]string{}
	for _, f := range out.Findings {
		m[f.Package] = append(m[f.Package], f.Rule+": "+f.Message)
	}
	return m
}

func TestLoadModeNeverLoadsDependencySyntax(t *testing.T) {
	assert.Zero(t, LoadMode()&packages.NeedDeps, "dependencies come from export data, facts or not")
	assert.NotZero(t, LoadMode()&packages.NeedSyntax)
	assert.NotZero(t, LoadMode()&packages.NeedTypesInfo)
}

func TestNeedsFactsSeesRequiredAnalyzers(t *testing.T) {
	plain := callsTo("legacy")
	assert.False(t, NeedsFacts([]*analysis.Analyzer{plain}))
	user := &analysis.Analyzer{Name: "user", Doc: "requires a fact analyzer", Requires: []*analysis.Analyzer{factAnalyzer()}, Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	assert.True(t, NeedsFacts([]*analysis.Analyzer{plain, user}), "facts of a required analyzer count")
}

func TestRunReportsFindingsWithPositionsAndFixes(t *testing.T) {
	dir := fixture(t, "mod")
	out := run(t, dir, false, []*analysis.Analyzer{callsTo("legacy")}, "./fixme")
	assert.Equal(t, 1, out.Checked)
	assert.Empty(t, out.PackageErrors)
	require.Len(t, out.Findings, 3)
	slices.SortFunc(out.Findings, func(a, b result.Finding) int { return a.Pos.Offset - b.Pos.Offset })
	f := out.Findings[0]
	assert.Equal(t, "test-calls", f.Rule)
	assert.Equal(t, "calls_legacy", f.Analyzer)
	assert.Equal(t, "example.com/fixture/fixme", f.Package)
	assert.Equal(t, filepath.Join(dir, "fixme", "fixme.go"), f.Pos.File)
	assert.Equal(t, 9, f.Pos.Line)
	assert.Equal(t, 23, f.Pos.Column)
	assert.Equal(t, 9, f.End.Line)
	assert.Equal(t, 31, f.End.Column)
	require.Len(t, f.Fixes, 1)
	e := f.Fixes[0].Edits[0]
	assert.Equal(t, "modern", e.NewText)
	assert.Equal(t, f.Pos.Offset, e.Start.Offset)
	assert.Equal(t, f.Pos.Offset+len("legacy"), e.End.Offset)
	assert.Positive(t, e.FileSize)
}

func TestRunAnalysesTestVariantInsteadOfPackage(t *testing.T) {
	dir := fixture(t, "mod")
	reportFiles := &analysis.Analyzer{Name: "files", Doc: "reports each file", Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			pass.Reportf(f.Package, "file %s", filepath.Base(pass.Fset.File(f.Pos()).Name()))
		}
		return nil, nil
	}}
	out := run(t, dir, true, []*analysis.Analyzer{reportFiles}, "./clean")
	assert.Equal(t, map[string][]string{
		"example.com/fixture/clean [example.com/fixture/clean.test]": {"files: file clean.go", "files: file clean_test.go"},
	}, byPackage(out), "the package alone is not analysed again, and the test main is skipped")
	assert.Equal(t, 1, out.Checked)
}

func TestPanickingAnalyzerIsReportedAndOtherPackagesGoOn(t *testing.T) {
	dir := fixture(t, "mod")
	boom := panicsOn("boom")
	dependent := &analysis.Analyzer{Name: "dependent", Doc: "requires panicky", Requires: []*analysis.Analyzer{boom}, Run: func(pass *analysis.Pass) (any, error) {
		return nil, nil
	}}
	out := run(t, dir, false, []*analysis.Analyzer{boom, dependent, callsTo("legacy")}, "./boom", "./fixme", "./clean")

	got := byPackage(out)
	assert.Equal(t, []string{"panicky: checked by panicky"}, got["example.com/fixture/clean"])
	assert.Contains(t, got["example.com/fixture/fixme"], "panicky: checked by panicky")
	assert.Contains(t, got["example.com/fixture/boom"], "test-calls: call of legacy", "other analyzers still run on the package that crashed one")

	var crash []result.Finding
	for _, f := range out.Findings {
		if f.Rule == InternalErrorRule {
			crash = append(crash, f)
		}
	}
	require.Len(t, crash, 1, "one report for the crash, none for the analyzer that depended on it")
	c := crash[0]
	assert.Equal(t, "example.com/fixture/boom", c.Package)
	assert.Equal(t, "panicky", c.Analyzer)
	assert.Equal(t, filepath.Join(dir, "boom", "boom.go"), c.Pos.File)
	assert.Equal(t, 2, c.Pos.Line, "at the package clause")
	assert.Contains(t, c.Message, "mcplint analyzer panicky crashed on package example.com/fixture/boom")
	assert.Contains(t, c.Message, "assignment to entry in nil map")
	assert.Contains(t, c.Message, "panicsOn", "names the function that panicked")
	assert.Contains(t, c.Message, fmt.Sprintf("engine_test.go:%d)", lineOf(t, "engine_test.go", `m["boom"]++`)), "names the line that panicked")
	assert.Contains(t, c.Message, IssuesURL)
	assert.True(t, strings.HasSuffix(c.Message, "("+InternalErrorRule+")"))
	require.Len(t, out.Crashes, 1)
	assert.Contains(t, string(out.Crashes[0].Stack), "panicsOn")
	assert.Equal(t, 3, out.Checked)
}

func TestAnalyzerErrorIsReported(t *testing.T) {
	failing := &analysis.Analyzer{Name: "failing", Doc: "returns an error", Run: func(pass *analysis.Pass) (any, error) {
		return nil, assert.AnError
	}}
	out := run(t, fixture(t, "mod"), false, []*analysis.Analyzer{failing}, "./clean")
	require.Len(t, out.Findings, 1)
	assert.Equal(t, InternalErrorRule, out.Findings[0].Rule)
	assert.Contains(t, out.Findings[0].Message, "mcplint analyzer failing failed on package example.com/fixture/clean: "+assert.AnError.Error())
	assert.Empty(t, out.Crashes)
}

func TestBrokenPackageIsReportedAndOthersChecked(t *testing.T) {
	dir := fixture(t, "withbroken")
	strict := &analysis.Analyzer{Name: "strict", Doc: "needs well-typed code", Run: func(pass *analysis.Pass) (any, error) {
		pass.Reportf(pass.Files[0].Package, "strict ran")
		return nil, nil
	}}
	lenient := &analysis.Analyzer{Name: "lenient", Doc: "runs despite errors", RunDespiteErrors: true, Run: func(pass *analysis.Pass) (any, error) {
		pass.Reportf(pass.Files[0].Package, "lenient ran")
		return nil, nil
	}}
	out := run(t, dir, true, []*analysis.Analyzer{strict, lenient}, "./good", "./plain")
	assert.Equal(t, 1, out.Checked)
	require.Len(t, out.PackageErrors, 1)
	pe := out.PackageErrors[0]
	assert.Equal(t, "example.com/withbroken/plain", pe.Package)
	require.Len(t, pe.Errors, 1, "the compiler's repeat of the type error is dropped")
	assert.Equal(t, filepath.Join(dir, "plain", "plain.go")+`:7:9: cannot use "not an int" (untyped string constant) as int value in return statement`, pe.Errors[0])

	assert.Equal(t, map[string][]string{
		"example.com/withbroken/good":  {"strict: strict ran", "lenient: lenient ran"},
		"example.com/withbroken/plain": {"lenient: lenient ran"},
	}, byPackage(out), "the checker skips strict on the broken package without an internal error")
}

func TestNothingMatches(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/empty\n\ngo 1.26\n"), 0o644))
	_, err := Run(context.Background(), Options{Dir: dir})
	assert.ErrorIs(t, err, ErrNoPackages)
	assert.ErrorContains(t, err, "./...")
}

func TestMissingPatternDirectoryIsAPackageError(t *testing.T) {
	out := run(t, fixture(t, "mod"), false, nil, "./nothing/...")
	assert.Zero(t, out.Checked)
	require.Len(t, out.PackageErrors, 1)
	assert.Contains(t, out.PackageErrors[0].Errors[0], "no such file or directory")
}

func TestMissingDirectoryIsAPackageError(t *testing.T) {
	out := run(t, fixture(t, "mod"), false, []*analysis.Analyzer{callsTo("legacy")}, "./clean", "./nonexistent")
	assert.Equal(t, 1, out.Checked)
	require.Len(t, out.PackageErrors, 1)
	assert.Contains(t, out.PackageErrors[0].Errors[0], "nonexistent")
}

// deprecatedFact marks a function; factAnalyzer exports it for functions named Deprecated
// and reports calls of marked functions in other packages.
type deprecatedFact struct{}

func (*deprecatedFact) AFact()         {}
func (*deprecatedFact) String() string { return "deprecated" }

func factAnalyzer() *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:      "deprecation",
		Doc:       "reports calls of functions marked deprecated in their own package",
		FactTypes: []analysis.Fact{new(deprecatedFact)},
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.Files {
				ast.Inspect(f, func(n ast.Node) bool {
					switch n := n.(type) {
					case *ast.FuncDecl:
						if n.Name.Name == "Deprecated" {
							pass.ExportObjectFact(pass.TypesInfo.Defs[n.Name], new(deprecatedFact))
						}
					case *ast.SelectorExpr:
						if fn, ok := pass.TypesInfo.Uses[n.Sel].(*types.Func); ok && pass.ImportObjectFact(fn, new(deprecatedFact)) {
							pass.Reportf(n.Pos(), "call of deprecated %s", fn.FullName())
						}
					}
					return true
				})
			}
			return nil, nil
		},
	}
}

func TestFactsFlowFromDependencies(t *testing.T) {
	out := run(t, fixture(t, "mod"), false, []*analysis.Analyzer{factAnalyzer()}, "./facts/app")
	assert.Equal(t, map[string][]string{
		"example.com/fixture/facts/app": {"deprecation: call of deprecated example.com/fixture/facts/lib.Deprecated"},
	}, byPackage(out))
}

// ranOn wraps an analyzer to record the packages it runs on.
func ranOn(a *analysis.Analyzer, mu *sync.Mutex, seen map[string]bool) *analysis.Analyzer {
	run := a.Run
	a.Run = func(pass *analysis.Pass) (any, error) {
		mu.Lock()
		seen[pass.Pkg.Path()] = true
		mu.Unlock()
		return run(pass)
	}
	return a
}

func TestFactAnalyzersRunOnModuleCodeOnly(t *testing.T) {
	var mu sync.Mutex
	seen := map[string]bool{}
	out := run(t, fixture(t, "mod"), false, []*analysis.Analyzer{ranOn(factAnalyzer(), &mu, seen)}, "./facts/app")
	require.Len(t, out.Findings, 1, "the fact from lib, a dependency in the module, still arrives")
	assert.Equal(t, map[string]bool{"example.com/fixture/facts/app": true, "example.com/fixture/facts/lib": true}, seen,
		"strings, which lib imports, is known from export data and never analysed")
}

func TestScopeSkipsRootsBeforeLoading(t *testing.T) {
	var mu sync.Mutex
	seen := map[string]bool{}
	onlyFixme := func(roots []*packages.Package) map[*packages.Package]bool {
		keep := map[*packages.Package]bool{}
		for _, r := range roots {
			if strings.HasSuffix(r.PkgPath, "/fixme") {
				keep[r] = true
			}
		}
		return keep
	}
	out, err := Run(context.Background(), Options{
		Dir:       fixture(t, "mod"),
		Patterns:  []string{"./clean", "./fixme", "./nonexistent"},
		Tests:     true,
		Analyzers: []*analysis.Analyzer{ranOn(callsTo("legacy"), &mu, seen)},
		Scope:     onlyFixme,
	})
	require.NoError(t, err)
	assert.Equal(t, map[string]bool{"example.com/fixture/fixme": true}, seen)
	assert.Len(t, out.Findings, 3)
	assert.Equal(t, 2, out.Checked, "fixme, and clean with its tests counted once")
	assert.Equal(t, 1, out.Skipped)
	require.Len(t, out.PackageErrors, 1, "a pattern that fails to load is reported whatever the scope says")
	assert.Contains(t, out.PackageErrors[0].Errors[0], "nonexistent")
}

func TestLinkSourcesLooksThroughExportData(t *testing.T) {
	src := func(id string) *packages.Package {
		return &packages.Package{ID: id, PkgPath: id, Types: types.NewPackage(id, id), TypesInfo: &types.Info{}, Syntax: []*ast.File{{}}}
	}
	exp := func(id string) *packages.Package {
		return &packages.Package{ID: id, PkgPath: id, Types: types.NewPackage(id, id)}
	}
	a, b, c, x, y := src("a"), src("b"), src("c"), exp("x"), exp("y")
	a.Imports = map[string]*packages.Package{"x": x, "c": c}
	x.Imports = map[string]*packages.Package{"b": b, "y": y}
	y.Imports = map[string]*packages.Package{"x": x} // a cycle go list would report; the walk ends
	b.Imports = map[string]*packages.Package{"z": exp("z")}
	linkSources([]*packages.Package{a}, hasSource)
	assert.Equal(t, map[string]*packages.Package{"b": b, "c": c}, a.Imports, "b through x, c directly")
	assert.Empty(t, b.Imports)
	assert.Len(t, x.Imports, 2, "packages known from export data are left alone")
}

// lineOf is the 1-based line of the first occurrence of text in file.
func lineOf(t *testing.T, file, text string) int {
	t.Helper()
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	i := strings.Index(string(data), text)
	require.GreaterOrEqual(t, i, 0, "%q not in %s", text, file)
	return strings.Count(string(data[:i]), "\n") + 1
}

// TestColdCacheBuildsNothing runs with an empty build cache and a -toolexec that records
// every compiler or cgo run (and fails it): dependencies are checked from source, no tool
// runs, and the run gives the findings a warm run gives, facts included.
func TestColdCacheBuildsNothing(t *testing.T) {
	dir := fixture(t, "mod")
	as := []*analysis.Analyzer{factAnalyzer(), callsTo("legacy")}
	warm := run(t, dir, true, as, "./facts/app", "./fixme")

	tmp := t.TempDir()
	log := filepath.Join(tmp, "tools.log")
	exec := filepath.Join(tmp, "toolexec.sh")
	// go asks each tool for its version (-V=full) to key the cache; that is not a build.
	script := "#!/bin/sh\ncase \"$*\" in *-V=full*) exec \"$@\";; esac\necho \"$*\" >> " + log + "\nexit 1\n"
	require.NoError(t, os.WriteFile(exec, []byte(script), 0o755))
	cold, err := Run(context.Background(), Options{
		Dir: dir, Patterns: []string{"./facts/app", "./fixme"}, Tests: true, Analyzers: as,
		Env: append(os.Environ(), "GOCACHE="+filepath.Join(tmp, "cache"), "GOFLAGS=-toolexec="+exec),
	})
	require.NoError(t, err)
	assert.NoFileExists(t, log, "no compiler, assembler or cgo run")
	assert.Empty(t, cold.PackageErrors)
	assert.Equal(t, warm.Checked, cold.Checked)
	assert.ElementsMatch(t, warm.Findings, cold.Findings)
	assert.Len(t, cold.Findings, 4, "three calls of legacy and the deprecated call, through a fact")
}
