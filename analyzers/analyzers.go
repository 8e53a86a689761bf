// Package analyzers is mcplint's registry: every analyzer, the rule catalog, the shared
// configuration and the suppression directives. Everything a driver needs comes from here.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers/lint"
	"github.com/mcplint/mcplint/mcpdefs"
	"github.com/mcplint/mcplint/schemarules"
)

// Re-exported so that drivers depend on this package only.
type (
	Config      = lint.Config
	Rule        = lint.Rule
	Severity    = lint.Severity
	Catalog     = lint.Catalog
	CatalogRule = lint.Rule
)

// Severities, re-exported for drivers.
const (
	Info    = lint.Info
	Warning = lint.Warning
	Error   = lint.Error
)

// NewConfig returns the default configuration.
func NewConfig() *Config { return lint.NewConfig() }

// LoadConfig reads .mcplint.yaml from dir or its module root; defaults when there is none.
func LoadConfig(dir string) (*Config, string, error) { return lint.LoadConfig(dir) }

// ParseConfig decodes a .mcplint.yaml document over the defaults.
func ParseConfig(data []byte) (*Config, error) { return lint.ParseConfig(data) }

// NewCatalog returns the catalog of every rule mcplint knows.
func NewCatalog() *Catalog { return lint.NewCatalog() }

// New builds the analyzers for cfg: one per enabled rule, plus the directive checker.
// It fails only on an invalid configuration.
func New(cfg *Config) ([]*analysis.Analyzer, error) {
	cat := NewCatalog()
	return lint.Build(cat, cfg, families(cfg))
}

// All returns the analyzers of the default configuration, for stock drivers such as
// multichecker.Main(analyzers.All()...).
func All() []*analysis.Analyzer {
	as, err := New(NewConfig())
	if err != nil {
		panic("mcplint: default configuration is invalid: " + err.Error())
	}
	return as
}

// families lists the checks of every rule family. They share one recognition analyzer built
// for the configuration (its registrars), so definitions are recognised once per package.
func families(cfg *Config) []lint.Check {
	opts := mcpdefs.Options{}
	for _, r := range cfg.Registrars {
		opts.Registrars = append(opts.Registrars, mcpdefs.Registrar{Func: r.Func, Tool: r.Tool, Handler: r.Handler})
	}
	defs := mcpdefs.New(opts)
	var checks []lint.Check
	checks = append(checks, schemarules.Checks(defs)...)
	return checks
}
