package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/surface"
)

// Surface returns the analyzer that collects the MCP surface into c, recognising definitions
// the way the rules of cfg do (its registrars).
func Surface(cfg *Config, c *surface.Collector) *analysis.Analyzer {
	return surface.NewAnalyzer(mcpdefs.New(recognition(cfg)), c)
}
