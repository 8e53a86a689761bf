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

	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/internal/tokens"
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

// mcp-ts-core's type checks on definitions, which Go's types make impossible to fail:
// catalogued and documented, never run.
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
		ruleSchemaIsObject, ruleDescribeOnFields, ruleDescribeOnOutputFields, ruleSchemaSerializable, ruleSchemaTagSyntax,
		ruleSchemaTagRequiredIgnored, ruleSchemaUnsatisfiable, ruleSchemaFormatPortability,
		ruleSchemaAnyofNeedsType, ruleSchemaNoDiscriminatorKeyword, ruleSchemaNoDefs,
		ruleSchemaRootOneofPortability, ruleSchemaDialectTag, ruleNameRequired, ruleNameFormat,
		ruleNameUnique, ruleDescriptionRequired, ruleHandlerRequired, ruleAnnotationType,
		ruleAuthType, ruleAnnotationCoherence, ruleAuthScopeFormat, ruleMetaUIType,
		ruleMetaUIResourceURIRequired, ruleMetaUIResourceURIScheme, ruleAppToolResourcePairing,
		ruleURITemplateRequired, ruleURITemplateValid, ruleResourceNameNotURI, ruleResourceURIScheme,
		ruleTemplateParamsAlign, rulePromptHandlerRequired, ruleFormatParity,
		ruleFormatParityUnchecked, ruleDescriptionTokenBudget, ruleSurfaceTokenBudget,
		ruleClientCompatibility, ruleXMCPHeaderValid, ruleXMCPHeaderSecret,
		ruleRegistrationAfterStart,
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
	requires := func(c check) []*analysis.Analyzer {
		switch c.Run.(type) {
		case func(*rule.Pass, *Model, *ModuleDefinitions) error:
			return []*analysis.Analyzer{model, facts}
		case func(*rule.Pass, *Model, *Parity) error:
			return []*analysis.Analyzer{model, parity}
		case func(*rule.Pass, *Model, *Budget) error:
			return []*analysis.Analyzer{model, budget}
		case func(*rule.Pass, *Model) error:
			return []*analysis.Analyzer{model}
		}
		panic(fmt.Sprintf("schemarules: rule %s has a Run of type %T", c.ID, c.Run))
	}
	return rule.OnePerRule(checks(), cfg, requires, func(p *rule.Pass, c check) error {
		m := p.ResultOf[model].(*Model)
		switch run := c.Run.(type) {
		case func(*rule.Pass, *Model) error:
			if len(m.Defs) > 0 {
				return run(p, m)
			}
		case func(*rule.Pass, *Model, *ModuleDefinitions) error:
			if len(m.Defs) > 0 {
				return run(p, m, p.ResultOf[facts].(*ModuleDefinitions))
			}
		case func(*rule.Pass, *Model, *Parity) error:
			if len(m.Defs) > 0 {
				return run(p, m, p.ResultOf[parity].(*Parity))
			}
		case func(*rule.Pass, *Model, *Budget) error:
			// The package that builds the server may define no tool itself.
			if len(m.Defs) > 0 || len(m.Result.Servers) > 0 {
				return run(p, m, p.ResultOf[budget].(*Budget))
			}
		}
		return nil // requires has refused every other type
	})
}
