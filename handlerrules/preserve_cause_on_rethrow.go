package handlerrules

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/flow/decided"
	"github.com/mcplint-go/mcplint/flow/errs"
	"github.com/mcplint-go/mcplint/handlerrules/toolfix"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"

	"github.com/mcplint-go/mcplint/flow/outside"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/printf"
	"github.com/mcplint-go/mcplint/internal/rule"
)

func (rules) PreserveCauseOnRethrow() rule.Entry[*kinds] {
	return rule.Declare(perHandler{
		ID: "preserve-cause-on-rethrow", Severity: rule.Warning, SDKs: rule.AllSDKs,
		Title: "error built in an error branch drops the error in hand",
		Run:   preserveCauseOnRethrow,
	}, (*kinds).causeReach)
}

// preserveCauseOnRethrow: inside an error branch, a new error or error result is built
// without carrying the error in hand, so the cause chain (errors.Is/As, logs, traces) ends
// here.
func preserveCauseOnRethrow(p *rule.Pass, h *handler) {
	h.droppedEntirely()
	h.visit(func(n ast.Node) {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return
		}
		var hand map[types.Object]bool
		lazyHand := func() map[types.Object]bool {
			if hand == nil {
				hand = h.inHandAt(call)
			}
			return hand
		}
		switch {
		case h.defs.IsMCPErrorConstructor(call):
			if h.carriesCause(call) || len(lazyHand()) == 0 || !h.buildsReturnedError(call) {
				return
			}
			errName := firstName(lazyHand())
			var fixes []analysis.SuggestedFix
			if opt, ok := h.defs.WithCause(h.file, errName); ok && !call.Ellipsis.IsValid() {
				fixes = append(fixes, analysis.SuggestedFix{
					Message:   "Add " + opt,
					TextEdits: []analysis.TextEdit{{Pos: call.Rparen, End: call.Rparen, NewText: []byte(", " + opt)}},
				})
			}
			p.Report(call, "error built while handling "+errName+" drops it, losing the cause; add mcperr.WithCause("+errName+")", fixes...)
		case astutil.IsPkgFunc(p.TypesInfo, call, "fmt", "Errorf"):
			h.errorfWithoutW(call, lazyHand)
		case h.helper:
			// A helper returns an error, not a tool result: the result cases are the
			// handlers'.
			return
		default:
			api := h.defs.CallAPI(call)
			sdkText := api == sdkapi.APIToolResultError || api == sdkapi.APIToolResultErrorf
			if !sdkText && !h.sums.IsErrorResult(call) {
				return
			}
			if len(lazyHand()) == 0 || h.madeFromInHand(call) || h.returnedBesideOnPath(call) || h.classifiedAt(call) {
				return
			}
			if sdkText && h.namesLocalInput(call) {
				return
			}
			errName := firstName(lazyHand())
			if !sdkText {
				// A module helper that builds an IsError result on every path: it drops
				// the error when it takes none (utils.NewToolResultError("failed")) or is
				// given nil for the error it takes (NewGitHubAPIErrorResponse(ctx, msg, resp, nil)).
				if nilArg, takesErr := nilErrorArg(p.TypesInfo, call); nilArg != nil {
					var fixes []analysis.SuggestedFix
					if h.onlyErrorInScope(lazyHand(), nilArg.Pos()) {
						fixes = append(fixes, analysis.SuggestedFix{Message: "Pass " + errName, TextEdits: []analysis.TextEdit{{Pos: nilArg.Pos(), End: nilArg.End(), NewText: []byte(errName)}}})
					}
					p.Report(nilArg, "error result helper is given nil while handling "+errName+", losing the cause; pass "+errName, fixes...)
				} else if !takesErr && !h.localFailureAt(call) {
					p.Report(call, "tool error result drops "+errName+", so the model cannot tell what failed; include "+errName+" in it", h.ownFromErrFix(call, lazyHand())...)
				}
				return
			}
			var fixes []analysis.SuggestedFix
			if fromErr, ok := h.defs.ErrorResultFromErr(call); ok && len(call.Args) == 1 {
				fixes = append(fixes, analysis.SuggestedFix{
					Message: "Use " + fromErr,
					TextEdits: []analysis.TextEdit{
						{Pos: call.Fun.Pos(), End: call.Fun.End(), NewText: []byte(fromErr)},
						{Pos: call.Rparen, End: call.Rparen, NewText: []byte(", " + errName)},
					},
				})
			}
			p.Report(call, "tool error result drops "+errName+", so the model cannot tell what failed; use mcp.NewToolResultErrorFromErr(text, "+errName+")", fixes...)
		}
	})
}

