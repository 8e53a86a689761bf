package handlerrules

import (
	"go/ast"
	"go/types"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
)

var ruleResultAndError = check{
	ID: "result-and-error", Family: Family, Severity: rule.Error, SDKs: rule.AllSDKs,
	Title: "handler returns a result and an error together; the result is discarded",
	Run:   resultAndError,
}

// resultAndError: a handler returns a non-nil result and a non-nil error together. Every SDK
// keeps the error and drops the result, so whatever the result says never reaches the client.
func resultAndError(p *rule.Pass, defs *mcpdefs.Result, hs []*handler) {
	for _, h := range hs {
		idx := h.ResultIndex
		if idx < 0 && h.ResultDiscarded {
			idx = 0 // the server's own result type, which its adapter drops on error
		}
		if idx < 0 {
			continue
		}
		h.returns(func(ret *ast.ReturnStmt, stack []ast.Node) {
			res, err := result(ret, idx), result(ret, h.ErrorIndex)
			if !h.nonNilResult(res, 0) || !h.nonNilError(err, stack) {
				return
			}
			// What the client gets instead, per SDK and version, is in the rule's doc section.
			p.Reportf(ret, "%s result returned beside an error never reaches the client; return one or the other", h.Kind)
		})
	}
}

// nonNilResult reports whether e is certainly a non-nil result: a literal, a result
// constructor, or a variable every assignment of which is one.
func (h *handler) nonNilResult(e ast.Expr, depth int) bool {
	if e == nil || depth > 4 || astutil.IsNil(h.pass.TypesInfo, e) {
		return false
	}
	if h.defs.IsResultLiteral(e) {
		return true
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		switch h.defs.CallAPI(x) {
		case mcpdefs.APIToolResultError, mcpdefs.APIToolResultErrorf, mcpdefs.APIToolResultErrorFromErr, mcpdefs.APIToolResultOK:
			return true
		}
		// A repository's own result constructor (utils.NewToolResultError(...)): a call that
		// builds a result next to an error means to return both, whatever it may return
		// elsewhere. Conversions and calls that forward another handler are not constructors.
		if tv, ok := h.pass.TypesInfo.Types[x.Fun]; ok && !tv.IsType() {
			if sig, ok := tv.Type.Underlying().(*types.Signature); ok && sig.Results().Len() == 1 {
				return true
			}
		}
	case *ast.Ident:
		as := h.assigns[h.obj(x)]
		if len(as) == 0 {
			return false
		}
		for _, a := range as {
			if a == nil || !h.nonNilResult(a, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}
