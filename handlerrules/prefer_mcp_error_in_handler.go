package handlerrules

import (
	"go/ast"
	"go/constant"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/printf"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

func (rules) PreferMCPErrorInHandler() rule.Entry[*kinds] {
	return rule.Declare(perHandler{
		ID: "prefer-mcp-error-in-handler", Severity: rule.Warning, SDKs: rule.AllSDKs,
		Title: "handler returns an error that carries no MCP error code",
		Run:   preferMCPErrorInHandler,
	}, (*kinds).handler)
}

// preferMCPErrorInHandler: an mcptool handler (or, with plain-handler-errors, a plain SDK
// tool handler whose errors become tool errors) returns an error that carries no code.
func preferMCPErrorInHandler(p *rule.Pass, h *handler) {
	var outcome string
	switch {
	case h.Flavour == mcpmodel.MCPToolTool:
		outcome = "mcptool sends it as InternalError; use an mcperr factory or call.Fail"
	case p.Options.(Config).PlainHandlerErrors && h.Kind == mcpmodel.Tool && h.Errors == mcpmodel.ToolError:
		outcome = "the client gets no code to act on; return an *mcperr.Error"
	default:
		return
	}
	reported := map[*ast.CallExpr]bool{}
	report := func(call *ast.CallExpr) {
		if call == nil || reported[call] || !h.uncodedError(call) {
			return
		}
		reported[call] = true
		p.Reportf(call, "error has no MCP code: %s", outcome)
	}
	h.returns(func(ret *ast.ReturnStmt) {
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

// uncodedError reports whether call builds an error that certainly carries no code:
// errors.New, or fmt.Errorf whose %w operands (if any) are themselves certainly uncoded. A
// %w operand may carry a code, so it counts only when every value the engine finds flowing
// into it is such a call: rewriting %v to %w (preserve-cause-on-rethrow's fix) does not make
// an errors.New coded.
func (h *handler) uncodedError(call *ast.CallExpr) bool {
	c, _ := flow.CallIn(h.flow.Function(h.Node), call.Lparen)
	return c != nil && uncoded(c, 0)
}

func uncoded(c *ssa.Call, depth int) bool {
	if depth > 8 {
		return false // a chain this long is not worth following; assume it may carry a code
	}
	if flow.CallsFunc(c, "errors", "New") {
		return true
	}
	if !flow.CallsFunc(c, "fmt", "Errorf") {
		return false
	}
	args := flow.Arguments(c)
	format, ok := args[0].(*ssa.Const)
	if !ok || format.Value == nil || format.Value.Kind() != constant.String {
		return false
	}
	for _, v := range printf.Parse(constant.StringVal(format.Value)) {
		if v.Verb != 'w' {
			continue
		}
		if v.Arg < 0 || v.Arg+1 >= len(args) || args[v.Arg+1] == nil {
			return false
		}
		// Every value that flows into the operand (a parameter, a package variable or an
		// unknown call may carry a code).
		for _, leaf := range flow.Origins(args[v.Arg+1], nil) {
			lc, ok := leaf.(*ssa.Call)
			if !ok || !uncoded(lc, depth+1) {
				return false
			}
		}
	}
	return true
}
