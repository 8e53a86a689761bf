package engine

import (
	"context"
	"fmt"
	"go/ast"
	"go/types"
	"runtime"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
)

// TestStagesStartNoGoroutinePerAnalyzer: the checker starts a goroutine for every action and
// every edge of its graph at once; the engine gives it three actions per package, and runs a
// package's analyzers as their prerequisites finish. A chain of 60 analyzers on three
// packages then never has 60 goroutines alive, where one action per analyzer has 180.
func TestStagesStartNoGoroutinePerAnalyzer(t *testing.T) {
	var mu sync.Mutex
	most := 0
	var chain []*analysis.Analyzer
	for i := range 60 {
		a := &analysis.Analyzer{Name: fmt.Sprintf("link%d", i), Doc: "one link of a chain", Run: func(pass *analysis.Pass) (any, error) {
			mu.Lock()
			most = max(most, runtime.NumGoroutine())
			mu.Unlock()
			return nil, nil
		}}
		if i > 0 {
			a.Requires = []*analysis.Analyzer{chain[i-1]}
		}
		chain = append(chain, a)
	}
	base := runtime.NumGoroutine()
	run(t, fixture(t, "mod"), false, chain, "./clean", "./fixme", "./boom")
	assert.Less(t, most-base, 60, "goroutines alive beside the test's own")
}

// peeker has no fact types, so, as under the checker, it sees no fact of another analyzer,
// though the engine keeps every analyzer's facts of a package in one place.
func peeker(fa *analysis.Analyzer, seen *bool) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     "peeker",
		Doc:      "asks for deprecation's facts without declaring them",
		Requires: []*analysis.Analyzer{fa},
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.Files {
				ast.Inspect(f, func(n ast.Node) bool {
					if sel, ok := n.(*ast.SelectorExpr); ok {
						if fn, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Func); ok && pass.ImportObjectFact(fn, new(deprecatedFact)) {
							*seen = true
						}
					}
					return true
				})
			}
			if len(pass.AllObjectFacts()) > 0 || len(pass.AllPackageFacts()) > 0 {
				*seen = true
			}
			return nil, nil
		},
	}
}

func TestAnalyzerSeesOnlyItsOwnFactTypes(t *testing.T) {
	for _, loader := range []Loader{LoaderEngine, LoaderPackages} {
		seen := false
		fa := factAnalyzer()
		out, err := Run(context.Background(), Options{Dir: fixture(t, "mod"), Patterns: []string{"./facts/app"}, Loader: loader, Analyzers: []*analysis.Analyzer{fa, peeker(fa, &seen)}})
		require.NoError(t, err)
		assert.Len(t, out.Findings, 1, "%s: deprecation, which peeker requires, sees its fact", loader)
		assert.False(t, seen, "%s: peeker saw a fact it does not declare", loader)
	}
}

// TestFactAnalyzerFailingBelowIsReportedOnce: an analyzer with facts that crashes on a
// dependency fails on its importers too (they lack its facts), and only the crash is reported.
func TestFactAnalyzerFailingBelowIsReportedOnce(t *testing.T) {
	fa := factAnalyzer()
	inner := fa.Run
	fa.Run = func(pass *analysis.Pass) (any, error) {
		if pass.Pkg.Name() == "lib" {
			panic("lib")
		}
		return inner(pass)
	}
	out := run(t, fixture(t, "mod"), false, []*analysis.Analyzer{fa}, "./facts/app")
	require.Len(t, out.Findings, 1)
	assert.Equal(t, InternalErrorRule, out.Findings[0].Rule)
	assert.Equal(t, "example.com/fixture/facts/lib", out.Findings[0].Package)
	require.Len(t, out.Crashes, 1)
}

func TestSharedFactTypeIsInvalid(t *testing.T) {
	other := factAnalyzer()
	other.Name = "deprecation2"
	_, err := Run(context.Background(), Options{Dir: fixture(t, "mod"), Patterns: []string{"./facts/app"}, Analyzers: []*analysis.Analyzer{factAnalyzer(), other}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "registered by two analyzers")
}
