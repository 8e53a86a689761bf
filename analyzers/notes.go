package analyzers

import (
	"golang.org/x/tools/go/analysis"
)

// WithoutNotes is for drivers whose exit status counts every reported finding (go vet,
// golangci-lint): it wraps the analyzers of cfg so that info findings (notes, such as
// describe-on-output-fields) are not reported unless the configuration asks for them (show:
// info, or fail-on: info). A finding's severity is its rule's, after the configuration's
// overrides. The analyzers are changed in place; they must be fresh from New.
func WithoutNotes(as []*analysis.Analyzer, cfg *Config) []*analysis.Analyzer {
	if cfg.ShownFrom() <= Info {
		return as
	}
	cat := NewCatalog()
	for _, a := range as {
		run := a.Run
		a.Run = func(pass *analysis.Pass) (any, error) {
			report := pass.Report
			pass.Report = func(d analysis.Diagnostic) {
				if r, ok := cat.Lookup(d.Category); ok && cfg.SeverityOf(r) <= Info {
					return
				}
				report(d)
			}
			return run(pass)
		}
	}
	return as
}
