package handlerrules

import (
	"go/ast"
	"go/constant"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/printf"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

func (rules) PreferMCPErrorInHandler() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "prefer-mcp-error-in-handler", Family: Family, Severity: rule.Warning, SDKs: rule.AllSDKs,
		Title: "handler returns an error that carries no MCP error code",
		Run:   preferMCPErrorInHandler,
	}, (*kinds).handlerBodies)
}

// preferMCPErrorInHandler: an mcptool handler (or, with plain-handler-errors, a plain SDK
// tool handler whose errors become tool errors) returns an error that carries no code.
func preferMCPErrorInHandler(p *rule.Pass, defs *mcpdefs.Result, hs []*handler) {
	for _, h := range hs {
		var outcome string
		switch {
		case h.Flavour == mcpmodel.MCPToolTool:
			outcome = "mcptool sends it as InternalError; use an mcperr factory or call.Fail"
		case p.Options.(Config).PlainHandlerErrors && h.Kind == mcpmodel.Tool && h.Errors == mcpmodel.ToolError:
			outcome = "the client gets no code to act on; return an *mcperr.Error"
		default:
			continue
		}
		reported := map[*ast.CallExpr]bool{}
		report := func(call *ast.CallExpr) {
			if call == nil || reported[call] || !h.uncodedError(call) {
				return
			}
			reported[call] = true
			p.Reportf(call, "error has no MCP code: %s", outcome)
		}
		h.returns(func(ret *ast.ReturnStmt, _ []ast.Node) {
			call, _ := ast.Unparen(result(ret, h.ErrorIndex)).(*ast.CallExpr)
			report(call)
		})
		// The error a path returns, built before the return (`err := errors.New(...); return
		// Out{}, err`, a bare return of a named result).
		h.paths(func(_ *ast.ReturnStmt, path *flow.Path) {
			if h.ErrorIndex >= 0 && path.Results[h.ErrorIndex].Nil != flow.Nil {
				report(h.builtBy(path, h.ErrorIndex))
			}
		})
	}
}

// uncodedError reports whether call builds an error that certainly carries no code:
// errors.New, or fmt.Errorf whose %w operands (if any) are themselves certainly uncoded. A
// %w operand may carry a code, so it counts only when it is such a call, or a variable of
// the handler assigned nothing else: rewriting %v to %w (preserve-cause-on-rethrow's fix)
// does not make an errors.New coded.
func (h *handler) uncodedError(call *ast.CallExpr) bool { return h.uncoded(call, 0) }

func (h *handler) uncoded(e ast.Expr, depth int) bool {
	if depth > 8 {
		return false // a chain this long is not worth following; assume it may carry a code
	}
	info := h.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		assigned := h.assigns[h.obj(e)]
		if len(assigned) == 0 {
			return false // a parameter, a package variable: anything may be in it
		}
		for _, a := range assigned {
			if !h.uncoded(a, depth+1) {
				return false
			}
		}
		return true
	case *ast.CallExpr:
		if astutil.IsPkgFunc(info, e, "errors", "New") {
			return true
		}
		if !astutil.IsPkgFunc(info, e, "fmt", "Errorf") || len(e.Args) == 0 {
			return false
		}
		tv := info.Types[e.Args[0]]
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			return false
		}
		for _, v := range printf.Parse(constant.StringVal(tv.Value)) {
			if v.Verb != 'w' {
				continue
			}
			if v.Arg < 0 || v.Arg+1 >= len(e.Args) || !h.uncoded(e.Args[v.Arg+1], depth+1) {
				return false
			}
		}
		return true
	}
	return false
}
