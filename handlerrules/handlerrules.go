// Package handlerrules checks what MCP handlers return: whether a failure reaches the client
// as a tool error the model can read or as a JSON-RPC error, whether a result is silently
// discarded, whether a session can crash, and whether errors keep their cause and their code.
package handlerrules

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers/lint"
	"github.com/mcplint/mcplint/mcpdefs"
)

// Checks returns the handler rules, reading recognition results from defs.
func Checks(defs *analysis.Analyzer) []lint.Check {
	prep := bodiesAnalyzer(defs)
	rule := func(id string, run func(*lint.Pass, *mcpdefs.Result, []*handler)) lint.Check {
		return lint.Check{
			IDs:      []string{id},
			Requires: []*analysis.Analyzer{defs, prep},
			Run: func(p *lint.Pass) error {
				res := p.ResultOf[defs].(*mcpdefs.Result)
				if res.Empty() && !res.ErrorsReachable {
					return nil
				}
				run(p, res, handlers(p, res, p.ResultOf[prep].(*bodies)))
				return nil
			},
		}
	}
	return []lint.Check{
		rule("prefer-mcp-error-in-handler", preferMCPErrorInHandler),
		rule("prefer-error-factory", preferErrorFactory),
		rule("preserve-cause-on-rethrow", preserveCauseOnRethrow),
		rule("no-stringify-upstream-error", noStringifyUpstreamError),
		rule("tool-error-as-protocol-error", toolErrorAsProtocolError),
		rule("result-and-error", resultAndError),
		rule("nil-result-nil-error", nilResultNilError),
		rule("wrapped-protocol-error", wrappedProtocolError),
		rule("structured-content-on-error", structuredContentOnError),
		rule("resource-not-found-error", resourceNotFoundError),
		rule("typed-nil-error", typedNilError),
	}
}
