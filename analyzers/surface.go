package analyzers

import (
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/surface"
)

// Surface returns the analyzer that collects the MCP surface into c, recognising definitions
// the way the rules of cfg do (its registrars).
func Surface(cfg *Config, c *surface.Collector) *analysis.Analyzer {
	return surface.NewAnalyzer(mcpdefs.New(recognition(cfg)), c)
}

// WithSurface adds to as the analyzer that collects the surface into c, built on the
// recognition analyzer they already use (the go/analysis checker refuses two analyzers that
// register the same fact types), or on a new one when none does.
func WithSurface(as []*analysis.Analyzer, cfg *Config, c *surface.Collector) []*analysis.Analyzer {
	var defs *analysis.Analyzer
	seen := map[*analysis.Analyzer]bool{}
	var walk func(a *analysis.Analyzer)
	walk = func(a *analysis.Analyzer) {
		if defs != nil || seen[a] {
			return
		}
		seen[a] = true
		if a.ResultType == reflect.TypeFor[*mcpdefs.Result]() {
			defs = a
			return
		}
		for _, r := range a.Requires {
			walk(r)
		}
	}
	for _, a := range as {
		walk(a)
	}
	if defs == nil {
		defs = mcpdefs.New(recognition(cfg))
	}
	return append(as, surface.NewAnalyzer(defs, c))
}
