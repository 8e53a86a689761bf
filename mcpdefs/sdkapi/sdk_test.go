package sdkapi_test

import (
	"go/types"
	"testing"

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
