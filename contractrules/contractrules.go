// Package contractrules checks declared error contracts (mcptool.Tool.Errors): their
// structure, and whether the tool's handler conforms to them. Conformance follows errors
// through called functions in every package of the module being checked, with analysis facts
// (see NewFlow), so a code a service produces two packages away counts like one the handler
// builds itself.
//
// Each rule is declared beside its function: the structural rules in structure.go, the
// conformance rules in conformance.go. The IDs the runtime library reports too
// (mcptool.Add checks contracts at start-up) come from internal/defcheck.
package contractrules

import (
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
)

// Family is the contract rules' family: their doc page is docs/contractrules.md.
const Family rule.Family = "contractrules"

// The contract rules' kinds: a structural rule reads one contract or one of its entries; a
// conformance rule reads one tool, its contract and what its handler can return.
type (
	contractCheck = rule.Check[func(*rule.Pass, *mcpdefs.Contract)]
	entryCheck    = rule.Check[func(*rule.Pass, mcpdefs.ContractEntry)]
	toolCheck     = rule.Check[func(*rule.Pass, *tool)]
)

// notApplicable are mcp-ts-core's contract type checks, which Go's types make impossible to
// fail: catalogued and documented, never run.
var notApplicable = []rule.Check[any]{
	{ID: "error-contract-type", Family: Family, Severity: rule.Error, SDKs: rule.MCPTool, Title: "contract is not a list of entries", Status: rule.NotApplicable},
	{ID: "error-contract-entry-type", Family: Family, Severity: rule.Error, SDKs: rule.MCPTool, Title: "contract entry is not an object", Status: rule.NotApplicable},
	{ID: "error-contract-code-type", Family: Family, Severity: rule.Error, SDKs: rule.MCPTool, Title: "contract code is not a number", Status: rule.NotApplicable},
	{ID: "error-contract-retryable-type", Family: Family, Severity: rule.Warning, SDKs: rule.MCPTool, Title: "contract retryable is not a boolean", Status: rule.NotApplicable},
}

// structureRules and conformanceRules are the rows of the two groups, in catalog order.
func structureRules() []rule.Rule {
	return []rule.Rule{
		ruleEmpty.Rule(), ruleCodeUnknown.Rule(), ruleCodeUnknownError.Rule(), ruleReasonRequired.Rule(),
		ruleReasonFormat.Rule(), ruleReasonUnique.Rule(), ruleWhenRequired.Rule(), ruleRecoveryRequired.Rule(),
		ruleRecoveryEmpty.Rule(), ruleRecoveryMinWords.Rule(), ruleRetryableMismatch.Rule(), ruleNotStatic.Rule(),
	}
}

func conformanceRules() []rule.Rule {
	return rule.Rows([]toolCheck{ruleConformance, rulePreferFail, ruleUnknownReason, ruleUnthrown})
}

// Rules are the contract rules' catalog rows.
func Rules() []rule.Rule {
	rows := rule.Rows(notApplicable)
	rows = append(rows, structureRules()...)
	return append(rows, conformanceRules()...)
}

// Groups returns the contract rules as two groups: the structural rules, which read the
// contract alone, and the conformance rules, which also need the error-flow facts. Keeping
// them apart means a configuration without conformance rules never computes facts for them.
func Groups(defs *analysis.Analyzer) []rule.Group {
	flow := NewFlow()
	return []rule.Group{
		{
			IDs:      ids(structureRules()),
			Name:     "contract_structure",
			Requires: []*analysis.Analyzer{defs},
			Run: func(p *rule.Pass) error {
				if ds := shipped(p, p.ResultOf[defs].(*mcpdefs.Result)); len(ds) > 0 {
					structure(p, ds)
				}
				return nil
			},
		},
		{
			IDs:      ids(conformanceRules()),
			Name:     "contract_conformance",
			Requires: []*analysis.Analyzer{defs, flow},
			Run: func(p *rule.Pass) error {
				if ds := shipped(p, p.ResultOf[defs].(*mcpdefs.Result)); len(ds) > 0 {
					conformance(p, ds, p.ResultOf[flow].(*Result))
				}
				return nil
			},
		},
	}
}

func ids(rows []rule.Rule) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.ID
	}
	return out
}

// passesFor gives each rule of a group its own pass, so that its findings carry its ID.
func passesFor[Run any](p *rule.Pass, checks []rule.Check[Run]) []*rule.Pass {
	out := make([]*rule.Pass, len(checks))
	for i, c := range checks {
		out[i] = p.ForRule(c.ID)
	}
	return out
}

// shipped lists the definitions outside _test.go files: tests build throwaway tools (bad
// contracts and undeclared reasons on purpose, to exercise the runtime) that clients never see.
func shipped(p *rule.Pass, res *mcpdefs.Result) []*mcpdefs.Definition {
	var out []*mcpdefs.Definition
	for _, d := range res.Definitions {
		if !strings.HasSuffix(p.Fset.PositionFor(d.Node.Pos(), false).Filename, "_test.go") {
			out = append(out, d)
		}
	}
	return out
}
