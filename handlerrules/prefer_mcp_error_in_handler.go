package handlerrules

import (
	"go/ast"
	"go/constant"

	"github.com/mcplint/mcplint/internal/printf"
	"github.com/mcplint/mcplint/internal/rule"
	"github.com/mcplint/mcplint/mcpdefs"
)

var rulePreferMCPErrorInHandler = check{
	ID: "prefer-mcp-error-in-handler", Family: Family, Severity: rule.Warning, SDKs: rule.AllSDKs,
	Title: "handler returns an error that carries no MCP error code",
	Run:   preferMCPErrorInHandler,
}

// preferMCPErrorInHandler: an mcptool handler (or, with plain-handler-errors, a plain SDK
// tool handler whose errors become tool errors) returns an error that carries no code.
func preferMCPErrorInHandler(p *rule.Pass, defs *mcpdefs.Result, hs []*handler) {
	for _, h := range hs {
		var outcome string
		switch {
		case h.Flavour == mcpdefs.MCPToolTool:
			outcome = "mcptool sends it as InternalError; use an mcperr factory or call.Fail"
		case p.Options.(Config).PlainHandlerErrors && h.Kind == mcpdefs.Tool && h.Errors == mcpdefs.ToolError:
			outcome = "the client gets no code to act on; return an *mcperr.Error"
		default:
			continue
		}
		h.returns(func(ret *ast.ReturnStmt, _ []ast.Node) {
			call, ok := ast.Unparen(result(ret, h.ErrorIndex)).(*ast.CallExpr)
			if !ok || !h.uncodedError(call) {
				return
			}
			p.Reportf(call, "error has no MCP code: %s", outcome)
		})
	}
}

// uncodedError reports whether call builds an error that certainly carries no code:
// errors.New, or fmt.Errorf that wraps nothing (with %w it may wrap a coded error).
func (h *handler) uncodedError(call *ast.CallExpr) bool {
	info := h.pass.TypesInfo
	if isFunc(info, call, "errors", "New") {
		return true
	}
	if !isFunc(info, call, "fmt", "Errorf") || len(call.Args) == 0 {
		return false
	}
	tv := info.Types[call.Args[0]]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return false
	}
	for _, v := range printf.Parse(constant.StringVal(tv.Value)) {
		if v.Verb == 'w' {
			return false
		}
	}
	return true
}
