package sdkapi

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/mcperr"
)

// This file describes, in the runtime library's own terms, the calls that build an
// *mcperr.Error and the options that set its reason, so that rules following errors through
// a program never spell an mcperr or mcptool API themselves.

// ErrorBuild is a call that builds an *mcperr.Error.
type ErrorBuild struct {
	// API is APIErrFactory, APIErrNew, APICallFail, APIErrFromHTTP, APIErrWith or
	// APIErrClassify.
	API API
	// Func is the called function or method.
	Func *types.Func
	// Code is the code the call alone decides: a factory's, or mcperr.New's when its code
	// argument is a constant. It is 0 when something else decides: the tool's contract
	// (Fail), the HTTP status (FromHTTPResponse), Base (With, Classify), or a variable code.
	Code mcperr.Code
	// CodeArg is mcperr.New's code argument.
	CodeArg ast.Expr
	// ReasonArg is Fail's reason argument; Fail writes it last, so no option overrides it.
	ReasonArg ast.Expr
	// Base is the error the result starts from: With's receiver, Classify's argument.
	Base ast.Expr
	// Options are the mcperr.Option arguments in order; Spread is true when the last one is
	// passed as opts....
	Options []ast.Expr
	Spread  bool
}

// BuildOf reports whether call builds an *mcperr.Error, and how.
func BuildOf(info *types.Info, call *ast.CallExpr) (ErrorBuild, bool) {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil {
		return ErrorBuild{}, false
	}
	b := ErrorBuild{API: APIOf(fn), Func: fn, Spread: call.Ellipsis.IsValid()}
	from := func(i int) []ast.Expr {
		if i < len(call.Args) {
			return call.Args[i:]
		}
		return nil
	}
	switch b.API {
	case APIErrFactory:
		b.Code, _ = FactoryCode(fn.Name())
		b.Options = from(1)
	case APIErrNew:
		if len(call.Args) > 0 {
			b.CodeArg = call.Args[0]
			if c, ok := constCode(info, call.Args[0]); ok {
				b.Code = c
			}
		}
		b.Options = from(2)
	case APICallFail, APICallFailHTTP:
		// FailHTTP builds as Fail does (the contract decides code, recovery and
		// retryability; the reason is written last); its message is the status summary.
		b.API = APICallFail
		if len(call.Args) > 0 {
			b.ReasonArg = call.Args[0]
		}
		b.Options = from(2)
	case APIErrFromHTTP:
		b.Options = from(1)
	case APIErrWith:
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			b.Base = sel.X
		}
		b.Options = from(0)
	case APIErrClassify:
		if len(call.Args) > 0 {
			b.Base = call.Args[0]
		}
	default:
		return ErrorBuild{}, false
	}
	return b, true
}

// constCode is the value of a constant mcperr.Code expression.
func constCode(info *types.Info, e ast.Expr) (mcperr.Code, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	v, ok := constant.Int64Val(constant.ToInt(tv.Value))
	if !ok {
		return 0, false
	}
	return mcperr.Code(v), true
}

// CodeValueOf reports whether e is a constant of type mcperr.Code, which is itself an error:
// returning mcperr.CodeNotFound gives the client that code.
func CodeValueOf(info *types.Info, e ast.Expr) (mcperr.Code, bool) {
	if TypeAPI(info.TypeOf(e)) != APIErrCodeType {
		return 0, false
	}
	return constCode(info, e)
}

// OptionEffect is what an mcperr.Option argument does to data.reason.
type OptionEffect int

const (
	// OptionOther: a known option that leaves data.reason alone (WithCause, WithRecovery,
	// RecoveryFor, WithRetryable, WithData of another key, nil).
	OptionOther OptionEffect = iota
	// OptionReason: the option sets data.reason (WithReason, WithData("reason", v)).
	OptionReason
	// OptionUnknown: the option's effect is not known from the expression alone (a variable,
	// a helper's result, WithData with a variable key).
	OptionUnknown
)

// OptionOf classifies one option argument. For OptionReason it also returns the reason
// expression.
func OptionOf(info *types.Info, e ast.Expr) (OptionEffect, ast.Expr) {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok && info.Uses[id] == types.Universe.Lookup("nil") {
		return OptionOther, nil
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return OptionUnknown, nil
	}
	switch APIOf(typeutil.Callee(info, call)) {
	case APIErrWithReason:
		if len(call.Args) == 1 {
			return OptionReason, call.Args[0]
		}
	case APIErrWithData:
		if len(call.Args) != 2 {
			return OptionUnknown, nil
		}
		tv := info.Types[call.Args[0]]
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			return OptionUnknown, nil
		}
		if constant.StringVal(tv.Value) == mcperr.DataKeyReason {
			return OptionReason, call.Args[1]
		}
		return OptionOther, nil
	case APIErrWithCause, APIErrWithRecovery, APIErrOption, APICallRecoveryFor:
		return OptionOther, nil
	}
	return OptionUnknown, nil
}

// IsRuntimePackage reports whether pkg is the runtime library (mcperr, mcptool), whose
// functions are understood by their API, never followed.
func IsRuntimePackage(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	switch pkg.Path() {
	case MCPErrPath, MCPToolPath:
		return true
	}
	return false
}

// ReachesErrors reports whether pkg imports mcperr, directly or transitively: only then can
// its functions return an *mcperr.Error of their own making. memo may be shared by the
// calls of one pass (nil is allowed).
func ReachesErrors(pkg *types.Package, memo map[*types.Package]bool) bool {
	if memo == nil {
		memo = map[*types.Package]bool{}
	}
	var walk func(p *types.Package) bool
	walk = func(p *types.Package) bool {
		if v, ok := memo[p]; ok {
			return v
		}
		memo[p] = false // cycles cannot occur in imports, but be safe
		found := p.Path() == MCPErrPath
		for _, imp := range p.Imports() {
			if found {
				break
			}
			found = walk(imp)
		}
		memo[p] = found
		return found
	}
	return walk(pkg)
}
