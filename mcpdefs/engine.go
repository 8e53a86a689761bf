package mcpdefs

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/flow/summary"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// FlowEngine is the flow engine with recognition's knowledge of what the SDKs' and the runtime
// library's constructors return. Every rule family and recognition itself ask this one
// instance, so the SSA of a package is built once per run.
var FlowEngine = flow.New(sdkOracle{})

// sdkOracle tells the engine which functions of the known packages never return nil.
type sdkOracle struct{}

func (sdkOracle) Returns(fn *types.Func, i int) flow.Nilness {
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
	case "*" + sdkapi.GoSDKJSONRPCPath + ".Error", "*github.com/modelcontextprotocol/go-sdk/internal/jsonrpc2.WireError":
		return true
	}
	return false
}

// NewSummaries returns the analyzer that summarises the module's helpers (flow/summary) with
// recognition's knowledge of tool results and of the runtime library's error builders. Each
// call makes a new analyzer, so that no state is shared between configurations.
func NewSummaries() *analysis.Analyzer {
	return summary.New(summaryOracle{}, FlowEngine)
}

// summaryOracle tells the summaries what a tool result is and which calls build one or an
// *mcperr.Error.
type summaryOracle struct{}

func (summaryOracle) Skips(pkg *types.Package) bool {
	return sdkapi.KnownPackage(pkg.Path()) || sdkapi.IsRuntimePackage(pkg)
}

func (summaryOracle) IsResult(t types.Type) bool {
	return sdkapi.TypeAPI(t) == sdkapi.APIToolResultType
}

func (summaryOracle) ResultLiteral(info *types.Info, lit *ast.CompositeLit) (isResult, isError, known bool) {
	if sdkapi.TypeAPI(info.TypeOf(lit)) != sdkapi.APIToolResultType {
		return false, false, false
	}
	isError, known = literalIsError(info, lit)
	return true, isError, known
}

func (summaryOracle) ResultConstructor(callee types.Object) (isError, ok bool) {
	switch sdkapi.APIOf(callee) {
	case sdkapi.APIToolResultError, sdkapi.APIToolResultErrorf, sdkapi.APIToolResultErrorFromErr:
		return true, true
	case sdkapi.APIToolResultOK:
		return false, true
	}
	return false, false
}

func (summaryOracle) ErrorBuild(info *types.Info, call *ast.CallExpr) (nonNil bool, causes []ast.Expr, ok bool) {
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
func literalIsError(info *types.Info, lit *ast.CompositeLit) (isErr, known bool) {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "IsError" {
			tv := info.Types[kv.Value]
			if tv.Value == nil || tv.Value.Kind() != constant.Bool {
				return false, false
			}
			return constant.BoolVal(tv.Value), true
		}
	}
	return false, true
}
