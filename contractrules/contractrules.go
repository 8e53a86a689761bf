// Package contractrules checks declared error contracts (mcptool.Tool.Errors): their
// structure, and whether the tool's handler conforms to them. Conformance follows errors
// through called functions in every package of the module being checked, with analysis facts
// (see NewFlow), so a code a service produces two packages away counts like one the handler
// builds itself.
//
// Each rule is declared beside its function: the structural rules in structure.go, the
// conformance rules in conformance.go. The IDs the runtime library reports too
// (mcptool.Add checks contracts at start-up) come from internal/defcheck. Rules read
// recognition (mcpdefs) and never import an SDK or the driver.
package contractrules

import (
	"go/ast"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Family is the contract rules' family: their doc page is docs/contractrules.md.
const Family rule.Family = "contractrules"

// The contract rules' run signatures: a structural rule reads one contract or one of its
// entries; a conformance rule reads one tool, its contract and what its handler can return.
type (
	contractCheck = rule.Check[func(*rule.Pass, *mcpmodel.Contract)]
	entryCheck    = rule.Check[func(*rule.Pass, mcpmodel.ContractEntry)]
	toolCheck     = rule.Check[func(*rule.Pass, *tool)]
)

// mcp-ts-core's contract type checks, which Go's types make impossible to fail: catalogued
// and documented, never run.
func (rules) ErrorContractType() rule.Entry[*kinds] {
	return rule.Declare(contractCheck{ID: "error-contract-type", Severity: rule.Error, SDKs: rule.MCPTool, Title: "contract is not a list of entries", Status: rule.NotApplicable}, (*kinds).contract)
}

func (rules) ErrorContractEntryType() rule.Entry[*kinds] {
	return rule.Declare(contractCheck{ID: "error-contract-entry-type", Severity: rule.Error, SDKs: rule.MCPTool, Title: "contract entry is not an object", Status: rule.NotApplicable}, (*kinds).contract)
}

func (rules) ErrorContractCodeType() rule.Entry[*kinds] {
	return rule.Declare(contractCheck{ID: "error-contract-code-type", Severity: rule.Error, SDKs: rule.MCPTool, Title: "contract code is not a number", Status: rule.NotApplicable}, (*kinds).contract)
}

func (rules) ErrorContractRetryableType() rule.Entry[*kinds] {
	return rule.Declare(contractCheck{ID: "error-contract-retryable-type", Severity: rule.Warning, SDKs: rule.MCPTool, Title: "contract retryable is not a boolean", Status: rule.NotApplicable}, (*kinds).contract)
}

// rules declares the contract rules: each exported method declares one rule, in the file
// named after the rule's ID, beside its function. No list names them: rule.Declared finds
// them, and the catalog orders them as their doc page does.
type rules struct{}

// checks are the contract rules, as rules declares them.
func checks() []rule.Entry[*kinds] { return rule.Declared[rules, *kinds](Family) }

// Rules are the contract rules' catalog rows.
func Rules() []rule.Rule { return rule.Rows(checks()) }

// Groups returns one analyzer group per contract rule. The structural rules read the
// contracts alone; the conformance rules also need the error-flow facts, so a configuration
// without conformance rules never computes them.
func Groups(defs *analysis.Analyzer) []rule.Group {
	return rule.Groups(checks(), &kinds{defs: defs, flow: NewFlow()}, nil)
}

// kinds are the analyzers the contract rules read, built once per configuration.
type kinds struct {
	defs, flow *analysis.Analyzer
}

// contract runs a rule once on every contract of the package that is resolved at compile
// time, however many tools share it.
func (k *kinds) contract() rule.Kind[func(*rule.Pass, *mcpmodel.Contract)] {
	return rule.Kind[func(*rule.Pass, *mcpmodel.Contract)]{
		Requires: []*analysis.Analyzer{k.defs},
		Call: func(p *rule.Pass, run func(*rule.Pass, *mcpmodel.Contract)) error {
			for _, c := range staticContracts(shipped(p, p.ResultOf[k.defs].(*mcpdefs.Result))) {
				run(p, c)
			}
			return nil
		},
	}
}

// entry runs a rule once on every entry of those contracts.
func (k *kinds) entry() rule.Kind[func(*rule.Pass, mcpmodel.ContractEntry)] {
	return rule.Kind[func(*rule.Pass, mcpmodel.ContractEntry)]{
		Requires: []*analysis.Analyzer{k.defs},
		Call: func(p *rule.Pass, run func(*rule.Pass, mcpmodel.ContractEntry)) error {
			done := map[*ast.CompositeLit]bool{}
			for _, c := range staticContracts(shipped(p, p.ResultOf[k.defs].(*mcpdefs.Result))) {
				for _, e := range c.Entries {
					if !done[e.Lit] {
						done[e.Lit] = true
						run(p, e)
					}
				}
			}
			return nil
		},
	}
}

// unresolved runs a rule on the contract of every tool whose contract is not resolved at
// compile time.
func (k *kinds) unresolved() rule.Kind[func(*rule.Pass, *mcpmodel.Contract)] {
	return rule.Kind[func(*rule.Pass, *mcpmodel.Contract)]{
		Requires: []*analysis.Analyzer{k.defs},
		Call: func(p *rule.Pass, run func(*rule.Pass, *mcpmodel.Contract)) error {
			for _, d := range shipped(p, p.ResultOf[k.defs].(*mcpdefs.Result)) {
				if d.Contract != nil && !d.Contract.Static {
					run(p, d.Contract)
				}
			}
			return nil
		},
	}
}

// tool runs a rule on every mcptool tool, whatever its contract: a handler's undeclared
// reasons are checked even where the contract cannot be read.
func (k *kinds) tool() rule.Kind[func(*rule.Pass, *tool)] {
	return k.tools(false)
}

// contractedTool runs a rule on every mcptool tool whose contract is resolved at compile
// time.
func (k *kinds) contractedTool() rule.Kind[func(*rule.Pass, *tool)] {
	return k.tools(true)
}

func (k *kinds) tools(contracted bool) rule.Kind[func(*rule.Pass, *tool)] {
	return rule.Kind[func(*rule.Pass, *tool)]{
		Requires: []*analysis.Analyzer{k.defs, k.flow},
		Call: func(p *rule.Pass, run func(*rule.Pass, *tool)) error {
			defs := shipped(p, p.ResultOf[k.defs].(*mcpdefs.Result))
			flow := p.ResultOf[k.flow].(*Result)
			if len(defs) == 0 || !flow.Analyzed {
				return nil
			}
			uses := map[*ast.CompositeLit]int{}
			for _, d := range defs {
				if d.Contract != nil && d.Contract.Static {
					uses[d.Contract.Lit]++
				}
			}
			for _, d := range defs {
				if d.SDK != sdkapi.MCPTool || d.Kind != mcpmodel.Tool {
					continue
				}
				static := d.Contract != nil && d.Contract.Static
				if contracted && !static {
					continue
				}
				t := newTool(p, d, flow)
				if static {
					t.shared = uses[d.Contract.Lit] > 1
				}
				run(p, t)
			}
			return nil
		},
	}
}

// staticContracts lists the contracts of defs that are resolved at compile time, each once.
func staticContracts(defs []*mcpmodel.Definition) []*mcpmodel.Contract {
	var out []*mcpmodel.Contract
	done := map[*ast.CompositeLit]bool{}
	for _, d := range defs {
		if c := d.Contract; c != nil && c.Static && !done[c.Lit] {
			done[c.Lit] = true
			out = append(out, c)
		}
	}
	return out
}

// shipped lists the definitions outside _test.go files: tests build throwaway tools (bad
// contracts and undeclared reasons on purpose, to exercise the runtime) that clients never see.
func shipped(p *rule.Pass, res *mcpdefs.Result) []*mcpmodel.Definition {
	var out []*mcpmodel.Definition
	for _, d := range res.Definitions {
		if !strings.HasSuffix(p.Fset.PositionFor(d.Node.Pos(), false).Filename, "_test.go") {
			out = append(out, d)
		}
	}
	return out
}
