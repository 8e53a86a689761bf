// Package handlerrules checks what MCP handlers return: whether a failure reaches the client
// as a tool error the model can read or as a JSON-RPC error, whether a result is silently
// discarded, whether a session can crash, and whether errors keep their cause and their code.
//
// Each rule is declared beside its function, in the file named after its ID.
package handlerrules

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
)

// Family is the handler rules' family: their doc page is docs/handlerrules.md.
const Family rule.Family = "handlerrules"

// Config holds the handler rules' own options.
type Config struct {
	// PlainHandlerErrors extends prefer-mcp-error-in-handler from mcptool handlers to plain
	// SDK tool handlers whose errors become tool errors.
	PlainHandlerErrors bool
}

// check is a handler rule: it reads the package's recognised definitions and its prepared
// handler bodies.
type check = rule.Check[func(*rule.Pass, *mcpdefs.Result, []*handler)]

// checks are the handler rules, in catalog order.
func checks() []check {
	return []check{
		rulePreferMCPErrorInHandler, rulePreferErrorFactory, rulePreserveCauseOnRethrow,
		ruleNoStringifyUpstreamError, ruleToolErrorAsProtocolError, ruleResultAndError,
		ruleNilResultNilError, ruleWrappedProtocolError, ruleStructuredContentOnError,
		ruleResourceNotFoundError, ruleTypedNilError,
	}
}

// Rules are the handler rules' catalog rows.
func Rules() []rule.Rule { return rule.Rows(checks()) }

// Groups returns one analyzer group per handler rule, reading recognition results from defs.
func Groups(defs *analysis.Analyzer, cfg Config) []rule.Group {
	prep := bodiesAnalyzer(defs, mcpdefs.NewSummaries())
	requires := func(check) []*analysis.Analyzer { return []*analysis.Analyzer{defs, prep} }
	return rule.OnePerRule(checks(), cfg, requires, func(p *rule.Pass, c check) error {
		res := p.ResultOf[defs].(*mcpdefs.Result)
		if res.Empty() && !res.ErrorsReachable {
			return nil
		}
		c.Run(p, res, handlers(p, res, p.ResultOf[prep].(*bodies)))
		return nil
	})
}
