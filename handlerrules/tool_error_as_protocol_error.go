package handlerrules

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/printf"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
)

var ruleToolErrorAsProtocolError = check{
	ID: "tool-error-as-protocol-error", Family: Family, Severity: rule.Warning, SDKs: rule.PlainSDKs,
	Title: "a problem the model could fix is returned as a JSON-RPC error",
	Run:   toolErrorAsProtocolError,
}

// toolErrorAsProtocolError: a low-level go-sdk or mark3labs tool handler returns a non-nil
// error for a problem the model could fix (a missing or mistyped argument, an argument that
// fails validation). The client gets a JSON-RPC error instead of an isError result, and most
// clients do not show JSON-RPC errors to the model, which cannot correct its call.
func toolErrorAsProtocolError(p *rule.Pass, defs *mcpdefs.Result, hs []*handler) {
	for _, h := range hs {
		// An adapter's errors.As convention can make some error types protocol errors in a
		// handler whose other errors are tool errors (Except).
		// A server whose middleware turns handler errors into tool results serves this
		// handler: the error is not a protocol error on every server, so it is left alone.
		if h.Kind != mcpdefs.Tool || h.ErrorsConverted || (h.Errors != mcpdefs.ProtocolError && len(h.Except) == 0) {
			continue
		}
		args := h.argumentFlow()
		h.returns(func(ret *ast.ReturnStmt, stack []ast.Node) {
			e := result(ret, h.ErrorIndex)
			if h.ErrorModeOf(h.pass.TypesInfo, e) != mcpdefs.ProtocolError || !h.nonNilError(e, stack) || !args.modelFixable(h, e, stack) {
				return
			}
			// The JSON-RPC code it goes out with, per SDK and version, is in the rule's doc section.
			p.Report(ret, "the model never sees this argument error sent as JSON-RPC; return "+h.toolErrorAdvice(), h.toolErrorFix(ret, e)...)
		})
	}
}

func (h *handler) toolErrorAdvice() string {
	if h.Adapted {
		return "an isError result from the adapter"
	}
	if h.SDK == mcpdefs.MarkLabs {
		return "mcp.NewToolResultError(msg), nil"
	}
	return "an IsError result and nil"
}

// toolErrorFix rewrites `return nil, E` to `return mcp.NewToolResultError(...), nil` where the
// SDK has a one-expression tool error result.
func (h *handler) toolErrorFix(ret *ast.ReturnStmt, e ast.Expr) []analysis.SuggestedFix {
	res := result(ret, h.ResultIndex)
	if h.Adapted || res == nil || !astutil.IsNil(h.pass.TypesInfo, res) {
		return nil
	}
	var repl string
	var ok bool
	if call, isCall := ast.Unparen(e).(*ast.CallExpr); isCall && mcpdefs.IsPkgFunc(h.pass.TypesInfo, call, "errors", "New") && len(call.Args) == 1 {
		repl, ok = h.defs.ToolErrorResult(h.file, h.Handler, render(h.pass, call.Args[0]))
	} else if isCall && mcpdefs.IsPkgFunc(h.pass.TypesInfo, call, "fmt", "Errorf") && !hasWrapVerb(h.pass.TypesInfo, call) && !call.Ellipsis.IsValid() {
		var parts []string
		for _, a := range call.Args {
			parts = append(parts, render(h.pass, a))
		}
		repl, ok = h.defs.ToolErrorResultf(h.file, h.Handler, strings.Join(parts, ", "))
	} else {
		repl, ok = h.defs.ToolErrorResult(h.file, h.Handler, render(h.pass, e)+".Error()")
	}
	if !ok {
		return nil
	}
	return []analysis.SuggestedFix{{
		Message: "Return a tool error result",
		TextEdits: []analysis.TextEdit{
			{Pos: res.Pos(), End: res.End(), NewText: []byte(repl)},
			{Pos: e.Pos(), End: e.End(), NewText: []byte("nil")},
		},
	}}
}

