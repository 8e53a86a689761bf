package analyzers

import (
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/reachable"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/surface"
)

// Surface returns the analyzer that collects the MCP surface into c, recognising definitions
// the way the rules of cfg do (its registrars).
func Surface(cfg *Config, c *surface.Collector) *analysis.Analyzer {
	return surface.NewAnalyzer(mcpdefs.New(recognition(cfg)), c)
}

// SurfaceWith is Surface with recognition told what a driver that sees the whole module
// found (see NewLayered).
func SurfaceWith(cfg *Config, graph mcpdefs.Options, c *surface.Collector) *analysis.Analyzer {
	opts := recognition(cfg)
	opts.Layered, opts.Own = graph.Layered, graph.Own
	return surface.NewAnalyzer(mcpdefs.New(opts), c)
}

// WithSurface adds to as the analyzer that collects the surface into c, built on the
// recognition analyzer they already use (the go/analysis checker refuses two analyzers that
// register the same fact types), or on a new one when none does.
func WithSurface(as []*analysis.Analyzer, cfg *Config, c *surface.Collector) []*analysis.Analyzer {
	var defs *analysis.Analyzer
	for a := range reachable.Analyzers(as) {
		if a.ResultType == reflect.TypeFor[*mcpdefs.Result]() {
			defs = a
			break
		}
	}
	if defs == nil {
		defs = mcpdefs.New(recognition(cfg))
	}
	return append(as, surface.NewAnalyzer(defs, c))
}
