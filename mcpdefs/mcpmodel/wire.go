package mcpmodel

import (
	"go/ast"
	"go/types"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// ErrorsReach says in a few words how a non-nil error returned by h reaches the client.
func (h *Handler) ErrorsReach() string {
	switch h.Errors {
	case ToolError:
		return "tool-error"
	case ProtocolError:
		return "protocol-error"
	}
	return "unknown"
}

// ErrorModeOf says what returning the error e from h becomes: h.Errors, or the other way for
// a value of one of h.Except's types (an adapter's errors.As convention). e's static type
// decides, and for a call of fmt.Errorf, the static types of the values it wraps with %w.
func (h *Handler) ErrorModeOf(info *types.Info, e ast.Expr) ErrorMode {
	if len(h.Except) == 0 || e == nil {
		return h.Errors
	}
	if h.excepted(info, e) {
		if h.Errors == ToolError {
			return ProtocolError
		}
		return ToolError
	}
	return h.Errors
}

func (h *Handler) excepted(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	t := info.TypeOf(e)
	for _, x := range h.Except {
		if t != nil && types.Identical(t, x) {
			return true
		}
	}
	if call, ok := e.(*ast.CallExpr); ok {
		if astutil.IsPkgFunc(info, call, "fmt", "Errorf") {
			wrapArgs, _ := astutil.ErrorfWraps(info, call)
			for _, k := range wrapArgs {
				if k < len(call.Args) && h.excepted(info, call.Args[k]) {
					return true
				}
			}
		}
	}
	return false
}

// NotExistIsNotFound reports whether an fs.ErrNotExist that h returns, bare or wrapped,
// reaches the client as a not-found error: mcptool classifies it as NotFound and sends a
// resource's NotFound as go-sdk's not-found error.
func (h *Handler) NotExistIsNotFound() bool { return h.SDK == sdkapi.MCPTool }
