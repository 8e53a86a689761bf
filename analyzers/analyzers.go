// Package analyzers is mcplint's registry: every analyzer, the rule catalog, the shared
// configuration and the suppression directives. Everything a driver needs comes from here.
package analyzers

import (
	"cmp"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/contractrules"
	"github.com/mcplint-go/mcplint/docs"
	"github.com/mcplint-go/mcplint/handlerrules"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/schemarules"
	"github.com/mcplint-go/mcplint/serverjson/manifest"
	"github.com/mcplint-go/mcplint/surface"
)

// Re-exported so that drivers depend on this package only.
type (
	Config      = rule.Config
	Registrar   = rule.Registrar
	Rule        = rule.Rule
	Severity    = rule.Severity
	Catalog     = rule.Catalog
	CatalogRule = rule.Rule
	Status      = rule.Status
	Family      = rule.Family
)

// Severities, re-exported for drivers.
const (
	Info    = rule.Info
	Warning = rule.Warning
	Error   = rule.Error
)

// Rule statuses, re-exported for drivers.
const (
	Implemented   = rule.Implemented
	Planned       = rule.Planned
	NotApplicable = rule.NotApplicable
)

// Rule families, as each family declares itself.
const (
	FamilyHandler    = handlerrules.Family
	FamilyContract   = contractrules.Family
	FamilySchema     = schemarules.Family
	FamilyServerJSON = manifest.Family
	FamilyDirective  = rule.FamilyDirective
	FamilyLoading    = rule.FamilyLoading
)

// AnalyzerName is the analyzer name of a rule ID: the ID with underscores.
func AnalyzerName(id string) string { return rule.AnalyzerName(id) }

// DocsBase is where the rule documentation lives: a rule's URL is DocsBase, its family's
// page and #ID.
const DocsBase = rule.DocsBase

// LoadError is the rule the driver reports for a package with MCP code that does not compile.
var LoadError = rule.LoadError

// ConfigFileName is the configuration file drivers look for at the module root.
const ConfigFileName = rule.ConfigFileName

// ParseSeverity accepts the severity spellings of config and flags.
func ParseSeverity(s string) (Severity, error) { return rule.ParseSeverity(s) }

// NewConfig returns the default configuration.
func NewConfig() *Config { return rule.NewConfig() }

// LoadConfig reads .mcplint.yaml from dir or its module root; defaults when there is none.
func LoadConfig(dir string) (*Config, string, error) { return rule.LoadConfig(dir) }

// ParseConfig decodes a .mcplint.yaml document over the defaults.
func ParseConfig(data []byte) (*Config, error) { return rule.ParseConfig(data) }

// NewCatalog returns the catalog of every rule mcplint knows: the rules each family
// declares, family by family, each family's in the order of its doc page.
func NewCatalog() *Catalog {
	var rows []Rule
	rows = append(rows, inDocOrder(handlerrules.Family, handlerrules.Rules())...)
	rows = append(rows, inDocOrder(contractrules.Family, contractrules.Rules())...)
	rows = append(rows, inDocOrder(schemarules.Family, schemarules.Rules())...)
	rows = append(rows, inDocOrder(manifest.Family, manifest.Rules())...)
	rows = append(rows, rule.DirectiveRules()...)
	rows = append(rows, rule.LoadError)
	cat := rule.NewCatalog(rows...)
	cat.Clients = surface.Clients
	return cat
}

// New builds the analyzers for cfg: one per enabled rule, plus the directive checker.
// It fails only on an invalid configuration.
func New(cfg *Config) ([]*analysis.Analyzer, error) {
	cat := NewCatalog()
	return rule.Build(cat, cfg, groups(cfg, cat, mcpdefs.Options{}))
}

// NewLayered is New with recognition told what a driver that sees the whole module found:
// the functions behind the packages' layer sites (mcpdefs.Options.Layered) and the own
// definition types converted in other packages (Options.Own). Registrars come from cfg.
func NewLayered(cfg *Config, graph mcpdefs.Options) ([]*analysis.Analyzer, error) {
	cat := NewCatalog()
	return rule.Build(cat, cfg, groups(cfg, cat, graph))
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

// Groups lists the analyzer groups of every rule family, each given its own options from cfg.
// They share one recognition analyzer built for the configuration (its registrars), so
// definitions are recognised once per package.
func Groups(cfg *Config) []rule.Group { return groups(cfg, NewCatalog(), mcpdefs.Options{}) }

// groups lists the analyzer groups in the order of cat: families declare their rules in no
// particular order, and analyzers run and are listed in the catalog's.
func groups(cfg *Config, cat *Catalog, graph mcpdefs.Options) []rule.Group {
	opts := recognition(cfg)
	opts.Layered, opts.Own = graph.Layered, graph.Own
	defs := mcpdefs.New(opts)
	var out []rule.Group
	out = append(out, handlerrules.Groups(defs, handlerrules.Config{PlainHandlerErrors: cfg.PlainHandlerErrors})...)
	out = append(out, contractrules.Groups(defs)...)
	out = append(out, schemarules.Groups(defs, schemarules.Config{FormatAllowlist: cfg.FormatAllowlist, DescriptionTokenBudget: cfg.DescriptionTokenBudget, SurfaceTokenBudget: cfg.SurfaceTokenBudget, Clients: cfg.Clients})...)
	out = append(out, manifest.Group(defs, manifest.Config{ServerJSON: cfg.ServerJSON}))
	at := map[string]int{}
	for i, r := range cat.Rules() {
		at[r.ID] = i
	}
	slices.SortStableFunc(out, func(a, b rule.Group) int { return cmp.Compare(at[a.IDs[0]], at[b.IDs[0]]) })
	return out
}

// inDocOrder orders a family's rules as docs/<family>.md lists their sections, which is the
// order a reader meets them in: the catalog, `mcplint rules` and SARIF show that order. A
// rule the page lacks (docs' TestDocsMatchCatalog fails then) comes last, by ID.
func inDocOrder(family rule.Family, rows []Rule) []Rule {
	at := map[string]int{}
	for i, heading := range docs.Headings(string(family) + ".md") {
		at[heading] = i + 1
	}
	rank := func(r Rule) int {
		if i, ok := at[r.ID]; ok {
			return i
		}
		return len(at) + 1
	}
	rows = slices.Clone(rows)
	slices.SortFunc(rows, func(a, b Rule) int { return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(a.ID, b.ID)) })
	return rows
}

// recognition turns the user's registrar configuration into recognition options.
func recognition(cfg *Config) mcpdefs.Options {
	var opts mcpdefs.Options
	for _, r := range cfg.Registrars {
		opts.Registrars = append(opts.Registrars, mcpdefs.Registrar{Func: r.Func, Tool: r.Tool, Handler: r.Handler})
	}
	return opts
}
