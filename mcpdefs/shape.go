package mcpdefs

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// HelperBuilt reports whether some return of h hands back a tool result or an error that a
// function of the module built (return helpers.NotFound(id), Out{}, nil; return nil,
// mapAPIError(err)): the handler rules judge those through the helper's summary.
func (res *Result) HelperBuilt(h *mcpmodel.Handler) bool {
	if res.r == nil || h.Body == nil {
		return false
	}
	info := res.info
	found := false
	ast.Inspect(h.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, i := range []int{h.ResultIndex, h.ErrorIndex} {
				if i < 0 || i >= len(n.Results) {
					continue
				}
				call, ok := ast.Unparen(n.Results[i]).(*ast.CallExpr)
				if !ok {
					continue
				}
				fn, _ := typeutil.Callee(info, call).(*types.Func)
				if fn != nil && fn.Pkg() != nil && res.r.modulePackage(fn.Pkg()) {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// ModulePackage reports whether p belongs to the module being checked (not an SDK, the
// runtime library or another dependency).
func (res *Result) ModulePackage(p *types.Package) bool {
	return res.r != nil && p != nil && res.r.modulePackage(p)
}

// modulePackage reports whether p belongs to the module being checked (not an SDK, the
// runtime library or another dependency).
func (r *recogniser) modulePackage(p *types.Package) bool {
	if sdkapi.KnownPackage(p.Path()) || sdkapi.IsRuntimePackage(p) {
		return false
	}
	if p == r.pass.Pkg {
		return true
	}
	m := r.pass.Module
	if m == nil || m.Path == "" {
		first, _, _ := strings.Cut(p.Path(), "/")
		return strings.Contains(first, ".")
	}
	return p.Path() == m.Path || strings.HasPrefix(p.Path(), m.Path+"/")
}
