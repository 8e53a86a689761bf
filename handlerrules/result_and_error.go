package handlerrules

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

func (rules) ResultAndError() rule.Entry[*kinds] {
	return rule.Declare(perHandler{
		ID: "result-and-error", Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "handler returns a result and an error together; the result is discarded",
		Run:   resultAndError,
	}, (*kinds).handler)
}

// resultAndError: a handler returns a non-nil result and a non-nil error together on some
// path. Every SDK keeps the error and drops the result, so whatever the result says never
// reaches the client. The flow engine decides both on each path to each return.
func resultAndError(p *rule.Pass, h *handler) {
	idx := h.ResultIndex
	if idx < 0 && h.ResultDiscarded {
		idx = 0 // the server's own result type, which its adapter drops on error
	}
	if idx < 0 || h.ErrorIndex < 0 {
		return
	}
	reported := map[*ast.ReturnStmt]bool{}
	h.paths(func(ret *ast.ReturnStmt, path *flow.Path) {
		res, err := path.Results[idx], path.Results[h.ErrorIndex]
		if reported[ret] || err.Nil != flow.NonNil {
			return
		}
		if res.Nil != flow.NonNil && !h.resultConstructor(result(ret, idx)) {
			return
		}
		if h.passedThrough(path, err.Value) && !h.errorResultOn(path) && !h.sdkErrorResultOn(path) {
			// `out, err := op(ctx); return render(out), out, err`: the error of a fallible
			// call handed on untested beside a success rendering. The SDK sends the error,
			// which is what the author means; no text meant for the client is lost.
			return
		}
		if h.Flavour == mcpmodel.GoSDKTypedTool && sameText(res.Value, err.Value) {
			// go-sdk builds the IsError result from the error's text, and the dropped result
			// says the same text (`return toolError(msg), nil, errors.New(msg)`): nothing the
			// client would read is lost.
			return
		}
		if err.Call != nil && madeOf(res.Value, err.Call, 2) {
			// Both come from one call (directly, or the result through a wrapper such as
			// attachIFC(result)): the callee returns them together, and is the line to change.
			return
		}
		reported[ret] = true
		// What the client gets instead, per SDK and version, is in the rule's doc section.
		if fix := h.keepErrorResultFix(ret, path); fix != nil {
			p.Report(ret, "the isError result beside this error never reaches the client; return it with a nil error", fix...)
			return
		}
		p.Reportf(ret, "%s result returned beside an error never reaches the client; return one or the other", h.Kind)
	})
}

// sameText reports whether the result res is built by a call given, as a string, the error
// errV's own text: the string errV is made of (errors.New(msg), fmt.Errorf("%s", msg),
// fmt.Errorf(msg)), or errV.Error().
func sameText(res, errV ssa.Value) bool {
	rc := flow.CallOf(flow.Core(res))
	if rc == nil || errV == nil {
		return false
	}
	e := flow.Core(errV)
	var made ssa.Value
	if ec := flow.CallOf(e); ec != nil && len(flow.Arguments(ec)) > 0 {
		args := flow.Arguments(ec)
		switch format, _ := args[0].(*ssa.Const); {
		case flow.CallsFunc(ec, "errors", "New"), flow.CallsFunc(ec, "fmt", "Errorf") && len(args) == 1:
			made = flow.Core(args[0])
		case flow.CallsFunc(ec, "fmt", "Errorf") && len(args) == 2 && format != nil && format.Value != nil && format.Value.ExactString() == `"%s"`:
			made = flow.Core(args[1])
		}
	}
	for _, a := range flow.Arguments(rc) {
		b, ok := a.Type().Underlying().(*types.Basic)
		if !ok || b.Kind() != types.String {
			continue
		}
		a = flow.Core(a)
		if made != nil && a == made {
			return true
		}
		// The same text written twice: `toolError("label is required"), nil,
		// errors.New("label is required")`.
		if ac, ok := a.(*ssa.Const); ok && ac.Value != nil {
			if mc, ok := made.(*ssa.Const); ok && mc.Value != nil && constant.Compare(ac.Value, token.EQL, mc.Value) {
				return true
			}
		}
		// msg := err.Error(): the receiver is the error returned.
		if c := flow.CallOf(a); c != nil && c.Call.IsInvoke() && c.Call.Method.Name() == "Error" && flow.Core(c.Call.Value) == e {
			return true
		}
		if c := flow.CallOf(a); c != nil && !c.Call.IsInvoke() {
			if callee := c.Call.StaticCallee(); callee != nil && callee.Name() == "Error" && len(c.Call.Args) == 1 && flow.Core(c.Call.Args[0]) == e {
				return true
			}
		}
	}
	return false
}