// classifiedAt reports whether the tool result call builds answers a failure classified
// first (`if err != nil && IsHTTPStatus(err, 404)`, `if errors.Is(err, errUnsupported)`):
// its text is the translation of that case, as for a new error (decided.Otherwise).
func (h *handler) classifiedAt(call *ast.CallExpr) bool {
	c, _ := flow.CallIn(h.flow.Function(h.Node), call.Lparen)
	if c == nil {
		return false
	}
	var failures []ssa.Value
	for _, v := range h.flow.InHand(c.Block()) {
		if flow.CallOf(flow.Core(v)) != nil {
			failures = append(failures, v)
		}
	}
	return len(failures) > 0 && decided.Otherwise(c.Block(), failures)
}

// localCall reports whether call does no I/O: it builds a request, or takes no
// context.Context and reads no HTTP response body.
func (h *handler) localCall(call *ast.CallExpr) bool {
	if outside.BuildsRequest(typeutil.StaticCallee(h.pass.TypesInfo, call)) {
		return true
	}
	t := h.pass.TypesInfo.TypeOf(call.Fun)
	if t == nil {
		return false
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || outside.TakesContext(sig) || outside.ReadsResponseBody(h.pass.TypesInfo, call) {
		return false
	}
	fn, _ := typeutil.Callee(h.pass.TypesInfo, call).(*types.Func)
	return !h.flow.LeavesProcess(fn)
}

// namesLocalInput reports whether the tool-error text call builds names the input of the
// local call whose failure it answers (`strconv.Atoi(v)` failing, `"invalid owner_id: " +
// v`): the text says what failed, and the parser's error adds nothing the model can use.
func (h *handler) namesLocalInput(call *ast.CallExpr) bool {
	var sets []*ast.CallExpr
	var failed []*ssa.Call
	fnNode, vals := h.Node, h.engineInHand(call)
	for _, v := range vals {
		if c := flow.CallOf(flow.Core(v)); c != nil {
			if set := flow.CallExprAt(fnNode, c.Pos()); set != nil {
				sets = append(sets, set)
				failed = append(failed, c)
			}
		}
	}
	for i, set := range sets {
		inputs := map[types.Object]bool{}
		for _, a := range set.Args {
			ast.Inspect(a, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if v, isVar := h.pass.TypesInfo.Uses[id].(*types.Var); isVar && !astutil.ImplementsError(v.Type()) {
						inputs[v] = true
					}
				}
				return true
			})
		}
		if !h.localCall(set) {
			continue
		}
		if len(inputs) > 0 && mentions(h.pass.TypesInfo, call, inputs) || h.namesConstantArg(call, set) || h.namesInputKey(call, failed[i]) {
			return true
		}
	}
	return false
}

// namesInputKey reports whether the text call builds names the argument key an input of the
// failed local call was read under (`time.Parse(time.RFC3339, args["since"].(string))`
// failing, answered with "since must be in ISO 8601 format"): the text says what failed.
func (h *handler) namesInputKey(call *ast.CallExpr, failed *ssa.Call) bool {
	var keys []string
	through := func(c *ssa.Call) bool { return !h.doesIO(c) }
	for _, a := range failed.Call.Args {
		for _, o := range flow.Origins(a, through) {
			if k, ok := o.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
				if key := constant.StringVal(k.Value); argumentName.MatchString(key) {
					keys = append(keys, key)
				}
			}
		}
	}
	return len(keys) > 0 && h.textContains(call, keys)
}