func hasWrapVerb(info *types.Info, call *ast.CallExpr) bool {
	if len(call.Args) == 0 {
		return false
	}
	tv := info.Types[call.Args[0]]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return true
	}
	for _, v := range printf.Parse(constant.StringVal(tv.Value)) {
		if v.Verb == 'w' {
			return true
		}
	}
	return false
}

// argFlow is what a handler derives from its tool arguments.
type argFlow struct {
	// derived are variables whose every assignment comes from the arguments.
	derived map[types.Object]bool
	// argErrs are error variables that report a problem with the arguments: the error of a
	// Require*/BindArguments call, of decoding the arguments, or of parsing an argument.
	argErrs map[types.Object]bool
}

// argumentFlow computes the handler's argument-derived variables to a fixed point.
func (h *handler) argumentFlow() *argFlow {
	f := &argFlow{derived: map[types.Object]bool{}, argErrs: map[types.Object]bool{}}
	if h.Input != nil {
		f.derived[h.Input] = true
	}
	info := h.pass.TypesInfo
	for changed := true; changed; {
		changed = false
		for obj, exprs := range h.assigns {
			if f.derived[obj] || f.argErrs[obj] || len(exprs) == 0 {
				continue
			}
			isErr := isErrorType(obj.Type())
			all := true
			for _, e := range exprs {
				if e == nil {
					all = false
					break
				}
				if isErr {
					if !f.argErrCall(h, e) {
						all = false
						break
					}
				} else if !f.derivedExpr(h, e) {
					all = false
					break
				}
			}
			if !all {
				continue
			}
			if isErr {
				f.argErrs[obj] = true
			} else {
				f.derived[obj] = true
			}
			changed = true
		}
		// Decoding targets: json.Unmarshal(args, &v) and req.BindArguments(&v) make v derived
		// even though &v lets anything assign it.
		ast.Inspect(h.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var target ast.Expr
			switch {
			case h.defs.CallAPI(call) == mcpdefs.APIArgBind && len(call.Args) == 1:
				target = call.Args[0]
			case (mcpdefs.IsPkgFunc(info, call, "encoding/json", "Unmarshal") || decoder(h, call)) && len(call.Args) == 2 && f.source(h, call.Args[0]):
				target = call.Args[1]
			}
			if u, ok := ast.Unparen(target).(*ast.UnaryExpr); ok {
				if o := h.obj(u.X); o != nil && !f.derived[o] {
					f.derived[o] = true
					changed = true
				}
			}
			return true
		})
	}
	return f
}

// source reports whether e is the raw arguments or a derived value.
func (f *argFlow) source(h *handler, e ast.Expr) bool {
	if h.defs.IsArguments(e, h.Handler) {
		return true
	}
	return f.derivedExpr(h, e)
}

// derivedExpr reports whether e's value comes from the tool arguments alone.
func (f *argFlow) derivedExpr(h *handler, e ast.Expr) bool {
	info := h.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return f.derived[info.Uses[x]]
	case *ast.SelectorExpr:
		if h.defs.IsArguments(x, h.Handler) {
			return true
		}
		return f.derivedExpr(h, x.X)
	case *ast.IndexExpr:
		return f.source(h, x.X)
	case *ast.TypeAssertExpr:
		return f.source(h, x.X)
	case *ast.StarExpr:
		return f.derivedExpr(h, x.X)
	case *ast.CallExpr:
		switch h.defs.CallAPI(x) {
		case mcpdefs.APIArgGet, mcpdefs.APIArgRequire:
			return true
		}
		if h.defs.IsArguments(x, h.Handler) {
			return true
		}
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return f.derivedExpr(h, x.Args[0])
		}
	}
	return false
}

