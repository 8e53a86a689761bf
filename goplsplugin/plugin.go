// Package goplsplugin is mcplint as gopls sees it: the analyzers a gopls built by
// `mcplint gopls` appends to its own list, each with the LSP severity of its rule.
//
// gopls cannot load analyzers at run time; `mcplint gopls -o FILE` builds gopls from the module
// proxy with one extra file in gopls's internal/settings package that calls Analyzers. The
// package imports no gopls code, so it compiles against the x/tools version the gopls build
// pins, and gopls's own types stay on gopls's side of that file.
package goplsplugin

import (
	"fmt"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/analyzers"
)

// LSP diagnostic severities (DiagnosticSeverity in the LSP specification).
const (
	SeverityError       = 1
	SeverityWarning     = 2
	SeverityInformation = 3
)

// Analyzer is one mcplint analyzer with the LSP severity its diagnostics get.
type Analyzer struct {
	Analyzer *analysis.Analyzer
	Severity int
}

// Analyzers returns mcplint's analyzers for the configuration found from dir (.mcplint.yaml at
// the module root, as for the command), or the default configuration when there is none. A
// configuration that does not load is reported on standard error (gopls's log) and the
// defaults are used: an editor must not lose every other check over a typo.
//
// Every implemented rule is on unless the configuration turns it off; gopls's "analyses"
// setting turns any of them off by analyzer name (the rule ID with underscores). Messages keep
// the " (rule-id)" they end with everywhere else, so that `gopls check`, which prints messages
// alone, names the rule too.
func Analyzers(dir string) []Analyzer {
	cfg, path, err := analyzers.LoadConfig(dir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "mcplint: %s: %v; using the default configuration\n", orDefault(path, dir), err)
		cfg = analyzers.NewConfig()
	}
	as, err := analyzers.New(cfg)
	if err != nil {
		fmt.Fprintf(os.Stderr, "mcplint: %s: %v; using the default configuration\n", orDefault(path, dir), err)
		cfg = analyzers.NewConfig()
		as = analyzers.All()
	}
	cat := analyzers.NewCatalog()
	out := make([]Analyzer, 0, len(as))
	for _, a := range as {
		out = append(out, Analyzer{Analyzer: a, Severity: severity(cat, cfg, a)})
	}
	return out
}

func orDefault(path, dir string) string {
	if path != "" {
		return path
	}
	return dir
}

// severity maps the rule's severity (after the configuration's overrides) to LSP's: error and
// warning as they are, info as Information. An analyzer that reports several rules (the
// directive checker) gets the highest of theirs.
func severity(cat *analyzers.Catalog, cfg *analyzers.Config, a *analysis.Analyzer) int {
	best, found := analyzers.Info, false
	for _, r := range cat.Rules() {
		if analyzers.AnalyzerName(r.ID) == a.Name || strings.Contains(a.Doc, r.ID+": ") {
			if s := cfg.SeverityOf(r); !found || s > best {
				best, found = s, true
			}
		}
	}
	switch {
	case !found:
		return SeverityWarning
	case best == analyzers.Error:
		return SeverityError
	case best == analyzers.Warning:
		return SeverityWarning
	default:
		return SeverityInformation
	}
}