// argumentName is what an argument's name looks like.
var argumentName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.-]+$`)

// namesConstantArg reports whether the text call builds contains a constant string argument of
// set (`req.RequireString("task_id")` failing, answered with "task_id is required"): the
// argument accessor's error says no more than that.
func (h *handler) namesConstantArg(call, set *ast.CallExpr) bool {
	info := h.pass.TypesInfo
	var names []string
	for _, a := range set.Args {
		// A name (`task_id`, `spec.name`), not any text: MarshalIndent's indent "  " names
		// nothing.
		if tv := info.Types[a]; tv.Value != nil && tv.Value.Kind() == constant.String && argumentName.MatchString(constant.StringVal(tv.Value)) {
			names = append(names, constant.StringVal(tv.Value))
		}
	}
	return h.textContains(call, names)
}

// textContains reports whether a constant string in call contains one of names.
func (h *handler) textContains(call *ast.CallExpr, names []string) bool {
	found := false
	ast.Inspect(call, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && !found {
			if tv := h.pass.TypesInfo.Types[e]; tv.Value != nil && tv.Value.Kind() == constant.String {
				text := constant.StringVal(tv.Value)
				found = slices.ContainsFunc(names, func(name string) bool { return strings.Contains(text, name) })
			}
		}
		return !found
	})
	return found
}

// localFailureAt reports whether an error the engine knows is in hand at the handler's call
// was set by a call that does no I/O (localCall): an argument accessor
// (RequiredInt(args, "n")), a decoder or a marshaller. A text of the module's own that
// replaces such an error usually says all there is (what argument is wrong).
func (h *handler) localFailureAt(call *ast.CallExpr) bool {
	fnNode, vals := h.Node, h.engineInHand(call)
	for _, v := range vals {
		if c := flow.CallOf(flow.Core(v)); c != nil {
			if set := flow.CallExprAt(fnNode, c.Pos()); set != nil && h.localCall(set) {
				return true
			}
		}
	}
	return false
}

// nilErrorArg returns the literal nil a call gives for an error parameter of its callee, and
// whether the callee takes an error at all.
func nilErrorArg(info *types.Info, call *ast.CallExpr) (nilArg ast.Expr, takesErr bool) {
	sig, ok := info.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok {
		return nil, false
	}
	for i := 0; i < sig.Params().Len() && i < len(call.Args); i++ {
		if sig.Variadic() && i == sig.Params().Len()-1 {
			break
		}
		if !astutil.ImplementsError(sig.Params().At(i).Type()) {
			continue
		}
		takesErr = true
		if tv := info.Types[call.Args[i]]; tv.IsNil() && nilArg == nil {
			nilArg = call.Args[i]
		}
	}
	return nilArg, takesErr
}

// carriesCause reports whether an mcperr constructor call is given WithCause.
func (h *handler) carriesCause(call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if c, ok := ast.Unparen(a).(*ast.CallExpr); ok && h.defs.CallAPI(c) == sdkapi.APIErrWithCause {
			return true
		}
	}
	return false
}

// errorfWithoutW reports fmt.Errorf formatting an error in hand with %v or %s.
func (h *handler) errorfWithoutW(call *ast.CallExpr, hand func() map[types.Object]bool) {
	info := h.pass.TypesInfo
	if len(call.Args) < 2 {
		return
	}
	tv := info.Types[call.Args[0]]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return
	}
	format := constant.StringVal(tv.Value)
	verbs := printf.Parse(format)
	for _, v := range verbs {
		if v.Verb == 'w' {
			// The call already wraps an error (`fmt.Errorf("%w: %v", ErrInvalidURL, err)`):
			// the chain callers test is kept, and the other error's text is there too.
			return
		}
	}
	for _, v := range verbs {
		if (v.Verb != 'v' && v.Verb != 's') || v.Plus() || v.Sharp() || v.Arg < 0 || v.Arg+1 >= len(call.Args) {
			continue
		}
		arg := call.Args[v.Arg+1]
		obj := h.obj(arg)
		if obj == nil {
			// err.Error() formats the error in hand just the same.
			if c, ok := ast.Unparen(arg).(*ast.CallExpr); ok && len(c.Args) == 0 {
				if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Error" {
					obj = h.obj(sel.X)
				}
			}
		}
		if obj == nil || !hand()[obj] {
			continue
		}
		if !h.buildsReturnedError(call) {
			return // a helper's error that does not leave it: no handler returns it
		}
		if c, _ := flow.CallIn(h.flow.Function(h.Node), call.Lparen); c != nil && h.flow.TextOnly(c) {
			return // it becomes text at once (to.Error(fmt.Errorf(...))): %w would change nothing
		}
		var fixes []analysis.SuggestedFix
		if lit, ok := ast.Unparen(call.Args[0]).(*ast.BasicLit); ok && lit.Kind == token.STRING && !strings.Contains(lit.Value, `\`) {
			verbPos := lit.Pos() + 1 + token.Pos(v.End-1)
			edits := []analysis.TextEdit{{Pos: verbPos, End: verbPos + 1, NewText: []byte("w")}}
			if h.obj(arg) == nil {
				// err.Error(): wrap err itself.
				edits = append(edits, analysis.TextEdit{Pos: arg.Pos(), End: arg.End(), NewText: []byte(obj.Name())})
			}
			fixes = append(fixes, analysis.SuggestedFix{Message: "Wrap " + obj.Name() + " with %w", TextEdits: edits})
		}
		h.pass.Report(arg, "fmt.Errorf formats "+obj.Name()+" with %"+string(v.Verb)+" instead of wrapping it with %w, losing the cause", fixes...)
		return
	}
}

// ownFromErrFix rewrites the package's own text-only tool error constructor, given one message,
// into its constructor from a message and an error (utils.NewToolResultError(msg) →
// utils.NewToolResultErrorFromErr(msg, err)), when the package has both and one error is in
// hand.
func (h *handler) ownFromErrFix(call *ast.CallExpr, hand map[types.Object]bool) []analysis.SuggestedFix {
	if h.idiom.Text == nil || len(call.Args) != 1 || typeutil.StaticCallee(h.pass.TypesInfo, call) != h.idiom.Text || !h.onlyErrorInScope(hand, call.Pos()) {
		return nil
	}
	w := toolfix.Writer{Pass: h.pass.Pass, Vocab: h.defs, File: h.file, Handler: h.Handler, Own: h.idiom}
	repl, ok := w.OwnFromErr(render(h.pass, call.Args[0]), firstName(hand))
	if !ok {
		return nil
	}
	return []analysis.SuggestedFix{{Message: "Carry the error", TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(repl)}}}}
}

// onlyErrorInScope reports whether hand holds one error and its name means it at pos: the
// one value to pass where the helper is given nil.
func (h *handler) onlyErrorInScope(hand map[types.Object]bool, pos token.Pos) bool {
	if len(hand) != 1 {
		return false
	}
	scope := h.pass.Pkg.Scope().Innermost(pos)
	for o := range hand {
		if scope == nil {
			return false
		}
		_, found := scope.LookupParent(o.Name(), pos)
		return found == o
	}
	return false
}

// firstName is the alphabetically first name among the errors in hand, for stable messages.
func firstName(objs map[types.Object]bool) string {
	var names []string
	for o := range objs {
		if o.Name() != "_" { // a blank comma-ok or type-switch binding has no name to give
			names = append(names, o.Name())
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return "err"
	}
	return names[0]
}

// madeFromInHand reports whether an argument of the handler's call is made, through
// any call, of an error the engine knows is in hand where it runs (`errMsg :=
// fmt.Sprintf("...: %v", err)`, `pe.Path` after errors.As(err, &pe)): the result carries the
// error's text.
func (h *handler) madeFromInHand(call *ast.CallExpr) bool {
	c, b := flow.CallIn(h.flow.Function(h.Node), call.Lparen)
	if c == nil {
		return false
	}
	hand := map[ssa.Value]bool{}
	for _, v := range append(h.flow.InHand(b), h.flow.Bound(b)...) {
		hand[v] = true
	}
	all := func(*ssa.Call) bool { return true }
	args := c.Call.Args
	if c.Call.IsInvoke() {
		args = append([]ssa.Value{c.Call.Value}, args...)
	}
	for _, a := range args {
		for _, o := range flow.OriginsUntil(a, all, func(v ssa.Value) bool { return hand[v] }) {
			if hand[o] {
				return true
			}
		}
	}
	return false
}

