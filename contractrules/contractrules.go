// Package contractrules checks declared error contracts (mcptool.Tool.Errors): their
// structure, and whether the tool's handler conforms to them. Conformance follows errors
// through called functions in every package of the module being checked, with analysis facts
// (see NewFlow), so a code a service produces two packages away counts like one the handler
// builds itself.
package contractrules

import (
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers/lint"
	"github.com/mcplint/mcplint/mcpdefs"
)

// Structural and conformance rule IDs, in catalog order.
var (
	structureIDs = []string{
		ruleEmpty, ruleCodeUnknown, ruleCodeUnknownError, ruleReasonRequired, ruleReasonFormat,
		ruleReasonUnique, ruleWhenRequired, ruleRecoveryRequired, ruleRecoveryEmpty,
		ruleRecoveryMinWords, ruleRetryableMismatch, ruleNotStatic,
	}
	conformanceIDs = []string{ruleConformance, rulePreferFail, ruleUnknownReason, ruleUnthrown}
)

const (
	ruleEmpty            = "error-contract-empty"
	ruleCodeUnknown      = "error-contract-code-unknown"
	ruleCodeUnknownError = "error-contract-code-unknown-error"
	ruleReasonRequired   = "error-contract-reason-required"
	ruleReasonFormat     = "error-contract-reason-format"
	ruleReasonUnique     = "error-contract-reason-unique"
	ruleWhenRequired     = "error-contract-when-required"
	ruleRecoveryRequired = "error-contract-recovery-required"
	ruleRecoveryEmpty    = "error-contract-recovery-empty"
	ruleRecoveryMinWords = "error-contract-recovery-min-words"
	ruleNotStatic        = "error-contract-not-static"

	ruleRetryableMismatch = "error-contract-retryable-mismatch"
	ruleConformance       = "error-contract-conformance"
	rulePreferFail        = "error-contract-prefer-fail"
	ruleUnknownReason     = "error-contract-unknown-reason"
	ruleUnthrown          = "error-contract-unthrown"
)

// Checks returns the contract rules as two checks: the structural rules, which read the
// contract alone, and the conformance rules, which also need the error-flow facts. Keeping
// them apart means a configuration without conformance rules never computes facts for them.
func Checks(defs *analysis.Analyzer) []lint.Check {
	flow := NewFlow()
	return []lint.Check{
		{
			IDs:      structureIDs,
			Name:     "contract_structure",
			Requires: []*analysis.Analyzer{defs},
			Run: func(p *lint.Pass) error {
				if ds := shipped(p, p.ResultOf[defs].(*mcpdefs.Result)); len(ds) > 0 {
					structure(p, ds)
				}
				return nil
			},
		},
		{
			IDs:      conformanceIDs,
			Name:     "contract_conformance",
			Requires: []*analysis.Analyzer{defs, flow},
			Run: func(p *lint.Pass) error {
				if ds := shipped(p, p.ResultOf[defs].(*mcpdefs.Result)); len(ds) > 0 {
					conformance(p, ds, p.ResultOf[flow].(*Result))
				}
				return nil
			},
		},
	}
}

// shipped lists the definitions outside _test.go files: tests build throwaway tools (bad
// contracts and undeclared reasons on purpose, to exercise the runtime) that clients never see.
func shipped(p *lint.Pass, res *mcpdefs.Result) []*mcpdefs.Definition {
	var out []*mcpdefs.Definition
	for _, d := range res.Definitions {
		if !strings.HasSuffix(p.Fset.PositionFor(d.Node.Pos(), false).Filename, "_test.go") {
			out = append(out, d)
		}
	}
	return out
}
