// Package vocab is recognition's vocabulary for the rules: what an expression in a handler
// body means to the SDK it is written for (an IsError result, a protocol error, the tool's
// arguments), and the SDK's text for a suggested fix. It must not import recognition
// (mcpdefs) or a rule family; internal/layers' test pins it.
package vocab

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Vocab answers the SDK questions rules ask about expressions inside handler bodies, and
// writes the SDK-specific text of suggested fixes, so that rules stay SDK-independent.
// Recognition's result (mcpdefs.Result) embeds it for the package it read.
type Vocab struct {
	Info *types.Info
	Pkg  *types.Package
}

// CallAPI classifies the function or method a call invokes.
func (r *Vocab) CallAPI(call *ast.CallExpr) sdkapi.API {
	if r.Info == nil {
		return sdkapi.APINone
	}
	return sdkapi.APIOf(typeutil.Callee(r.Info, call))
}

// IsErrorResult reports whether e is a tool result literal with IsError set to true, e.g.
// &mcp.CallToolResult{IsError: true, ...}.
func (r *Vocab) IsErrorResult(e ast.Expr) bool {
	lit := astutil.CompositeOf(e)
	if lit == nil || r.Info == nil || sdkapi.TypeAPI(r.Info.TypeOf(lit)) != sdkapi.APIToolResultType {
		return false
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "IsError" {
			tv := r.Info.Types[kv.Value]
			return tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
		}
	}
	return false
}

// ErrorResultContent returns the Content of a tool result literal with IsError set to true
// (the text the client and the model read), or nil when e is no such literal or sets no
// content.
func (r *Vocab) ErrorResultContent(e ast.Expr) ast.Expr {
	if !r.IsErrorResult(e) {
		return nil
	}
	for _, elt := range astutil.CompositeOf(e).Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Content" {
				return kv.Value
			}
		}
	}
	return nil
}

// IsResultLiteral reports whether e is a tool, resource or prompt result literal (never nil).
func (r *Vocab) IsResultLiteral(e ast.Expr) bool {
	return astutil.CompositeOf(e) != nil
}

// IsErrorResultField reports whether field, read through a value of type base, is a tool
// result's IsError, so that rules can spot `res.IsError = true` on SSA.
func (r *Vocab) IsErrorResultField(base types.Type, field *types.Var) bool {
	return field != nil && field.Name() == "IsError" && sdkapi.TypeAPI(base) == sdkapi.APIToolResultType
}

// IsProtocolError reports whether e is an error that go-sdk sends as a JSON-RPC error when a
// typed handler returns it unwrapped: a *jsonrpc.Error value, or a call to a go-sdk function
// that builds one (ResourceNotFoundError, URLElicitationRequiredError).
func (r *Vocab) IsProtocolError(e ast.Expr) bool {
	if r.Info == nil {
		return false
	}
	if sdkapi.TypeAPI(r.Info.TypeOf(e)) == sdkapi.APIProtocolErrorType {
		return true
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		switch r.CallAPI(call) {
		case sdkapi.APIResourceNotFoundError, sdkapi.APIProtocolErrorFunc:
			return true
		}
	}
	return false
}

// IsArguments reports whether e reads the raw tool arguments of handler h's request:
// req.Params.Arguments (both SDKs) or, for mark3labs, req.GetArguments() and
// req.GetRawArguments().
func (r *Vocab) IsArguments(e ast.Expr, h *mcpmodel.Handler) bool {
	if h == nil || h.Request == nil || r.Info == nil {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if x.Sel.Name != "Arguments" {
			return false
		}
		params, ok := ast.Unparen(x.X).(*ast.SelectorExpr)
		if !ok || params.Sel.Name != "Params" {
			return false
		}
		id, ok := ast.Unparen(params.X).(*ast.Ident)
		return ok && r.Info.Uses[id] == h.Request
	case *ast.CallExpr:
		sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
		if !ok || (sel.Sel.Name != "GetArguments" && sel.Sel.Name != "GetRawArguments") {
			return false
		}
		id, ok := ast.Unparen(sel.X).(*ast.Ident)
		return ok && r.Info.Uses[id] == h.Request && r.CallAPI(x) == sdkapi.APIArgGet
	}
	return false
}

// ToolErrorResult writes the expression that turns text into a tool error result for
// handler h, in file's import names: mark3labs mcp.NewToolResultError(text). It returns
// false when the SDK has no one-expression form (go-sdk) or the file does not import it.
func (r *Vocab) ToolErrorResult(file *ast.File, h *mcpmodel.Handler, text string) (string, bool) {
	return markLabsCall(file, h, "NewToolResultError", text)
}

// ToolErrorResultf is ToolErrorResult for a format and its arguments
// (mark3labs mcp.NewToolResultErrorf).
func (r *Vocab) ToolErrorResultf(file *ast.File, h *mcpmodel.Handler, args string) (string, bool) {
	return markLabsCall(file, h, "NewToolResultErrorf", args)
}

// ToolErrorResultFromErr is ToolErrorResult for a message and the error in hand
// (mark3labs mcp.NewToolResultErrorFromErr(text, err), whose text is "text: err").
func (r *Vocab) ToolErrorResultFromErr(file *ast.File, h *mcpmodel.Handler, text, errExpr string) (string, bool) {
	return markLabsCall(file, h, "NewToolResultErrorFromErr", text+", "+errExpr)
}

