package handlerrules

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

func (rules) StructuredContentOnError() rule.Entry[*kinds] {
	return rule.Declare(perHandler{
		ID: "structured-content-on-error", Severity: rule.Warning, SDKs: rule.GoSDK,
		Title: "typed handler returns an IsError result with a nil error; zero structuredContent ships",
		Run:   structuredContentOnError,
	}, (*kinds).handler)
}

// structuredContentOnError: a go-sdk typed handler with a concrete output type reports a
// failure through an IsError result and a nil error. go-sdk still marshals the output, so a
// zero-valued structuredContent ships beside the error and clients that read
// structuredContent see an apparently successful empty answer.
func structuredContentOnError(p *rule.Pass, h *handler) {
	if h.Flavour != mcpmodel.GoSDKTypedTool || h.Out == nil || isAny(h.Out) {
		return
	}
	reported := map[*ast.ReturnStmt]bool{}
	// Each path to each return, so that a result or an output held in a variable, or a
	// bare return of named results, is judged by what it holds there.
	h.paths(func(ret *ast.ReturnStmt, path *flow.Path) {
		if reported[ret] || path.Results[h.ErrorIndex].Nil != flow.Nil {
			return
		}
		if !h.errorResult(result(ret, h.ResultIndex)) && !h.errorResultOn(path) {
			return
		}
		// A populated output beside the error result is deliberate (partial results, what
		// was done before the failure): only a zero output is the bogus empty answer.
		if out := result(ret, h.OutIndex); out != nil {
			if !zeroValue(p.TypesInfo, out) && !isZeroConst(path.Results[h.OutIndex].Value) {
				return
			}
		} else if !isZeroConst(path.Results[h.OutIndex].Value) {
			return
		}
		reported[ret] = true
		p.Reportf(ret, "IsError result with a nil error ships a zero %s as structuredContent; return nil, %s{}, err",
			types.TypeString(h.Out, types.RelativeTo(p.Pkg)), types.TypeString(h.Out, types.RelativeTo(p.Pkg)))
	})
}

func isAny(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	return ok && it.Empty()
}

// errorResult reports whether e is written as a tool result marked as an error: a literal
// with IsError: true, or a call of a module helper that returns one on every path. A result
// held in a variable is errorResultOn's.
func (h *handler) errorResult(e ast.Expr) bool {
	if h.defs.IsErrorResult(e) {
		return true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && h.sums.IsErrorResult(call) // a module helper that builds an IsError result on every path
}

// zeroValue reports whether e is written as its type's zero value: nil, or an empty
// composite literal (Out{}, &Out{}).
func zeroValue(info *types.Info, e ast.Expr) bool {
	if astutil.IsNil(info, e) {
		return true
	}
	x := ast.Unparen(e)
	if u, ok := x.(*ast.UnaryExpr); ok {
		x = ast.Unparen(u.X)
	}
	lit, ok := x.(*ast.CompositeLit)
	return ok && len(lit.Elts) == 0
}

// isZeroConst reports whether v is its type's zero value as the SSA form has it: a local
// declared without a value and never changed, a named result nobody sets, T{}.
func isZeroConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value == nil // a zero struct, nil, or a nil pointer
}

// errorResultOn reports whether the tool result path returns is marked as an error: built by
// a literal with IsError: true or a call that returns one (wherever it was assigned first), or
// a result on which IsError = true or SetError runs on every way to the return.
func (h *handler) errorResultOn(path *flow.Path) bool {
	if h.ResultIndex < 0 || h.ResultIndex >= len(path.Results) {
		return false
	}
	v := flow.Core(path.Results[h.ResultIndex].Value)
	if c := h.builtBy(path, h.ResultIndex); c != nil && (h.defs.IsErrorResult(c) || h.sums.IsErrorResult(c)) {
		return true
	}
	if alloc, ok := v.(*ssa.Alloc); ok {
		if lit := flow.CompositeLitAt(h.Node, alloc.Pos()); lit != nil && h.defs.IsErrorResult(lit) {
			return true
		}
	}
	refs := v.Referrers()
	if _, isPtr := v.Type().Underlying().(*types.Pointer); !isPtr || refs == nil {
		return false
	}
	ret := path.Return.Block()
	for _, ref := range *refs {
		switch x := ref.(type) {
		case *ssa.FieldAddr:
			field := x.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct).Field(x.Field)
			if !h.defs.IsErrorResultField(x.X.Type(), field) {
				continue
			}
			for _, st := range *x.Referrers() {
				if store, ok := st.(*ssa.Store); ok && store.Addr == x && dominatesReturn(store.Block(), ret) {
					if c, ok := store.Val.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value) {
						return true
					}
				}
			}
		case *ssa.Call:
			if len(x.Call.Args) > 0 && x.Call.Args[0] == v && dominatesReturn(x.Block(), ret) {
				if call := flow.CallExprAt(h.Node, x.Pos()); call != nil && h.defs.CallAPI(call) == sdkapi.APISetError {
					return true
				}
			}
		}
	}
	return false
}

// dominatesReturn reports whether every way to the return block ret passes through b.
func dominatesReturn(b, ret *ssa.BasicBlock) bool {
	return b == ret || b.Dominates(ret)
}