// resultConstructor reports whether e calls a repository's own result constructor
// (utils.NewToolResultError(...)): a call that builds a result next to an error means to
// return both, whatever it may return elsewhere. Conversions and calls that forward another
// handler are not constructors.
func (h *handler) resultConstructor(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	tv, ok := h.pass.TypesInfo.Types[call.Fun]
	if !ok || tv.IsType() {
		return false
	}
	sig, ok := tv.Type.Underlying().(*types.Signature)
	return ok && sig.Results().Len() == 1
}

// madeOf reports whether v is a result of call, or passes through a wrapper of its own type
// that is given one (attachIFC(result), a func(T) T), depth wrappers deep. An argument of
// another type (the error a result constructor is given) does not count.
func madeOf(v ssa.Value, call *ssa.Call, depth int) bool {
	c := flow.CallOf(flow.Core(v))
	if c == nil {
		return false
	}
	if c == call {
		return true
	}
	if depth == 0 {
		return false
	}
	for _, arg := range c.Call.Args {
		if types.Identical(arg.Type(), v.Type()) && madeOf(arg, call, depth-1) {
			return true
		}
	}
	return false
}

// passedThrough reports whether errV, returned on path, is the error result of a fallible
// call (`out, err := op(ctx)`) that no branch controlling the return tests: handed on as is.
func (h *handler) passedThrough(path *flow.Path, errV ssa.Value) bool {
	ex, ok := flow.Core(errV).(*ssa.Extract)
	if !ok {
		return false
	}
	if tuple, ok := ex.Tuple.Type().(*types.Tuple); !ok || tuple.Len() < 2 || ex.Index != tuple.Len()-1 {
		return false
	}
	for _, c := range flow.Controlling(path.Return.Block()) {
		if flow.IsNilTestOf(c.Value, []ssa.Value{errV}) {
			return false
		}
	}
	return true
}

// sdkErrorResultOn reports whether the result path returns is built by an SDK constructor of
// an IsError result (mark3labs mcp.NewToolResultError and its kin).
func (h *handler) sdkErrorResultOn(path *flow.Path) bool {
	c := h.builtBy(path, h.ResultIndex)
	if c == nil {
		return false
	}
	switch h.defs.CallAPI(c) {
	case sdkapi.APIToolResultError, sdkapi.APIToolResultErrorf, sdkapi.APIToolResultErrorFromErr:
		return true
	}
	return false
}

// keepErrorResultFix returns the one fix for a tool handler that builds an IsError result on
// purpose (with a constructor, so it carries text) and returns an error beside it: the SDK sends the error and drops the result, and the
// author meant the result. It replaces the error with nil, where that leaves every variable
// the error expression reads still used. Typed go-sdk handlers are left alone: their output
// would become the error result's structured content.
func (h *handler) keepErrorResultFix(ret *ast.ReturnStmt, path *flow.Path) []analysis.SuggestedFix {
	if h.Kind != mcpmodel.Tool || h.Flavour == mcpmodel.AdaptedTool || h.ResultIndex < 0 || h.Flavour == mcpmodel.GoSDKTypedTool {
		return nil
	}
	// The result must say something: an IsError literal without content would send the
	// client an empty error.
	c := h.builtBy(path, h.ResultIndex)
	if c == nil || !h.defs.IsErrorResult(c) && !h.sums.IsErrorResult(c) && !h.sdkErrorResultOn(path) {
		return nil
	}
	e := result(ret, h.ErrorIndex)
	if e == nil || !h.usedElsewhere(e) {
		return nil
	}
	return []analysis.SuggestedFix{{
		Message:   "Return the isError result and a nil error",
		TextEdits: []analysis.TextEdit{{Pos: e.Pos(), End: e.End(), NewText: []byte("nil")}},
	}}
}

// usedElsewhere: deleting e (keeping kept) leaves no local variable declared and not used.
func (h *handler) usedElsewhere(e ast.Expr, kept ...ast.Node) bool {
	return astutil.ReadsElsewhere(h.pass.TypesInfo, h.Node, e, kept...)
}