// returnedBesideOnPath reports whether the result call builds is returned, on some path,
// beside an error the path has in hand (`res := NewToolResultError("x"); return res, err`):
// the error goes out with it, so nothing is dropped. The engine answers through variables.
func (h *handler) returnedBesideOnPath(call *ast.CallExpr) bool {
	if h.ResultIndex < 0 || h.ErrorIndex < 0 {
		return false
	}
	fn := h.flow.Function(h.Node)
	c, _ := flow.CallIn(fn, call.Lparen)
	if c == nil {
		return false
	}
	for _, p := range h.flow.Paths(fn) {
		if len(p.Results) <= max(h.ResultIndex, h.ErrorIndex) || flow.Core(p.Results[h.ResultIndex].Value) != c {
			continue
		}
		errV := flow.Core(p.Results[h.ErrorIndex].Value)
		for _, x := range p.InHand() {
			if flow.Core(x) == errV {
				return true
			}
		}
	}
	return false
}

// droppedEntirely reports the worst case of the rule: a new error returned on a path where an
// upstream call's error is in hand, built from text that does not mention it at all
// (`if err != nil { return nil, errors.New("failed to scan") }`). The flow engine decides
// that the error in hand is non-nil where the new one is built, that it came from a call that
// does I/O, and that none of the new error's arguments come from it.
func (h *handler) droppedEntirely() {
	if h.ErrorIndex < 0 || (h.helper && !h.buildsTextError()) {
		return
	}
	reported := map[*ast.CallExpr]bool{}
	// The texts of the new errors returned where no failure is in hand: a refusal the
	// function gives on purpose (`if !linked { return errors.New(errStationUnavailable) }`).
	refusals := map[string]bool{}
	h.paths(func(ret *ast.ReturnStmt, path *flow.Path) {
		if call := flow.CallOf(flow.Core(path.Results[h.ErrorIndex].Value)); call != nil && textOnlyError(call) && len(h.flow.InHand(call.Block())) == 0 {
			if text, ok := constantText(call); ok {
				refusals[text] = true
			}
		}
	})
	h.paths(func(ret *ast.ReturnStmt, path *flow.Path) {
		call := flow.CallOf(flow.Core(path.Results[h.ErrorIndex].Value))
		if call == nil || !textOnlyError(call) {
			return
		}
		if text, ok := constantText(call); ok && refusals[text] {
			// The same refusal where nothing failed: the text is what the tool answers
			// whatever the cause, so that no cause tells one case from the other (an
			// enumeration oracle closed on purpose).
			return
		}
		// The finding is at the call that builds the error, wherever it is returned from
		// (directly, through a variable, a bare return of a named result).
		e := flow.CallExprAt(h.Node, call.Pos())
		if e == nil || reported[e] {
			return
		}
		var upstream []ssa.Value
		for _, v := range h.flow.InHand(call.Block()) {
			if c := flow.CallOf(flow.Core(v)); c != nil && h.doesIO(c) {
				upstream = append(upstream, v)
			}
		}
		if len(upstream) == 0 || decided.Otherwise(call.Block(), upstream) {
			return
		}
		sources := map[*ssa.Call]bool{}
		for _, v := range upstream {
			sources[flow.CallOf(flow.Core(v))] = true
		}
		// Every other call is seen through: err.Error(), fmt.Sprintf, string building.
		through := func(c *ssa.Call) bool { return !sources[c] }
		for _, arg := range call.Call.Args {
			for _, o := range flow.Origins(arg, through) {
				if c := flow.CallOf(o); c != nil && sources[c] {
					return // the new error carries the one in hand, or its text
				}
			}
		}
		if loggedBefore(call, sources, through) {
			return // logged, then answered with what failed: the advice of no-stringify-upstream-error
		}
		reported[e] = true
		errName := firstName(h.inHandIn(h.Node, call.Block()))
		h.pass.Report(e, "error built while handling "+errName+" drops it entirely, losing the cause; wrap it with fmt.Errorf(\"...: %w\", "+errName+")")
	})
}

