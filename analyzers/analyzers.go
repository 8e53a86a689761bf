// Package analyzers is mcplint's registry: every analyzer, the rule catalog, the shared
// configuration and the suppression directives. Everything a driver needs comes from here.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers/lint"
	"github.com/mcplint/mcplint/contractrules"
	"github.com/mcplint/mcplint/handlerrules"
	"github.com/mcplint/mcplint/mcpdefs"
	"github.com/mcplint/mcplint/schemarules"
	"github.com/mcplint/mcplint/serverjson/manifest"
)

// Re-exported so that drivers depend on this package only.
type (
	Config      = lint.Config
	Registrar   = lint.Registrar
	Rule        = lint.Rule
	Severity    = lint.Severity
	Catalog     = lint.Catalog
	CatalogRule = lint.Rule
	Status      = lint.Status
	Family      = lint.Family
)

// Severities, re-exported for drivers.
const (
	Info    = lint.Info
	Warning = lint.Warning
	Error   = lint.Error
)

// Rule statuses, re-exported for drivers.
const (
	Implemented   = lint.Implemented
	Planned       = lint.Planned
	NotApplicable = lint.NotApplicable
)

// Rule families, re-exported for drivers.
const (
	FamilyHandler    = lint.FamilyHandler
	FamilyContract   = lint.FamilyContract
	FamilySchema     = lint.FamilySchema
	FamilyServerJSON = lint.FamilyServerJSON
	FamilyDirective  = lint.FamilyDirective
	FamilyLoading    = lint.FamilyLoading
)

// ConfigFileName is the configuration file drivers look for at the module root.
const ConfigFileName = lint.ConfigFileName

// ParseSeverity accepts the severity spellings of config and flags.
func ParseSeverity(s string) (Severity, error) { return lint.ParseSeverity(s) }

// NewConfig returns the default configuration.
func NewConfig() *Config { return lint.NewConfig() }

// LoadConfig reads .mcplint.yaml from dir or its module root; defaults when there is none.
func LoadConfig(dir string) (*Config, string, error) { return lint.LoadConfig(dir) }

// ParseConfig decodes a .mcplint.yaml document over the defaults.
func ParseConfig(data []byte) (*Config, error) { return lint.ParseConfig(data) }

// NewCatalog returns the catalog of every rule mcplint knows, the server.json rules included.
func NewCatalog() *Catalog { return lint.NewCatalog(manifest.CatalogRows()...) }

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
	defs := mcpdefs.New(recognition(cfg))
	var checks []lint.Check
	checks = append(checks, handlerrules.Checks(defs)...)
	checks = append(checks, contractrules.Checks(defs)...)
	checks = append(checks, schemarules.Checks(defs)...)
	checks = append(checks, manifest.Check(defs))
	return checks
}

// recognition turns the user's registrar configuration into recognition options.
func recognition(cfg *Config) mcpdefs.Options {
	var opts mcpdefs.Options
	for _, r := range cfg.Registrars {
		opts.Registrars = append(opts.Registrars, mcpdefs.Registrar{Func: r.Func, Tool: r.Tool, Handler: r.Handler})
	}
	return opts
}
