// Package schemarules holds mcplint's rules on definitions: input and output schemas (as the
// SDKs infer them from Go types or as written by hand), their portability across LLM vendors,
// names, descriptions, handlers, annotations, MCP Apps metadata, resources and templates,
// prompts, and the parity between a tool's structured output and its text rendering.
//
// Rules never import an SDK: they read mcpdefs, whose typewalk package mirrors the schema
// libraries the SDKs use. Each rule is declared beside its function; the IDs the runtime
// library reports too (mcptool.Add checks definitions at start-up) come from internal/defcheck.
package schemarules

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/internal/rule"
	"github.com/mcplint/mcplint/internal/tokens"
)

// Family is the schema rules' family: their doc page is docs/schemarules.md.
const Family rule.Family = "schemarules"

// Config holds the schema rules' own options.
type Config struct {
	// FormatAllowlist is the set of JSON Schema formats schema-format-portability accepts.
	FormatAllowlist []string
	// DescriptionTokenBudget and SurfaceTokenBudget are the token budgets of one tool
	// description and of a server's tool definitions; 0 turns the rule's check off.
	DescriptionTokenBudget, SurfaceTokenBudget int
	// Clients are the clients client-compatibility checks against.
	Clients []string
}

// check is a schema rule. Its Run reads the package's schema model, and takes as well the
// name facts or the parity analysis when its signature asks for them:
//
//	func(*rule.Pass, *Model) error
//	func(*rule.Pass, *Model, *ModuleDefinitions) error
//	func(*rule.Pass, *Model, *Parity) error
type check = rule.Check[any]

// The TypeScript linter's type checks on definitions, which Go's types make impossible to
// fail: catalogued and documented, never run.
var (
	ruleAnnotationType = check{
		ID: "annotation-type", Family: Family, Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "annotation value of the wrong type", Status: rule.NotApplicable,
	}
	ruleAuthType = check{
		ID: "auth-type", Family: Family, Severity: rule.Error, SDKs: rule.MCPTool,
		Title: "auth scopes of the wrong type", Status: rule.NotApplicable,
	}
)

// checks are the schema rules, in catalog order.
func checks() []check {
	return []check{
		ruleSchemaIsObject, ruleDescribeOnFields, ruleSchemaSerializable, ruleSchemaTagSyntax, ruleSchemaTagRequiredIgnored, ruleSchemaUnsatisfiable, ruleSchemaFormatPortability, ruleSchemaAnyofNeedsType, ruleSchemaNoDiscriminatorKeyword, ruleSchemaNoDefs, ruleSchemaRootOneofPortability, ruleSchemaDialectTag, ruleNameRequired, ruleNameFormat, ruleNameUnique, ruleDescriptionRequired, ruleHandlerRequired, ruleAnnotationType, ruleAuthType, ruleAnnotationCoherence, ruleAuthScopeFormat, ruleMetaUIType, ruleMetaUIResourceURIRequired, ruleMetaUIResourceURIScheme, ruleAppToolResourcePairing, ruleURITemplateRequired, ruleURITemplateValid, ruleResourceNameNotURI, ruleTemplateParamsAlign, rulePromptHandlerRequired, ruleFormatParity, ruleFormatParityUnchecked,
		ruleDescriptionTokenBudget, ruleSurfaceTokenBudget, ruleClientCompatibility,
	}
}

// Rules are the schema rules' catalog rows.
func Rules() []rule.Rule { return rule.Rows(checks()) }

// Groups returns one analyzer group per schema rule, reading the definitions recognised by
// defs (the mcpdefs analyzer of the run's configuration). The rules share one model analyzer,
// so schemas are walked once per package, and name-unique and app-tool-resource-pairing share
// one fact analyzer.
func Groups(defs *analysis.Analyzer, cfg Config) []rule.Group {
	model := newModelAnalyzer(defs)
	facts := newFactsAnalyzer(defs)
	parity := newParityAnalyzer(model)
	budget := newBudgetAnalyzer(defs, &tokens.Counter{})
	var out []rule.Group
	for _, c := range checks() {
		if c.Run == nil {
			continue
		}
		requires := []*analysis.Analyzer{model}
		var run func(p *rule.Pass, m *Model) error
		servers := false
		switch fn := c.Run.(type) {
		case func(*rule.Pass, *Model) error:
			run = fn
		case func(*rule.Pass, *Model, *ModuleDefinitions) error:
			requires = append(requires, facts)
			run = func(p *rule.Pass, m *Model) error { return fn(p, m, p.ResultOf[facts].(*ModuleDefinitions)) }
		case func(*rule.Pass, *Model, *Parity) error:
			requires = append(requires, parity)
			run = func(p *rule.Pass, m *Model) error { return fn(p, m, p.ResultOf[parity].(*Parity)) }
		case func(*rule.Pass, *Model, *Budget) error:
			requires = append(requires, budget)
			run = func(p *rule.Pass, m *Model) error { return fn(p, m, p.ResultOf[budget].(*Budget)) }
			// The package that builds the server may define no tool itself.
			servers = true
		default:
			panic(fmt.Sprintf("schemarules: rule %s has a Run of type %T", c.ID, c.Run))
		}
		out = append(out, rule.Group{
			IDs:      []string{c.ID},
			Requires: requires,
			Options:  cfg,
			Run: func(p *rule.Pass) error {
				m := p.ResultOf[model].(*Model)
				if len(m.Defs) == 0 && (!servers || len(m.Result.Servers) == 0) {
					return nil
				}
				return run(p, m)
			},
		})
	}
	return out
}
