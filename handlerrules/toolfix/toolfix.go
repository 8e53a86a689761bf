// Package toolfix writes the suggested fix that turns an error a tool handler sends as a
// JSON-RPC error into the tool error result its SDK version's maintainers write
// (docs/handlerrules.md, "Fixes for errors sent as JSON-RPC errors").
package toolfix

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/printf"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Vocab writes the SDK's tool error results in a file's import names (mcpdefs/vocab).
type Vocab interface {
	ToolErrorResult(file *ast.File, h *mcpmodel.Handler, text string) (string, bool)
	ToolErrorResultf(file *ast.File, h *mcpmodel.Handler, args string) (string, bool)
	ToolErrorResultFromErr(file *ast.File, h *mcpmodel.Handler, text, errExpr string) (string, bool)
	SetToolError(file *ast.File, h *mcpmodel.Handler, res, errExpr string) (decl, set string, ok bool)
	ToolErrorLiteral(file *ast.File, h *mcpmodel.Handler, text string) (string, bool)
}

// Writer writes fixes for one handler.
type Writer struct {
	Pass    *analysis.Pass
	Vocab   Vocab
	File    *ast.File
	Handler *mcpmodel.Handler
	// Own is the package's own way to build a tool error, when it has one: what its
	// maintainers write, so the fix writes it too.
	Own Idiom
}

// Idiom is a package's own constructors of IsError results (github-mcp-server's
// utils.NewToolResultError(msg) and utils.NewToolResultErrorFromErr(msg, err)): module
// functions that build one on every path, taking a message, or a message and an error.
type Idiom struct {
	Text, FromErr *types.Func
}

// FindIdiom returns the constructors the package's files call most often (at least twice
// each), as isErrorResult recognises them.
func FindIdiom(files []*ast.File, info *types.Info, isErrorResult func(*ast.CallExpr) bool) Idiom {
	text, fromErr := map[*types.Func]int{}, map[*types.Func]int{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn := typeutil.StaticCallee(info, call)
			if fn == nil || fn.Signature().Recv() != nil || fn.Signature().Results().Len() != 1 || !isErrorResult(call) {
				return true
			}
			switch params := fn.Signature().Params(); {
			case params.Len() == 1 && isString(params.At(0).Type()):
				text[fn]++
			case params.Len() == 2 && isString(params.At(0).Type()) && astutil.IsError(params.At(1).Type()):
				fromErr[fn]++
			}
			return true
		})
	}
	return Idiom{Text: mostUsed(text), FromErr: mostUsed(fromErr)}
}

func isString(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Kind() == types.String
}

// mostUsed is the function called most often, at least twice; ties go to the first name.
func mostUsed(counts map[*types.Func]int) *types.Func {
	var best *types.Func
	for fn, n := range counts {
		if n < 2 {
			continue
		}
		if best == nil || n > counts[best] || n == counts[best] && fn.FullName() < best.FullName() {
			best = fn
		}
	}
	return best
}

// ownCall writes a call of the package's own constructor fn, or false when fn is unset,
// returns another type than the handler's result, or is in a package the file does not
// import.
func (h Writer) ownCall(fn *types.Func, args string) (string, bool) {
	if fn == nil || h.Handler.ResultIndex < 0 || !types.Identical(fn.Signature().Results().At(0).Type(), h.Handler.Sig.Results().At(h.Handler.ResultIndex).Type()) {
		return "", false
	}
	if fn.Pkg() == h.Pass.Pkg {
		return fn.Name() + "(" + args + ")", true
	}
	name := astutil.ImportName(h.File, fn.Pkg().Path(), fn.Pkg().Name())
	if name == "" {
		return "", false
	}
	return name + "." + fn.Name() + "(" + args + ")", true
}

// OwnFromErr writes the package's own constructor of a tool error from a message and an
// error, when it has one.
func (h Writer) OwnFromErr(text, errExpr string) (string, bool) {
	return h.ownCall(h.Own.FromErr, text+", "+errExpr)
}

// ownToolError writes E as the package's own tool error, when it has the constructor E needs.
func (h Writer) ownToolError(e ast.Expr) (string, bool) {
	info := h.Pass.TypesInfo
	call, isCall := ast.Unparen(e).(*ast.CallExpr)
	switch {
	case isCall && astutil.IsPkgFunc(info, call, "errors", "New") && len(call.Args) == 1:
		return h.ownCall(h.Own.Text, h.render(call.Args[0]))
	case isCall && astutil.IsPkgFunc(info, call, "fmt", "Errorf"):
		f, ok := h.splitFormat(call)
		if !ok {
			return "", false
		}
		if f.cause != nil {
			if s, ok := h.ownCall(h.Own.FromErr, f.prefixText(h)+", "+h.render(f.cause)); ok {
				return s, true
			}
		}
		if text, ok := h.errorText(e); ok {
			return h.ownCall(h.Own.Text, text)
		}
		return "", false
	case isCall && wrapsError(info, call):
		return "", false
	}
	return h.ownCall(h.Own.Text, h.render(e)+".Error()")
}