// SetToolError writes, for a go-sdk low-level tool handler on a version that has
// (*CallToolResult).SetError (v1.3.0 on), the two statements that make res an IsError result
// carrying errExpr, as the SDK itself does for typed handlers. false on other SDKs, older
// versions (see ToolErrorLiteral), or when file does not import the package.
func (r *Vocab) SetToolError(file *ast.File, h *mcpmodel.Handler, res, errExpr string) (decl, set string, ok bool) {
	name, ok := goSDKToolName(file, h)
	if !ok || !h.HasSetError() {
		return "", "", false
	}
	return res + " := &" + name + ".CallToolResult{}", res + ".SetError(" + errExpr + ")", true
}

// ToolErrorLiteral writes a go-sdk IsError result with text as its one text content, for
// versions before SetError.
func (r *Vocab) ToolErrorLiteral(file *ast.File, h *mcpmodel.Handler, text string) (string, bool) {
	name, ok := goSDKToolName(file, h)
	if !ok {
		return "", false
	}
	return "&" + name + ".CallToolResult{IsError: true, Content: []" + name + ".Content{&" + name + ".TextContent{Text: " + text + "}}}", true
}

// goSDKToolName returns file's import name for the go-sdk mcp package when h is a go-sdk
// low-level tool handler returning the SDK's result.
func goSDKToolName(file *ast.File, h *mcpmodel.Handler) (string, bool) {
	if h == nil || h.SDK != sdkapi.GoSDK || h.Flavour != mcpmodel.GoSDKTool || !returnsSDKResult(h) {
		return "", false
	}
	name := astutil.ImportName(file, sdkapi.GoSDKMCPPath, "mcp")
	return name, name != ""
}

// markLabsCall writes a call of mark3labs mcp.fn with args, in file's import name for the
// package; false when h is not a mark3labs handler or file does not import the package.
func markLabsCall(file *ast.File, h *mcpmodel.Handler, fn, args string) (string, bool) {
	if h == nil || h.SDK != sdkapi.MarkLabs || !returnsSDKResult(h) {
		return "", false
	}
	name := astutil.ImportName(file, sdkapi.MarkLabsMCPPath, "mcp")
	if name == "" {
		return "", false
	}
	return name + "." + fn + "(" + args + ")", true
}

// ErrorResultFromErr names the constructor that carries an error into a tool error result,
// for a call to NewToolResultError: the fix rewrites the callee to it.
func (r *Vocab) ErrorResultFromErr(call *ast.CallExpr) (string, bool) {
	if r.CallAPI(call) != sdkapi.APIToolResultError {
		return "", false
	}
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		if x, ok := f.X.(*ast.Ident); ok {
			return x.Name + ".NewToolResultErrorFromErr", true
		}
	case *ast.Ident:
		return "NewToolResultErrorFromErr", true
	}
	return "", false
}

// ResourceNotFound writes go-sdk's not-found error for resource handler h:
// mcp.ResourceNotFoundError(req.Params.URI).
func (r *Vocab) ResourceNotFound(file *ast.File, h *mcpmodel.Handler) (string, bool) {
	if h == nil || h.Flavour != mcpmodel.GoSDKResource && h.Flavour != mcpmodel.MCPToolResourceTemplate || h.Request == nil {
		return "", false
	}
	name := astutil.ImportName(file, sdkapi.GoSDKMCPPath, "mcp")
	if name == "" {
		return "", false
	}
	return name + ".ResourceNotFoundError(" + h.Request.Name() + ".Params.URI)", true
}

// WithCause writes the mcperr option that carries errName as the cause, in file's import
// name for mcperr.
func (r *Vocab) WithCause(file *ast.File, errName string) (string, bool) {
	name := astutil.ImportName(file, sdkapi.MCPErrPath, "mcperr")
	if name == "" {
		return "", false
	}
	return name + ".WithCause(" + errName + ")", true
}

// FactoryFor returns, for a call mcperr.New(mcperr.CodeX, ...), the factory that builds the
// same error, qualified as the call's callee is ("mcperr.NotFound").
func (r *Vocab) FactoryFor(call *ast.CallExpr) (string, bool) {
	if r.CallAPI(call) != sdkapi.APIErrNew || len(call.Args) < 2 || r.Info == nil {
		return "", false
	}
	if r.Pkg != nil && r.Pkg.Path() == sdkapi.MCPErrPath {
		return "", false // the factories themselves are written with New
	}
	id := astutil.NameIdent(call.Args[0])
	if id == nil {
		return "", false
	}
	c, ok := r.Info.Uses[id].(*types.Const)
	if !ok || c.Pkg() == nil || c.Pkg().Path() != sdkapi.MCPErrPath {
		return "", false
	}
	factory, ok := sdkapi.FactoryForCode(c.Name())
	if !ok {
		return "", false
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if x, ok := sel.X.(*ast.Ident); ok {
			return x.Name + "." + factory, true
		}
	}
	return factory, true
}

// IsMCPErrorConstructor reports whether call builds an *mcperr.Error: mcperr.New, a factory,
// or call.Fail (or FailHTTP).
func (r *Vocab) IsMCPErrorConstructor(call *ast.CallExpr) bool {
	switch r.CallAPI(call) {
	case sdkapi.APIErrNew, sdkapi.APIErrFactory, sdkapi.APICallFail, sdkapi.APICallFailHTTP:
		return true
	}
	return false
}

// returnsSDKResult reports whether h returns the SDK's tool result, not a server's own
// result type that its layer converts (where the SDK's constructor would not compile).
func returnsSDKResult(h *mcpmodel.Handler) bool {
	if h.Sig == nil || h.ResultIndex < 0 || h.ResultIndex >= h.Sig.Results().Len() {
		return false
	}
	return sdkapi.TypeAPI(h.Sig.Results().At(h.ResultIndex).Type()) == sdkapi.APIToolResultType
}
