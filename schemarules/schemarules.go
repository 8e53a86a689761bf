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

// The schema rules' run signatures. Every rule reads the package's schema model; some check
// one definition at a time, some read as well the module's definitions (names, apps), the
// parity analysis, or the token budget.
type (
	check           = rule.Check[func(*rule.Pass, *Model)]
	definitionCheck = rule.Check[func(*rule.Pass, *Model, *Definition)]
	namesCheck      = rule.Check[func(*rule.Pass, *Model, *ModuleDefinitions)]
	parityCheck     = rule.Check[func(*rule.Pass, *Model, *Parity)]
	budgetCheck     = rule.Check[func(*rule.Pass, *Model, *Budget)]
)

// mcp-ts-core's type checks on definitions, which Go's types make impossible to fail:
// catalogued and documented, never run.
func (rules) AnnotationType() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "annotation-type", Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "annotation value of the wrong type", Status: rule.NotApplicable,
	}, (*kinds).model)
}

func (rules) AuthType() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "auth-type", Severity: rule.Error, SDKs: rule.MCPTool,
		Title: "auth scopes of the wrong type", Status: rule.NotApplicable,
	}, (*kinds).model)
}

// rules declares the schema rules: each exported method declares one rule, in the file
// named after the rule's ID, beside its function. No list names them: rule.Declared finds
// them, and the catalog orders them as their doc page does.
type rules struct{}

// checks are the schema rules, as rules declares them.
func checks() []rule.Entry[*kinds] { return rule.Declared[rules, *kinds](Family) }

// kinds are the analyzers the schema rules read, built once per configuration: the model is
// walked once per package, and name-unique and app-tool-resource-pairing share one fact
// analyzer.
type kinds struct {
	modelAnalyzer, factsAnalyzer, parityAnalyzer, budgetAnalyzer *analysis.Analyzer
}

// model runs a rule on a package with definitions.
func (k *kinds) model() rule.Kind[func(*rule.Pass, *Model)] {
	return rule.Kind[func(*rule.Pass, *Model)]{
		Requires: []*analysis.Analyzer{k.modelAnalyzer},
		Call: func(p *rule.Pass, run func(*rule.Pass, *Model)) error {
			if m := p.ResultOf[k.modelAnalyzer].(*Model); len(m.Defs) > 0 {
				run(p, m)
			}
			return nil
		},
	}
}

// definition runs a rule once per definition of a package, in their order.
func (k *kinds) definition() rule.Kind[func(*rule.Pass, *Model, *Definition)] {
	return rule.Kind[func(*rule.Pass, *Model, *Definition)]{
		Requires: []*analysis.Analyzer{k.modelAnalyzer},
		Call: func(p *rule.Pass, run func(*rule.Pass, *Model, *Definition)) error {
			m := p.ResultOf[k.modelAnalyzer].(*Model)
			for _, d := range m.Defs {
				run(p, m, d)
			}
			return nil
		},
	}
}

// names runs a rule on a package with definitions, with the module's definitions.
func (k *kinds) names() rule.Kind[func(*rule.Pass, *Model, *ModuleDefinitions)] {
	return modelAnd[*ModuleDefinitions](k.modelAnalyzer, k.factsAnalyzer, false)
}

// parity runs a rule on a package with definitions, with its parity analysis.
func (k *kinds) parity() rule.Kind[func(*rule.Pass, *Model, *Parity)] {
	return modelAnd[*Parity](k.modelAnalyzer, k.parityAnalyzer, false)
}

// budget runs a rule on a package with definitions or servers (the package that builds the
// server may define no tool itself), with the token budget.
func (k *kinds) budget() rule.Kind[func(*rule.Pass, *Model, *Budget)] {
	return modelAnd[*Budget](k.modelAnalyzer, k.budgetAnalyzer, true)
}

// modelAnd is the kind of rules that read the model and the result of one more analyzer, R:
// they run on a package with definitions, or with servers too when servers is set.
func modelAnd[R any](model, other *analysis.Analyzer, servers bool) rule.Kind[func(*rule.Pass, *Model, R)] {
	return rule.Kind[func(*rule.Pass, *Model, R)]{
		Requires: []*analysis.Analyzer{model, other},
		Call: func(p *rule.Pass, run func(*rule.Pass, *Model, R)) error {
			if m := p.ResultOf[model].(*Model); len(m.Defs) > 0 || servers && len(m.Result.Servers) > 0 {
				run(p, m, p.ResultOf[other].(R))
			}
			return nil
		},
	}
}

// Rules are the schema rules' catalog rows.
func Rules() []rule.Rule { return rule.Rows(checks()) }

// Groups returns one analyzer group per schema rule, reading the definitions recognised by
// defs (the mcpdefs analyzer of the run's configuration).
func Groups(defs *analysis.Analyzer, cfg Config) []rule.Group {
	model := newModelAnalyzer(defs)
	k := &kinds{modelAnalyzer: model, factsAnalyzer: newFactsAnalyzer(defs), parityAnalyzer: newParityAnalyzer(model), budgetAnalyzer: newBudgetAnalyzer(defs, &tokens.Counter{})}
	return rule.Groups(checks(), k, cfg)
}
