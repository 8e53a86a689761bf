// Package bench measures mcplint on synthetic servers of growing size, so that the cost per
// tool can be watched as the number of tools grows:
//
//	go test -run '^$' -bench Lint -benchtime 3x ./internal/testkit/bench
//	MCPLINT_BENCH_LARGE=1 go test -run '^$' -bench Lint/tools=10000 -benchtime 1x -timeout 1h ./internal/testkit/bench
//
// Each run is what `mcplint ./...` does in the generated module (go list, type-checking, every
// analyzer of the default configuration), with a warm build cache: the module is generated and
// linted once before the clock starts. ns/tool and B/tool divide the time and the bytes
// allocated per run by the number of tools.
package bench

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/driver/engine"
	"github.com/mcplint-go/mcplint/internal/testkit/bench/gen"
	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
)

func repo(tb testing.TB) string {
	tb.Helper()
	_, file, _, _ := runtime.Caller(0)
	dir, err := filepath.Abs(filepath.Join(filepath.Dir(file), "..", "..", ".."))
	require.NoError(tb, err)
	return dir
}

// lint runs the default configuration over the module in dir, as the command does.
func lint(tb testing.TB, dir string) *engine.Outcome {
	tb.Helper()
	cfg := analyzers.NewConfig()
	as, err := analyzers.New(cfg)
	require.NoError(tb, err)
	out, err := engine.Run(context.Background(), engine.Options{
		Dir:       dir,
		Tests:     true,
		Env:       append(os.Environ(), gen.Env()...),
		Analyzers: as,
		Scope:     analyzers.Scope(cfg),
	})
	require.NoError(tb, err)
	require.Empty(tb, out.PackageErrors)
	return out
}

// flawed is how many of n generated tools carry a mistake mcplint reports (one finding each).
func flawed(n int) int {
	c := 0
	for i := range n {
		if i%7 == 3 {
			c++
		}
	}
	return c
}

func BenchmarkLint(b *testing.B) {
	require.NoError(b, fixtures.Prepare()) // the SDK modules, for an offline build
	for _, n := range []int{100, 1000, 10000} {
		b.Run("tools="+strconv.Itoa(n), func(b *testing.B) {
			if n > 1000 && os.Getenv("MCPLINT_BENCH_LARGE") == "" {
				b.Skip("set MCPLINT_BENCH_LARGE=1 to measure 10,000 tools")
			}
			dir := b.TempDir()
			_, err := gen.Write(dir, gen.Options{Tools: n, Repo: repo(b)})
			require.NoError(b, err)
			out := lint(b, dir) // fills the build cache; checks the run is real
			perTool := 0
			for _, f := range out.Findings {
				// A surface of 10,000 tools is over any client's token budget: true, and the
				// server's, not a tool's.
				if f.Rule != "surface-token-budget" {
					perTool++
				}
			}
			require.Equal(b, flawed(n), perTool, "one finding per flawed tool")

			b.ReportAllocs()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for b.Loop() {
				lint(b, dir)
			}
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/tool")
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(n), "B/tool")
		})
	}
}

// TestSyntheticServerFindings keeps the benchmark honest in ordinary test runs: a small
// generated server is linted and every flawed tool is reported, nothing else.
func TestSyntheticServerFindings(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the SDKs")
	}
	require.NoError(t, fixtures.Prepare())
	dir := t.TempDir()
	_, err := gen.Write(dir, gen.Options{Tools: 24, PerPackage: 8, Repo: repo(t)})
	require.NoError(t, err)
	out := lint(t, dir)
	rules := map[string]int{}
	for _, f := range out.Findings {
		rules[f.Rule]++
	}
	// Tools 3, 10 and 17 are flawed: an mcptool, a mark3labs and a go-sdk low-level tool.
	require.Equal(t, map[string]int{"prefer-error-factory": 1, "result-and-error": 1, "nil-result-nil-error": 1}, rules)
}
