// Package oracle is what the SDKs mean to the flow engine, which knows no SDK: which
// constructors of the SDKs and of the runtime library never return nil (SDK, flow's oracle),
// what a tool result is and which calls build one or an *mcperr.Error (Summaries, the helper
// summaries' oracle), the go-sdk protocol error type as the engine names it, and what a
// handler writes into a tool result it makes itself, read from SSA (ToolResultValue).
// Recognition (mcpdefs) hands the oracles to the engine (mcpdefs.FlowEngine,
// mcpdefs.NewSummaries); the rules ask the rest.
//
// It knows the SDKs through sdkapi and reads no package of the user's module by itself. It
// must not import recognition (mcpdefs) or its other subpackages but sdkapi, a rule family,
// the registry or the driver; internal/layers' test pins it.
package oracle

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// SDK is the flow engine's oracle (flow.Oracle): which functions of the known packages never
// return nil.
type SDK struct{}

// Returns says whether the known function fn's result i is never nil (flow.Oracle).
func (SDK) Returns(fn *types.Func, i int) flow.Nilness {
	if i != 0 {
		return flow.Unknown
	}
	switch sdkapi.APIOf(fn) {
	case sdkapi.APIToolResultError, sdkapi.APIToolResultErrorf, sdkapi.APIToolResultErrorFromErr, sdkapi.APIToolResultOK,
		sdkapi.APIResourceNotFoundError, sdkapi.APIProtocolErrorFunc, sdkapi.APIErrNew, sdkapi.APIErrFactory:
		return flow.NonNil
	}
	return flow.Unknown
}

// IsProtocolErrorTypeName reports whether name, a type as the flow engine names it
// (types.TypeString with full package paths), is the go-sdk's *jsonrpc.Error.
func IsProtocolErrorTypeName(name string) bool {
	switch name {
	case "*" + sdkapi.GoSDKJSONRPCPath + ".Error", "*" + sdkapi.GoSDKWireErrorPath + ".WireError":
		return true
	}
	return false
}

// Summaries is the helper summaries' oracle (summary.Oracle): what a tool result is and which
// calls build one or an *mcperr.Error. Own are the server's own result types an adapter
// converts into the SDK's, with the bool field that marks an error (razorpay's
// mcpgo.ToolResult.IsError): they are tool results too.
type Summaries struct {
	Own map[*types.TypeName]string
}

// own returns the error field of t's own result type, through one pointer.
func (o Summaries) own(t types.Type) (string, bool) {
	if len(o.Own) == 0 || t == nil {
		return "", false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return "", false
	}
	field, ok := o.Own[named.Origin().Obj()]
	return field, ok
}

// Skips reports whether pkg is an SDK or the runtime library, whose functions are not
// summarised (summary.Oracle).
func (Summaries) Skips(pkg *types.Package) bool {
	return sdkapi.KnownPackage(pkg.Path()) || sdkapi.IsRuntimePackage(pkg)
}

// IsResult reports whether t is a tool result type: the SDK's or the server's own.
func (o Summaries) IsResult(t types.Type) bool {
	if _, own := o.own(t); own {
		return true
	}
	return sdkapi.TypeAPI(t) == sdkapi.APIToolResultType
}

// ResultLiteral reads a composite literal: whether it is a tool result, and whether it is
// an error result, when that is known.
func (o Summaries) ResultLiteral(info *types.Info, lit *ast.CompositeLit) (isResult, isError, known bool) {
	if field, own := o.own(info.TypeOf(lit)); own {
		isError, known = literalIsError(info, lit, field)
		return true, isError, known
	}
	if sdkapi.TypeAPI(info.TypeOf(lit)) != sdkapi.APIToolResultType {
		return false, false, false
	}
	isError, known = literalIsError(info, lit, "IsError")
	return true, isError, known
}

// ResultConstructor reports whether callee builds tool results, and whether error ones.
func (Summaries) ResultConstructor(callee types.Object) (isError, ok bool) {
	switch sdkapi.APIOf(callee) {
	case sdkapi.APIToolResultError, sdkapi.APIToolResultErrorf, sdkapi.APIToolResultErrorFromErr:
		return true, true
	case sdkapi.APIToolResultOK:
		return false, true
	}
	return false, false
}

// ErrorBuild reads a call that builds an error: whether it is never nil and which
// arguments are its causes.
func (Summaries) ErrorBuild(info *types.Info, call *ast.CallExpr) (nonNil bool, causes []ast.Expr, ok bool) {
	b, ok := sdkapi.BuildOf(info, call)
	if !ok {
		return false, nil, false
	}
	for _, o := range b.Options {
		if c, isCall := ast.Unparen(o).(*ast.CallExpr); isCall && sdkapi.APIOf(typeutil.Callee(info, c)) == sdkapi.APIErrWithCause {
			causes = append(causes, c.Args...)
		}
	}
	return b.API == sdkapi.APIErrFactory || b.API == sdkapi.APIErrNew || b.API == sdkapi.APICallFail, causes, true
}

// literalIsError reads the IsError field of a tool result literal; known is false when it is
// not a constant.
func literalIsError(info *types.Info, lit *ast.CompositeLit, field string) (isErr, known bool) {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
			tv := info.Types[kv.Value]
			if tv.Value == nil || tv.Value.Kind() != constant.Bool {
				return false, false
			}
			return constant.BoolVal(tv.Value), true
		}
	}
	return false, true
}
