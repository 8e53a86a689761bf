package handlerrules

import (
	"go/ast"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
)

var ruleNilResultNilError = check{
	ID: "nil-result-nil-error", Family: Family, Severity: rule.Error, SDKs: rule.PlainSDKs,
	Title: "tool handler can return (nil, nil)",
	Run:   nilResultNilError,
}

// nilResultNilError: a low-level go-sdk or mark3labs tool handler returns (nil, nil).
func nilResultNilError(p *rule.Pass, defs *mcpdefs.Result, hs []*handler) {
	for _, h := range hs {
		outcome, idx := h.NilResultOutcome(), h.ResultIndex
		if h.ResultIndex < 0 && h.ResultDereferenced {
			outcome, idx = "the adapter dereferences it and panics", 0
		}
		if outcome == "" || idx < 0 {
			continue
		}
		h.returns(func(ret *ast.ReturnStmt, _ []ast.Node) {
			if astutil.IsNil(p.TypesInfo, result(ret, idx)) && astutil.IsNil(p.TypesInfo, result(ret, h.ErrorIndex)) {
				p.Reportf(ret, "tool handler returns (nil, nil): %s; return a result or an error", outcome)
			}
		})
	}
}