// parsers are standard functions that only parse their input: an error from one of them,
// given only argument-derived values, is a bad argument.
var parsers = map[string]bool{
	"strconv.Atoi": true, "strconv.ParseInt": true, "strconv.ParseUint": true, "strconv.ParseFloat": true, "strconv.ParseBool": true,
	"time.Parse": true, "time.ParseDuration": true, "time.ParseInLocation": true,
	"net/url.Parse": true, "net/url.ParseRequestURI": true, "net/url.ParseQuery": true,
	"net.ParseCIDR": true, "net/netip.ParseAddr": true, "net/netip.ParsePrefix": true,
	"regexp.Compile": true, "encoding/json.Unmarshal": true, "encoding/base64.StdEncoding.DecodeString": true,
}

// argErrCall reports whether e is a call whose error is about the arguments.
func (f *argFlow) argErrCall(h *handler, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	switch h.defs.CallAPI(call) {
	case mcpdefs.APIArgRequire, mcpdefs.APIArgBind:
		return true
	}
	fn, ok := typeutil.Callee(h.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	if fn.Signature().Recv() != nil {
		// params.RequiredString("name") on the handler's own argument type (podman's
		// api.ToolHandlerParams): a check of the arguments, given constants.
		sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !isSel || !strings.HasPrefix(fn.Name(), "Require") || !f.source(h, sel.X) {
			return false
		}
		for _, a := range call.Args {
			if tv := h.pass.TypesInfo.Types[a]; tv.Value == nil {
				return false
			}
		}
		return true
	}
	qualified := fn.Pkg().Path() + "." + fn.Name()
	parser := parsers[qualified] || decoder(h, call)
	if !parser && h.defs.ModulePackage(fn.Pkg()) {
		// A helper of the module that parses, validates or reads arguments and does no I/O
		// that would need a context (terraform's utils.OptionalPaginationParams(request)).
		name := strings.ToLower(fn.Name())
		parser = !takesContext(fn.Signature()) && (strings.HasPrefix(name, "parse") || strings.HasPrefix(name, "validate") ||
			strings.HasPrefix(name, "require") || strings.HasPrefix(name, "optional"))
	}
	if !parser || len(call.Args) == 0 {
		return false
	}
	anyDerived := false
	for i, a := range call.Args {
		if (qualified == "encoding/json.Unmarshal" || decoder(h, call)) && i == 1 {
			continue // the decode target
		}
		if f.source(h, a) || h.isRequest(a) {
			anyDerived = true
			continue
		}
		if tv := h.pass.TypesInfo.Types[a]; tv.Value != nil {
			continue
		}
		return false
	}
	return anyDerived
}

// isRequest reports whether e is the handler's request parameter, given whole to a helper
// that reads the arguments from it.
func (h *handler) isRequest(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && h.Request != nil && h.pass.TypesInfo.Uses[id] == h.Request
}

// decoder reports whether call decodes its first argument into the pointer it is given second:
// mapstructure.Decode, or a helper of the module named decode*, bind* or unmarshal* of that
// shape that takes no context (so does no I/O). Its error is about the decoded input.
func decoder(h *handler, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(h.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Signature().Recv() != nil || len(call.Args) != 2 {
		return false
	}
	sig := fn.Signature()
	if sig.Results().Len() != 1 || !isErrorType(sig.Results().At(0).Type()) || takesContext(sig) {
		return false
	}
	path, name := fn.Pkg().Path(), fn.Name()
	if name == "Decode" && (path == "github.com/mitchellh/mapstructure" || strings.HasPrefix(path, "github.com/go-viper/mapstructure")) {
		return true
	}
	if h.sums.Func(fn) == nil && fn.Pkg() != h.pass.Pkg {
		return false // a function outside the module
	}
	lower := strings.ToLower(name)
	return strings.HasPrefix(lower, "decode") || strings.HasPrefix(lower, "bind") || strings.HasPrefix(lower, "unmarshal")
}

func takesContext(sig *types.Signature) bool {
	for i := 0; i < sig.Params().Len(); i++ {
		if n, ok := types.Unalias(sig.Params().At(i).Type()).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" {
			return true
		}
	}
	return false
}

// modelFixable reports whether returning e where it stands reports a problem with the
// arguments: an argument error, a new error in the branch that tests one, or a new error in
// a branch whose condition tests only argument-derived values (validation).
func (f *argFlow) modelFixable(h *handler, e ast.Expr, stack []ast.Node) bool {
	// The idiomatic `x, err := call(); if err != nil { return ... }`: judge the call that
	// set err right before the test, not every call that ever assigned it.
	for i := len(stack) - 1; i >= 0; i-- {
		ifs, ok := stack[i].(*ast.IfStmt)
		if !ok || i+1 >= len(stack) || stack[i+1] != ifs.Body {
			continue
		}
		for _, o := range h.testedNonNil([]ast.Node{ifs, ifs.Body}) {
			call := reachingCall(h, o, ifs, stack[:i])
			if call == nil || !f.argErrCall(h, call) {
				continue
			}
			if eo := h.obj(e); eo == o {
				return true
			}
			if c, ok := ast.Unparen(e).(*ast.CallExpr); ok && h.newErrorCall(c) {
				return true
			}
		}
	}
	if o := h.obj(e); o != nil {
		return f.argErrs[o]
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if (!ok || !h.newErrorCall(call)) && !isAddrOfLiteral(e) {
		return false
	}
	for i, n := range stack {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || i+1 >= len(stack) || stack[i+1] != ifs.Body {
			continue
		}
		if f.validation(h, ifs.Cond) {
			return true
		}
	}
	return false
}

// reachingCall returns the call that assigned obj in the if's init statement or in the
// statement just before the if in its block.
func reachingCall(h *handler, obj types.Object, ifs *ast.IfStmt, outer []ast.Node) ast.Expr {
	assigned := func(st ast.Stmt) ast.Expr {
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return nil
		}
		for _, lhs := range as.Lhs {
			if h.obj(lhs) == obj {
				return as.Rhs[0]
			}
		}
		return nil
	}
	if ifs.Init != nil {
		return assigned(ifs.Init)
	}
	if len(outer) == 0 {
		return nil
	}
	block, ok := outer[len(outer)-1].(*ast.BlockStmt)
	if !ok {
		return nil
	}
	for i, st := range block.List {
		if st == ifs && i > 0 {
			return assigned(block.List[i-1])
		}
	}
	return nil
}

// validation reports whether cond tests argument-derived values and nothing else: every
// identifier is derived, a constant, a builtin or a package, and every call is a builtin or
// a pure string/slice helper.
func (f *argFlow) validation(h *handler, cond ast.Expr) bool {
	info := h.pass.TypesInfo
	sawDerived, ok := false, true
	ast.Inspect(cond, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch x := n.(type) {
		case *ast.CallExpr:
			if tv, isType := info.Types[x.Fun]; isType && tv.IsType() {
				return true
			}
			switch fn := typeutil.Callee(info, x).(type) {
			case *types.Builtin:
				return true
			case *types.Func:
				if fn.Pkg() != nil && pureHelperPkgs[fn.Pkg().Path()] && fn.Signature().Recv() == nil {
					return true
				}
			}
			if h.defs.CallAPI(x) == mcpdefs.APIArgGet {
				sawDerived = true
				return false
			}
			ok = false
			return false
		case *ast.Ident:
			switch obj := info.Uses[x].(type) {
			case nil, *types.Const, *types.Nil, *types.Builtin, *types.PkgName, *types.TypeName, *types.Func:
			case *types.Var:
				if f.derived[obj] {
					sawDerived = true
				} else if !obj.IsField() {
					ok = false
				}
			}
		case *ast.SelectorExpr:
			if f.derivedExpr(h, x) {
				sawDerived = true
				return false
			}
		}
		return true
	})
	return ok && sawDerived
}

var pureHelperPkgs = map[string]bool{"strings": true, "unicode": true, "unicode/utf8": true, "slices": true, "maps": true}
