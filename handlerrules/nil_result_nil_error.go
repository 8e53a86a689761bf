package handlerrules

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/astutil"
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
	// A helper of another package passed on by several handlers is one mistake: reported
	// once, at the first of them.
	elsewhere := map[string]bool{}
	for _, h := range hs {
		outcome, idx := h.NilResultOutcome(), h.ResultIndex
		if h.ResultIndex < 0 && h.ResultDereferenced {
			outcome, idx = "the adapter dereferences it and panics", 0
		}
		if outcome == "" || idx < 0 {
			continue
		}
		if h.ErrorIndex < 0 || h.CallerJudges {
			continue // its callers report it, naming its line
		}
		reported := map[*ast.ReturnStmt]bool{}
		h.pathsAndForwards(func(ret *ast.ReturnStmt, path *flow.Path) {
			res, err := path.Results[idx], path.Results[h.ErrorIndex]
			if reported[ret] || res.Nil != flow.Nil || err.Nil != flow.Nil {
				return
			}
			from := err.Call
			if from == nil {
				from = nilPairFrom(path, res.Value)
			}
			if from != nil && madeOf(res.Value, from, 2) {
				// A pair passed on from one call (a wrapper's inner handler, a delegate): the
				// callee's finding, where its own package checks it. A helper of another package
				// of the module is not checked there (it cannot know this handler passes its
				// results on), so the finding is here, naming the helper's return.
				callee := h.passedOnFromElsewhere(from)
				if callee == nil {
					return
				}
				reported[ret] = true
				at := path.ShapeAt(from)
				if at == "" {
					at = callee.Name()
				}
				key := callee.Pkg().Path() + "." + callee.Name() + " " + at
				if elsewhere[key] {
					return
				}
				elsewhere[key] = true
				p.Reportf(ret, "%s.%s returns (nil, nil) at %s: %s; return a result or an error",
					callee.Pkg().Name(), callee.Name(), at, outcome)
				return
			}
			reported[ret] = true
			p.Reportf(ret, "tool handler returns (nil, nil): %s; return a result or an error", outcome)
		})
	}
}

// passedOnFromElsewhere is the function call runs, or the package variable it calls through
// (a method value, a factory's closure), when that is of another package of the module and
// no handler by its type there: nothing checks its body as a handler, so a handler passing
// its results on is where its defect shows. Nil otherwise.
func (h *handler) passedOnFromElsewhere(call *ssa.Call) types.Object {
	var obj types.Object
	if fn := h.flow.CalleeOf(call); fn != nil {
		obj = fn
	} else if v := flow.CalledVar(call); v != nil {
		obj = v
	}
	if obj == nil || obj.Pkg() == nil || obj.Pkg() == h.pass.Pkg || !h.defs.ModulePackage(obj.Pkg()) {
		return nil
	}
	if sig, ok := obj.Type().Underlying().(*types.Signature); !ok || h.defs.HandlerByType(sig) {
		return nil
	}
	return obj
}

// nilPairFrom returns the call res is the result of when that call's own error is nil on
// path (`result, err := next(ctx, req)`, `err` returned already, then `return result, nil`):
// the nil pair passed on is the callee's.
func nilPairFrom(path *flow.Path, res ssa.Value) *ssa.Call {
	c := flow.CallOf(flow.Core(res))
	if c == nil {
		return nil
	}
	if _, errV := flow.FirstAndLast(c); errV != c && errV != nil && astutil.IsError(errV.Type()) && path.Known(errV) == flow.Nil {
		return c
	}
	return nil
}
