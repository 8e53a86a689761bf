package handlerrules

import (
	"go/ast"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
)

func (rules) NilResultNilError() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "nil-result-nil-error", Severity: rule.Error, SDKs: rule.PlainSDKs,
		Title: "tool handler can return (nil, nil)",
		Run:   nilResultNilError,
	}, (*kinds).handlerBodies)
}

// nilResultNilError: a low-level go-sdk or mark3labs tool handler returns (nil, nil) on some
// path: literally, or through variables and helpers the flow engine follows.
func nilResultNilError(p *rule.Pass, defs *mcpdefs.Result, hs []*handler) {
	for _, h := range hs {
		outcome, idx := h.NilResultOutcome(), h.ResultIndex
		if h.ResultIndex < 0 && h.ResultDereferenced {
			outcome, idx = "the adapter dereferences it and panics", 0
		}
		if outcome == "" || idx < 0 {
			continue
		}
		if h.ErrorIndex < 0 {
			continue
		}
		reported := map[*ast.ReturnStmt]bool{}
		h.paths(func(ret *ast.ReturnStmt, path *flow.Path) {
			res, err := path.Results[idx], path.Results[h.ErrorIndex]
			if err.Call != nil && madeOf(res.Value, err.Call, 2) {
				return // a pair passed on from one call (a wrapper's inner handler): the callee's finding
			}
			if !reported[ret] && res.Nil == flow.Nil && err.Nil == flow.Nil {
				reported[ret] = true
				p.Reportf(ret, "tool handler returns (nil, nil): %s; return a result or an error", outcome)
			}
		})
	}
}
