package contractrules

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"github.com/mcplint-go/mcplint/internal/suggest"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcperr"
)

// tool is one mcptool definition as the conformance rules see it: its declared contract and
// what its handler can return.
type tool struct {
	def *mcpmodel.Definition
	// byReason and byCode index the entries whose reason (code) is a constant; reasons lists
	// the declared reasons in order.
	byReason map[string]mcpmodel.ContractEntry
	byCode   map[mcperr.Code][]string
	reasons  []string
	// codesKnown (reasonsKnown) is false when some entry's code (reason) is not a constant:
	// then no code (reason) can be called undeclared.
	codesKnown, reasonsKnown bool
	// shared is true when other tools of the package use the same contract literal.
	shared bool

	// handler and summary describe a handler whose body is in this package; external and
	// externalName one declared in another package. Both are nil when the handler cannot be
	// resolved.
	handler      *mcpmodel.Handler
	summary      *Summary
	external     *ErrorsFact
	externalName string
}

func newTool(p *rule.Pass, d *mcpmodel.Definition, flow *Result) *tool {
	t := &tool{def: d, byReason: map[string]mcpmodel.ContractEntry{}, byCode: map[mcperr.Code][]string{}, codesKnown: true, reasonsKnown: true}
	if c := d.Contract; c != nil && c.Static {
		for _, e := range c.Entries {
			if !e.Reason.Static {
				t.reasonsKnown = false
			}
			if !e.Code.Static {
				t.codesKnown = false
			}
			if !e.Reason.Static || e.Reason.Str == "" {
				continue
			}
			if _, dup := t.byReason[e.Reason.Str]; dup {
				continue // Fail selects the first entry
			}
			t.byReason[e.Reason.Str] = e
			t.reasons = append(t.reasons, e.Reason.Str)
			if e.Code.Static {
				c := mcperr.Code(e.Code.Val)
				t.byCode[c] = append(t.byCode[c], e.Reason.Str)
			}
		}
	}
	switch {
	case d.Handler != nil && d.Handler.Body != nil:
		t.handler = d.Handler
		t.summary = flow.Of(d.Handler.Node)
		if t.summary == nil {
			t.summary = &Summary{}
		}
	case d.HandlerExpr != nil:
		// A handler declared in another package: its fact says what it returns.
		fn, ok := p.TypesInfo.Uses[astutil.NameIdent(d.HandlerExpr)].(*types.Func)
		if !ok || isInterfaceMethod(fn) || fn.Pkg() == p.Pkg {
			break
		}
		if f, known := flow.External(fn); known {
			t.external, t.externalName = f, funcName(fn)
		}
	}
	return t
}

func (rules) ErrorContractConformance() rule.Entry[*kinds] {
	return rule.Declare(toolCheck{
		ID: "error-contract-conformance", Severity: rule.Warning, SDKs: rule.MCPTool,
		Title: "handler can return a code its contract does not declare",
		Run:   conform,
	}, (*kinds).contractedTool)
}

// conform: error-contract-conformance.
func conform(p *rule.Pass, t *tool) {
	if !t.codesKnown {
		return
	}
	undeclared := func(pr Produced) bool {
		return !pr.Fail && pr.Code != 0 && !pr.Code.Baseline() && len(t.byCode[pr.Code]) == 0
	}
	advice := func(c mcperr.Code) string {
		return fmt.Sprintf("but the contract declares no %s entry; declare one", c.String())
	}
	if t.external != nil {
		done := map[mcperr.Code]bool{}
		for _, pr := range t.external.Produces {
			if !undeclared(pr) || done[pr.Code] {
				continue
			}
			done[pr.Code] = true
			p.Report(t.def.HandlerExpr, fmt.Sprintf("the handler %s can return %s (built by %s in %s at %s), %s", t.externalName, pr.Code.String(), pr.By, pr.Func, pr.At, advice(pr.Code)))
		}
		return
	}
	if t.summary == nil {
		return
	}
	type key struct {
		pos  token.Pos
		code mcperr.Code
	}
	done := map[key]bool{}
	for _, it := range t.summary.Items {
		k := key{it.Entry.Pos(), it.Code}
		if !undeclared(it.Produced) || done[k] {
			continue
		}
		done[k] = true
		var msg string
		if it.Callee == "" {
			msg = fmt.Sprintf("the handler returns %s here (built by %s), %s", it.Code.String(), it.By, advice(it.Code))
		} else {
			msg = fmt.Sprintf("%s enters the handler here through %s (built by %s in %s at %s), %s", it.Code.String(), it.Callee, it.By, it.Func, it.At, advice(it.Code))
		}
		p.Report(it.Entry, msg)
	}
}

