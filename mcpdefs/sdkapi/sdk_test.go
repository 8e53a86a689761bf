package sdkapi_test

import (
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// TestAPIOfTypedNil: a nil *types.Func or *types.Var inside a types.Object (what
// `fn, _ := x.(*types.Func)` gives for a call of a function value) classifies as nothing
// instead of panicking.
func TestAPIOfTypedNil(t *testing.T) {
	for _, obj := range []types.Object{nil, (*types.Func)(nil), (*types.Var)(nil), (*types.TypeName)(nil)} {
		if got := sdkapi.APIOf(obj); got != sdkapi.APINone {
			t.Errorf("APIOf(%T nil) = %v, want APINone", obj, got)
		}
	}
}

// TestReachable: the known packages among a package's transitive imports, each once however
// many paths lead to it; none for a package that reaches no known package.
func TestReachable(t *testing.T) {
	mcp := types.NewPackage(sdkapi.GoSDKMCPPath, "mcp")
	rpc := types.NewPackage(sdkapi.GoSDKJSONRPCPath, "jsonrpc")
	mid := types.NewPackage("example.com/mid", "mid")
	p := types.NewPackage("example.com/p", "p")
	mcp.SetImports([]*types.Package{rpc})
	mid.SetImports([]*types.Package{mcp})
	p.SetImports([]*types.Package{mid, mcp})
	assert.Equal(t, map[string]*types.Package{sdkapi.GoSDKMCPPath: mcp, sdkapi.GoSDKJSONRPCPath: rpc}, sdkapi.Reachable(p))
	assert.Empty(t, sdkapi.Reachable(types.NewPackage("example.com/other", "other")))
}