// ToolError rewrites `return nil, E` into the tool error result a maintainer of the
// handler's SDK writes, carrying what E says (docs/rules.md, "Fixes"):
//
//   - mark3labs: mcp.NewToolResultErrorFromErr(msg, err) when E wraps an error in hand as
//     "msg: err"; mcp.NewToolResultError(msg) for errors.New(msg); mcp.NewToolResultErrorf
//     for any other format; mcp.NewToolResultError(err.Error()) for an error value.
//   - go-sdk low-level, v1.3.0 on: `res := &mcp.CallToolResult{}; res.SetError(E); return
//     res, nil`, which keeps E for middleware as the SDK does for typed handlers.
//   - go-sdk before v1.3.0: an IsError CallToolResult literal with E's text.
//
// An error is never wrapped only to be turned into text: where E's text cannot be written
// without doing so, there is no fix.
func (h Writer) ToolError(ret *ast.ReturnStmt, res, e ast.Expr) []analysis.SuggestedFix {
	if res == nil || !astutil.IsNil(h.Pass.TypesInfo, res) || h.Handler.Flavour == mcpmodel.AdaptedTool {
		return nil
	}
	repl, ok := h.ownToolError(e)
	if !ok && h.Handler.SDK == sdkapi.GoSDK {
		return h.goSDKToolErrorFix(ret, res, e)
	}
	if !ok {
		repl, ok = h.markLabsToolError(e)
	}
	if !ok {
		return nil
	}
	return returnResultFix("Return a tool error result", res, e, repl)
}

// returnResultFix is the fix that returns result in place of res and nil in place of the
// error e, after the edits before (statements that make the result).
func returnResultFix(message string, res, e ast.Expr, result string, before ...analysis.TextEdit) []analysis.SuggestedFix {
	edits := append(before,
		analysis.TextEdit{Pos: res.Pos(), End: res.End(), NewText: []byte(result)},
		analysis.TextEdit{Pos: e.Pos(), End: e.End(), NewText: []byte("nil")})
	return []analysis.SuggestedFix{{Message: message, TextEdits: edits}}
}

func (h Writer) markLabsToolError(e ast.Expr) (string, bool) {
	info := h.Pass.TypesInfo
	call, isCall := ast.Unparen(e).(*ast.CallExpr)
	switch {
	case isCall && astutil.IsPkgFunc(info, call, "errors", "New") && len(call.Args) == 1:
		return h.Vocab.ToolErrorResult(h.File, h.Handler, h.render(call.Args[0]))
	case isCall && astutil.IsPkgFunc(info, call, "fmt", "Errorf"):
		f, ok := h.splitFormat(call)
		if !ok {
			return "", false
		}
		if f.cause != nil {
			return h.Vocab.ToolErrorResultFromErr(h.File, h.Handler, f.prefixText(h), h.render(f.cause))
		}
		if len(call.Args) == 1 && !f.hasVerbs {
			return h.Vocab.ToolErrorResult(h.File, h.Handler, f.lit) // Errorf("plain text")
		}
		return h.Vocab.ToolErrorResultf(h.File, h.Handler, f.sprintfArgs(h))
	case isCall && wrapsError(info, call):
		return "", false
	}
	return h.Vocab.ToolErrorResult(h.File, h.Handler, h.render(e)+".Error()")
}

// goSDKToolErrorFix writes go-sdk's tool error: SetError on a new result where the version has
// it (three statements in place of the return), else an IsError literal with E's text.
func (h Writer) goSDKToolErrorFix(ret *ast.ReturnStmt, res, e ast.Expr) []analysis.SuggestedFix {
	name := h.freshName(ret, "res", "result", "toolResult", "errResult")
	if decl, set, ok := h.Vocab.SetToolError(h.File, h.Handler, name, h.render(e)); ok && name != "" {
		indent := "\n" + strings.Repeat("\t", h.Pass.Fset.Position(ret.Pos()).Column-1)
		return returnResultFix("Return an IsError result made with SetError", res, e, name,
			analysis.TextEdit{Pos: ret.Pos(), End: ret.Pos(), NewText: []byte(decl + indent + set + indent)})
	}
	text, ok := h.errorText(e)
	if !ok {
		return nil
	}
	lit, ok := h.Vocab.ToolErrorLiteral(h.File, h.Handler, text)
	if !ok {
		return nil
	}
	return returnResultFix("Return an IsError result", res, e, lit)
}