func (rules) ErrorContractPreferFail() rule.Entry[*kinds] {
	return rule.Declare(toolCheck{
		ID: "error-contract-prefer-fail", Severity: rule.Warning, SDKs: rule.MCPTool,
		Title: "declared code returned through a factory instead of call.Fail",
		Run:   preferFail,
	}, (*kinds).contractedTool)
}

// preferFail: error-contract-prefer-fail.
func preferFail(p *rule.Pass, t *tool) {
	if t.summary == nil || !t.codesKnown {
		return
	}
	done := map[token.Pos]bool{}
	for _, it := range t.summary.Items {
		call, ok := it.Entry.(*ast.CallExpr)
		if !ok || it.Callee != "" || it.Fail || it.Code == 0 || done[call.Pos()] {
			continue
		}
		b, ok := sdkapi.BuildOf(p.TypesInfo, call)
		if !ok || (b.API != sdkapi.APIErrFactory && b.API != sdkapi.APIErrNew) {
			continue
		}
		reasons := t.byCode[it.Code]
		if len(reasons) == 0 {
			continue
		}
		done[call.Pos()] = true
		reason := ""
		switch {
		case it.ReasonDynamic:
		case it.Reason != "":
			for _, r := range reasons {
				if r == it.Reason {
					reason = r
				}
			}
		case len(reasons) == 1:
			reason = reasons[0]
		}
		var fixes []analysis.SuggestedFix
		if reason != "" {
			if fix, ok := failFix(t, call, b, reason); ok {
				fixes = append(fixes, fix)
			}
		}
		what := fmt.Sprintf("reason %q", reasons[0])
		use := fmt.Sprintf("call.Fail(%q, msg, ...)", reasons[0])
		if len(reasons) > 1 {
			what = "reasons " + quoteList(reasons)
			use = "call.Fail with one"
		}
		p.Report(call, fmt.Sprintf("%s builds a %s error the contract declares as %s; use %s", it.By, it.Code.String(), what, use), fixes...)
	}
}

// failFix rewrites mcperr.X(msg, opts...) or mcperr.New(code, msg, opts...) to
// call.Fail(reason, msg, opts...).
func failFix(t *tool, call *ast.CallExpr, b sdkapi.ErrorBuild, reason string) (analysis.SuggestedFix, bool) {
	h := t.handler
	if h == nil || h.Request == nil {
		return analysis.SuggestedFix{}, false
	}
	fail := h.Request.Name() + ".Fail"
	lit := strconv.Quote(reason) + ", "
	edits := []analysis.TextEdit{{Pos: call.Fun.Pos(), End: call.Fun.End(), NewText: []byte(fail)}}
	switch b.API {
	case sdkapi.APIErrFactory:
		if len(call.Args) == 0 {
			return analysis.SuggestedFix{}, false
		}
		edits = append(edits, analysis.TextEdit{Pos: call.Args[0].Pos(), End: call.Args[0].Pos(), NewText: []byte(lit)})
	case sdkapi.APIErrNew:
		if len(call.Args) < 2 {
			return analysis.SuggestedFix{}, false
		}
		edits = append(edits, analysis.TextEdit{Pos: call.Args[0].Pos(), End: call.Args[1].Pos(), NewText: []byte(lit)})
	}
	return analysis.SuggestedFix{Message: fmt.Sprintf("Use %s(%q, ...)", fail, reason), TextEdits: edits}, true
}

func (rules) ErrorContractUnknownReason() rule.Entry[*kinds] {
	return rule.Declare(toolCheck{
		ID: "error-contract-unknown-reason", Severity: rule.Error, SDKs: rule.MCPTool,
		Title: "call.Fail or RecoveryFor names an undeclared reason",
		Run:   unknownReason,
	}, (*kinds).tool)
}

// unknownReason: error-contract-unknown-reason, for Fail and RecoveryFor on the handler's
// own Call (the handler's call parameter, or mcptool.CallFrom(ctx) inside it).
func unknownReason(p *rule.Pass, t *tool) {
	h := t.handler
	if h == nil || (t.def.Contract != nil && !t.def.Contract.Static) || !t.reasonsKnown {
		return
	}
	ast.Inspect(h.Node, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		api := calleeAPI(p.TypesInfo, call)
		if api != sdkapi.APICallFail && api != sdkapi.APICallFailHTTP && api != sdkapi.APICallRecoveryFor {
			return true
		}
		if !ownCall(p.TypesInfo, call, h) {
			return true
		}
		reason, ok := constString(p.TypesInfo, call.Args[0])
		if !ok {
			return true // a dynamic reason: not guessed
		}
		if _, declared := t.byReason[reason]; declared {
			return true
		}
		p.Report(call.Args[0], unknownReasonMessage(t, api, reason))
		return true
	})
}

