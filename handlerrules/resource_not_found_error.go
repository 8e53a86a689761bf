package handlerrules

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"regexp"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

// notFoundText matches error texts that say a thing is missing.
var notFoundText = regexp.MustCompile(`(?i)\b(not found|no such|does not exist|doesn't exist|unknown (resource|uri))\b`)

func (rules) ResourceNotFoundError() rule.Entry[*kinds] {
	return rule.Declare(perHandler{
		ID: "resource-not-found-error", Severity: rule.Warning, SDKs: rule.GoSDKOrTool,
		Title: "resource handler reports a missing resource with an ad-hoc error",
		Run:   resourceNotFoundError,
	}, (*kinds).handler)
}

// resourceNotFoundError: a go-sdk resource handler reports a missing resource with an ad-hoc
// error. go-sdk sends any error but a *jsonrpc.Error as code 0 or -32603, so the client
// cannot tell "no such resource" from a server fault.
func resourceNotFoundError(p *rule.Pass, h *handler) {
	if h.Flavour != mcpmodel.GoSDKResource && h.Flavour != mcpmodel.MCPToolResourceTemplate {
		return
	}
	reported := map[ast.Node]bool{}
	report := func(e ast.Expr, direct bool) {
		if reported[e] {
			return
		}
		reported[e] = true
		var fixes []analysis.SuggestedFix
		// The fix replaces a returned expression only: a variable's value may have other uses.
		if repl, ok := h.defs.ResourceNotFound(h.file, h.Handler); ok && direct {
			fixes = append(fixes, analysis.SuggestedFix{
				Message:   "Return " + repl,
				TextEdits: []analysis.TextEdit{{Pos: e.Pos(), End: e.End(), NewText: []byte(repl)}},
			})
		}
		p.Report(e, fmt.Sprintf("missing resource reported with an ad-hoc error clients cannot recognise; return mcp.ResourceNotFoundError(uri) (code %d)", h.ResourceNotFoundCode()), fixes...)
	}
	// The returned expression itself, and, through a variable or a bare return, the call
	// that built each path's error.
	h.returns(func(ret *ast.ReturnStmt) {
		if e := result(ret, h.ErrorIndex); e != nil && h.adHocNotFound(e) {
			report(e, true)
		}
	})
	h.paths(func(ret *ast.ReturnStmt, path *flow.Path) {
		if e := result(ret, h.ErrorIndex); e != nil && h.adHocNotFound(e) {
			return
		}
		if call := h.builtBy(path, h.ErrorIndex); call != nil && h.adHocNotFound(call) {
			report(call, false)
		}
	})
}

// adHocNotFound reports whether e is a not-found error that is not go-sdk's: a new error whose
// text says not found, or the io/fs not-exist sentinel, bare or wrapped. Where the sentinel
// already reaches the client as not found (NotExistIsNotFound), only a not-found text that
// wraps no sentinel is ad hoc.
func (h *handler) adHocNotFound(e ast.Expr) bool {
	info := h.pass.TypesInfo
	sentinelMapped := h.NotExistIsNotFound()
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if !astutil.IsPkgFunc(info, x, "errors", "New") && !astutil.IsPkgFunc(info, x, "fmt", "Errorf") || len(x.Args) == 0 {
			return false
		}
		wrapsSentinel := slices.ContainsFunc(h.wrappedErrors(x), func(w ast.Expr) bool { return isNotExist(info, w) })
		tv := info.Types[x.Args[0]]
		saysNotFound := tv.Value != nil && tv.Value.Kind() == constant.String && notFoundText.MatchString(constant.StringVal(tv.Value))
		if sentinelMapped {
			return saysNotFound && !wrapsSentinel
		}
		return saysNotFound || wrapsSentinel
	case *ast.Ident, *ast.SelectorExpr:
		return !sentinelMapped && isNotExist(info, x)
	}
	return false
}

func isNotExist(info *types.Info, e ast.Expr) bool {
	id := astutil.NameIdent(e)
	if id == nil {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Name() != "ErrNotExist" {
		return false
	}
	return v.Pkg().Path() == "os" || v.Pkg().Path() == "io/fs"
}
