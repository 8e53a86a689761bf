package engine

import (
	"context"
	"os"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// BenchmarkRun measures a whole run (load, type-check, analyse) on the module in
// MCPLINT_BENCH_DIR with test analyzers, without facts and with them (then the module's own
// dependencies of the matched packages are checked in full too, for their facts). The
// benchmark of mcplint's real analyzers on synthetic servers is in internal/testkit/bench. It is
// skipped when the variable is unset, so it is not part of go test ./...:
//
//	MCPLINT_BENCH_DIR=/path/to/module go test -run '^$' -bench Run -benchtime 3x ./internal/driver/engine
func BenchmarkRun(b *testing.B) {
	dir := os.Getenv("MCPLINT_BENCH_DIR")
	if dir == "" {
		b.Skip("set MCPLINT_BENCH_DIR to a module directory to measure")
	}
	for _, tc := range []struct {
		name string
		as   []*analysis.Analyzer
	}{
		{"roots-only", []*analysis.Analyzer{callsTo("legacy")}},
		{"with-deps", []*analysis.Analyzer{callsTo("legacy"), factAnalyzer()}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				out, err := Run(context.Background(), Options{Dir: dir, Tests: true, Analyzers: tc.as})
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(out.Checked), "packages")
			}
		})
	}
}