func unknownReasonMessage(t *tool, api sdkapi.API, reason string) string {
	var b strings.Builder
	switch api {
	case sdkapi.APICallFail:
		fmt.Fprintf(&b, "call.Fail(%q) names a reason ", reason)
	case sdkapi.APICallFailHTTP:
		fmt.Fprintf(&b, "call.FailHTTP(%q) names a reason ", reason)
	default:
		fmt.Fprintf(&b, "call.RecoveryFor(%q) names a reason ", reason)
	}
	if len(t.reasons) == 0 {
		b.WriteString("but the tool has no contract")
	} else {
		fmt.Fprintf(&b, "its contract lacks (declared: %s)", quoteList(t.reasons))
	}
	if api != sdkapi.APICallRecoveryFor {
		b.WriteString(", so Fail returns InternalError")
	} else {
		b.WriteString(", so it adds no hint")
	}
	if s := closest(reason, t.reasons); s != "" {
		fmt.Fprintf(&b, "; did you mean %q?", s)
	} else {
		b.WriteString("; declare it in Errors")
	}
	return b.String()
}

// ownCall reports whether a Fail or RecoveryFor call is made on handler h's own Call.
func ownCall(info *types.Info, call *ast.CallExpr, h *mcpmodel.Handler) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	switch x := ast.Unparen(sel.X).(type) {
	case *ast.Ident:
		return h.Request != nil && info.Uses[x] == h.Request
	case *ast.CallExpr:
		return calleeAPI(info, x) == sdkapi.APICallFrom
	}
	return false
}

func (rules) ErrorContractUnthrown() rule.Entry[*kinds] {
	return rule.Declare(toolCheck{
		ID: "error-contract-unthrown", Severity: rule.Warning, SDKs: rule.MCPTool,
		Title: "declared reason that no path can produce",
		Run:   unthrown,
	}, (*kinds).contractedTool)
}

// unthrown: error-contract-unthrown.
func unthrown(p *rule.Pass, t *tool) {
	produced := map[string]bool{}
	switch {
	case t.external != nil:
		if t.external.Opaque {
			return
		}
		for _, pr := range t.external.Produces {
			if pr.ReasonDynamic {
				return
			}
			produced[pr.Reason] = true
		}
	case t.handler != nil:
		if len(t.summary.Opaque) > 0 {
			return
		}
		for _, it := range t.summary.Items {
			if it.ReasonDynamic {
				return
			}
			produced[it.Reason] = true
		}
		// Reasons set anywhere in the handler count, even where the flow is not followed
		// (a goroutine's closure, an error kept in a struct).
		dynamic := false
		ast.Inspect(t.handler.Node, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return !dynamic
			}
			var rexpr ast.Expr
			if b, ok := sdkapi.BuildOf(p.TypesInfo, call); ok && b.API == sdkapi.APICallFail {
				rexpr = b.ReasonArg
			} else if eff, r := sdkapi.OptionOf(p.TypesInfo, call); eff == sdkapi.OptionReason {
				rexpr = r
			} else {
				return true
			}
			if s, ok := constString(p.TypesInfo, rexpr); ok {
				produced[s] = true
			} else {
				dynamic = true
			}
			return !dynamic
		})
		if dynamic {
			return
		}
	default:
		return
	}
	for _, e := range t.def.Contract.Entries {
		r := e.Reason
		if !r.Static || r.Str == "" || produced[r.Str] {
			continue
		}
		if t.shared {
			p.Report(t.def.Contract.Expr, fmt.Sprintf("shared contract reason %q is never produced by this tool's handler; give the tool its own contract", r.Str))
			continue
		}
		p.Report(r.Expr, fmt.Sprintf("reason %q is declared but never produced; produce it or remove it", r.Str))
	}
}

// calleeAPI is the API a call invokes; typeutil.Callee sees through explicit type arguments,
// however many.
func calleeAPI(info *types.Info, call *ast.CallExpr) sdkapi.API {
	return sdkapi.APIOf(typeutil.Callee(info, call))
}

func quoteList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, ", ")
}

// closest returns the declared reason within two edits of s, if exactly one is.
func closest(s string, candidates []string) string {
	var best []string
	for _, c := range candidates {
		if suggest.Distance(s, c) <= 2 {
			best = append(best, c)
		}
	}
	sort.Strings(best)
	if len(best) == 1 {
		return best[0]
	}
	return ""
}