// errorText writes an expression for the text of the error e without building the error:
// errors.New's message, fmt.Errorf's format as fmt.Sprintf, err.Error() for a value.
func (h Writer) errorText(e ast.Expr) (string, bool) {
	info := h.Pass.TypesInfo
	call, isCall := ast.Unparen(e).(*ast.CallExpr)
	switch {
	case isCall && astutil.IsPkgFunc(info, call, "errors", "New") && len(call.Args) == 1:
		return h.render(call.Args[0]), true
	case isCall && astutil.IsPkgFunc(info, call, "fmt", "Errorf"):
		f, ok := h.splitFormat(call)
		if !ok {
			return "", false
		}
		if len(call.Args) == 1 && !f.hasVerbs {
			return f.lit, true
		}
		return h.qualified("fmt") + ".Sprintf(" + f.sprintfArgs(h) + ")", true
	case isCall && wrapsError(info, call):
		return "", false
	}
	return h.render(e) + ".Error()", true
}

// errorfFormat is a fmt.Errorf call taken apart for rewriting: its format literal (with %w
// written as %v), and, when the format ends in ": %w" (or %v, %s) of an error that is the last
// argument, that error as the cause with the text before it as the prefix.
type errorfFormat struct {
	call     *ast.CallExpr
	lit      string // the format as written, %w as %v
	hasVerbs bool
	cause    ast.Expr
	prefix   string // the format before ": %w", a Go string literal
	prefixed bool   // the prefix has verbs of its own
}

// splitFormat takes an Errorf call apart; false when its format is not a plain string literal
// (a constant elsewhere, %% or an explicit argument index), which a rewrite would have to
// evaluate.
func (h Writer) splitFormat(call *ast.CallExpr) (errorfFormat, bool) {
	f := errorfFormat{call: call}
	if len(call.Args) == 0 || call.Ellipsis.IsValid() {
		return f, false
	}
	lit, ok := ast.Unparen(call.Args[0]).(*ast.BasicLit)
	tv := h.Pass.TypesInfo.Types[call.Args[0]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String || lit.Value[0] != '"' {
		return f, false
	}
	format := constant.StringVal(tv.Value)
	if strings.Contains(format, "%%") || strings.Contains(format, "[") {
		return f, false
	}
	verbs := printf.Parse(format)
	if len(verbs) != len(call.Args)-1 {
		return f, false
	}
	f.hasVerbs = len(verbs) > 0
	f.lit = strings.ReplaceAll(lit.Value, "%w", "%v")
	if n := len(verbs); n > 0 {
		last := call.Args[len(call.Args)-1]
		v := verbs[n-1]
		if (v.Verb == 'w' || v.Verb == 'v' || v.Verb == 's') && astutil.IsError(h.Pass.TypesInfo.TypeOf(last)) {
			for _, suffix := range []string{": %w", ": %v", ": %s"} {
				if before, ok := strings.CutSuffix(lit.Value, suffix+`"`); ok && before != `"` {
					f.cause = last
					f.prefix = before + `"`
					f.prefixed = n > 1
					break
				}
			}
		}
	}
	return f, true
}

// prefixText writes the text before the cause: the literal, or fmt.Sprintf of it with the
// other arguments.
func (f errorfFormat) prefixText(h Writer) string {
	if !f.prefixed {
		return f.prefix
	}
	parts := []string{f.prefix}
	for _, a := range f.call.Args[1 : len(f.call.Args)-1] {
		parts = append(parts, h.render(a))
	}
	return h.qualified("fmt") + ".Sprintf(" + strings.Join(parts, ", ") + ")"
}

// sprintfArgs writes the call's arguments with the format's %w as %v.
func (f errorfFormat) sprintfArgs(h Writer) string {
	parts := []string{f.lit}
	for _, a := range f.call.Args[1:] {
		parts = append(parts, h.render(a))
	}
	return strings.Join(parts, ", ")
}

// wrapsError reports whether call (not errors.New or fmt.Errorf) is given an error: a wrapper
// (errors.Wrap(err, msg), a module's own), whose text a fix could write only by wrapping the
// error to stringify it.
func wrapsError(info *types.Info, call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if astutil.IsError(info.TypeOf(a)) {
			return true
		}
	}
	return false
}

// qualified returns the file's name for the standard package path (fmt), which a handler
// that calls fmt.Errorf imports.
func (h Writer) qualified(path string) string {
	if name := astutil.ImportName(h.File, path, path); name != "" {
		return name
	}
	return path
}

// freshName returns the first candidate that names nothing in scope at ret (nor anything
// declared later in ret's own block), or "".
func (h Writer) freshName(ret *ast.ReturnStmt, candidates ...string) string {
	scope := h.Pass.Pkg.Scope().Innermost(ret.Pos())
	if scope == nil {
		return ""
	}
	for _, name := range candidates {
		if _, obj := scope.LookupParent(name, ret.Pos()); obj != nil || scope.Lookup(name) != nil {
			continue
		}
		return name
	}
	return ""
}

// render prints a node as source text.
func (h Writer) render(n ast.Node) string { return astutil.Render(h.Pass.Fset, n) }