// constantText is the text of errors.New(c) or fmt.Errorf(c) with c a constant and no
// other argument.
func constantText(call *ssa.Call) (string, bool) {
	args := flow.Arguments(call)
	if len(args) != 1 {
		return "", false
	}
	k, ok := args[0].(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(k.Value), true
}

// loggedBefore reports whether one of the failures in sources is handed to a logger
// (outside.Logs) on the way from it to call: `logger.Error("read failed", "err", err)`, then
// a new error that says what failed. The cause is kept where an operator reads it.
func loggedBefore(call *ssa.Call, sources map[*ssa.Call]bool, through func(*ssa.Call) bool) bool {
	for _, b := range call.Parent().Blocks {
		if !b.Dominates(call.Block()) {
			continue
		}
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || c == call || !outside.Logs(calledFunc(c)) {
				continue
			}
			for _, a := range flow.Arguments(c) {
				if a == nil {
					continue
				}
				for _, o := range flow.Origins(a, through) {
					if oc := flow.CallOf(o); oc != nil && sources[oc] && oc.Block().Dominates(b) {
						return true
					}
				}
			}
		}
	}
	return false
}

// calledFunc returns the function or method a call names, statically or through an
// interface.
func calledFunc(c *ssa.Call) *types.Func {
	if c.Call.IsInvoke() {
		return c.Call.Method
	}
	return flow.Callee(c)
}

// buildsTextError reports whether h's body calls errors.New, fmt.Errorf or their kin at all:
// a helper's paths are worked out only when it does.
func (h *handler) buildsTextError() bool {
	found := false
	h.visit(func(n ast.Node) {
		if c, ok := n.(*ast.CallExpr); ok && !found {
			fn, _ := typeutil.Callee(h.pass.TypesInfo, c).(*types.Func)
			found = errs.New(fn)
		}
	})
	return found
}

// textOnlyError reports whether call builds an error from text alone: errors.New, or
// fmt.Errorf (whose arguments the caller checks), or their kin in the error packages.
func textOnlyError(call *ssa.Call) bool {
	return errs.New(flow.Callee(call))
}

// doesIO reports whether call does I/O whose failure is worth keeping as a cause, as
// upstream-error-as-protocol-error judges a call (flow.Result.CallLeaves). An argument
// parser's error is not one: a text of the module's own that replaces it usually says all
// there is.
func (h *handler) doesIO(call *ssa.Call) bool { return h.flow.CallLeaves(call) }
