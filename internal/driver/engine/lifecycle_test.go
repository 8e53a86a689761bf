package engine

import (
	"context"
	"go/ast"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
)

// inFlightProbe returns two analyzers, enter and leave (which requires enter), and the most
// packages that were ever between enter's start and leave's end at once. enter sleeps so
// that, without a bound, the packages' analyses overlap.
func inFlightProbe() (enter, leave *analysis.Analyzer, most func() int) {
	var mu sync.Mutex
	live, peak := 0, 0
	enter = &analysis.Analyzer{Name: "enter", Doc: "marks the package resident", Run: func(pass *analysis.Pass) (any, error) {
		mu.Lock()
		live++
		peak = max(peak, live)
		mu.Unlock()
		time.Sleep(50 * time.Millisecond)
		return nil, nil
	}}
	leave = &analysis.Analyzer{Name: "leave", Doc: "marks the package done", Requires: []*analysis.Analyzer{enter}, Run: func(pass *analysis.Pass) (any, error) {
		mu.Lock()
		live--
		mu.Unlock()
		return nil, nil
	}}
	return enter, leave, func() int {
		mu.Lock()
		defer mu.Unlock()
		return peak
	}
}

func runInFlight(t *testing.T, limit int) int {
	t.Helper()
	enter, leave, most := inFlightProbe()
	_, err := Run(context.Background(), Options{Dir: fixture(t, "mod"), Patterns: []string{"./clean", "./fixme", "./boom"}, Analyzers: []*analysis.Analyzer{enter, leave}, inFlight: limit})
	require.NoError(t, err)
	return most()
}

// TestGateBoundsPackagesInFlight: the checker starts every package's analysis at once; the
// gate type-checks a lazy package only when fewer than the limit are resident.
func TestGateBoundsPackagesInFlight(t *testing.T) {
	require.Greater(t, runInFlight(t, 100), 1, "without a bound the three packages overlap (else this test proves nothing)")
	assert.Equal(t, 1, runInFlight(t, 1))
}

// TestFailedActionStillReleasesPackage: an analyzer that panics fails the actions that need
// it, which the checker skips; they count as done, so the package is still released (its
// results are zeroed) and its place at the gate comes free.
func TestFailedActionStillReleasesPackage(t *testing.T) {
	boom := panicsOn("boom")
	dependent := &analysis.Analyzer{Name: "dependent", Doc: "requires panicky", Requires: []*analysis.Analyzer{boom}, Run: func(pass *analysis.Pass) (any, error) {
		return nil, nil
	}}
	type syntax struct{ files []*ast.File }
	var mu sync.Mutex
	var results []*syntax
	record := &analysis.Analyzer{Name: "record", Doc: "keeps its results", ResultType: reflect.TypeFor[*syntax](), Run: func(pass *analysis.Pass) (any, error) {
		r := &syntax{pass.Files}
		mu.Lock()
		results = append(results, r)
		mu.Unlock()
		return r, nil
	}}
	done := make(chan *Outcome)
	go func() {
		out, err := Run(context.Background(), Options{Dir: fixture(t, "mod"), Patterns: []string{"./boom", "./clean", "./fixme"}, Analyzers: []*analysis.Analyzer{boom, dependent, record}, inFlight: 1})
		assert.NoError(t, err)
		done <- out
	}()
	select {
	case out := <-done:
		require.NotNil(t, out)
		require.Len(t, out.Crashes, 1)
	case <-time.After(gateStall / 2):
		t.Fatal("the run waited at the gate for a package whose failed action never finished")
	}
	require.Len(t, results, 3)
	for _, r := range results {
		assert.Nil(t, r.files, "every package was released, which zeroes its results")
	}
}

// TestCheckerBuildsPassesOfCheckedPackages: an analyzer's pass is built from a lazy package's
// syntax, types and errors, so the package and its imports must be type-checked before then
// (its check stage runs after its imports', and before the facts stage). Under -race (see .ci/run)
// this also proves those writes happen before the reads.
func TestCheckerBuildsPassesOfCheckedPackages(t *testing.T) {
	var mu sync.Mutex
	seen := map[string]bool{}
	probe := &analysis.Analyzer{Name: "probe", Doc: "checks the pass it is given", Run: func(pass *analysis.Pass) (any, error) {
		assert.NotEmpty(t, pass.Files, pass.Pkg.Path())
		if assert.NotNil(t, pass.TypesInfo, pass.Pkg.Path()) {
			assert.NotEmpty(t, pass.TypesInfo.Defs, pass.Pkg.Path())
		}
		assert.True(t, pass.Pkg.Complete(), pass.Pkg.Path())
		for _, imp := range pass.Pkg.Imports() {
			assert.True(t, imp.Complete(), "%s imports %s before it is checked", pass.Pkg.Path(), imp.Path())
		}
		mu.Lock()
		seen[pass.Pkg.Path()] = true
		mu.Unlock()
		return nil, nil
	}}
	_, err := Run(context.Background(), Options{Dir: fixture(t, "mod"), Patterns: []string{"./..."}, Analyzers: []*analysis.Analyzer{probe, factAnalyzer()}})
	require.NoError(t, err)
	assert.True(t, seen["example.com/fixture/facts/app"] && seen["example.com/fixture/facts/lib"], "app and lib, which it imports, are both analysed: %v", seen)
}
