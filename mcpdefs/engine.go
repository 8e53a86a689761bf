package mcpdefs

import (
	"go/types"

	"github.com/mcplint-go/mcplint/flow"
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
	switch APIOf(fn) {
	case APIToolResultError, APIToolResultErrorf, APIToolResultErrorFromErr, APIToolResultOK,
		APIResourceNotFoundError, APIProtocolErrorFunc, APIErrNew, APIErrFactory:
		return flow.NonNil
	}
	return flow.Unknown
}

// IsProtocolErrorTypeName reports whether name, a type as the flow engine names it
// (types.TypeString with full package paths), is the go-sdk's *jsonrpc.Error.
func IsProtocolErrorTypeName(name string) bool {
	switch name {
	case "*" + goSDKJSONRPC + ".Error", "*github.com/modelcontextprotocol/go-sdk/internal/jsonrpc2.WireError":
		return true
	}
	return false
}
